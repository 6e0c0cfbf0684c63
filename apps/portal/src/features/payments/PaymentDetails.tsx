import { formatDateTime, formatRinggit, type PaymentDto } from '@councilpay/domain';
import { gatewayReasonLine } from '@councilpay/i18n';
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../shared/i18n/useLanguage';
import { useCouncilName } from '../../shared/public-data/useCouncilName';
import { FieldList } from '../../shared/ui/FieldList';
import { ItemCards, useNarrowScreen } from '../../shared/ui/ItemCards';
import type { DisplayField } from '../../shared/ui/result-fields';
import { paymentMethodValue } from './payment-method';
import { isFollowed, statusTone } from './payment-status';

/** The status of a payment in words: paid, failed with the bank's reason, or still waiting. */
export function PaymentStatusBanner({ payment }: { payment: PaymentDto }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const reason = gatewayReasonLine(language, {
    method: payment.method,
    code: payment.gatewayCode,
    reason: payment.gatewayReason,
  });
  const waiting = isFollowed(payment.status);
  return (
    <Alert
      severity={statusTone(payment.status)}
      icon={waiting ? <CircularProgress size={20} aria-hidden /> : undefined}
      data-testid="payment-status"
      data-status={payment.status}
      role="status"
    >
      <strong>{t(`receipt.status_${payment.status}`)}</strong>
      {payment.status === 'failed' && reason && (
        <div data-testid="failure-reason">{t('receipt.reason', { reason })}</div>
      )}
      {waiting && <div>{t('receipt.waiting_text')}</div>}
      {payment.refundedSen > 0 && (
        <div data-testid="refund-note">
          {t(payment.status === 'refunded' ? 'receipt.refunded_whole' : 'receipt.refunded_part', {
            amount: formatRinggit(payment.refundedSen),
          })}
        </div>
      )}
    </Alert>
  );
}

/** The receipt: who paid what, how and when, and every bill with its receipt number. */
export function PaymentDetails({ payment }: { payment: PaymentDto }) {
  const { t } = useTranslation();
  const councilName = useCouncilName();
  const narrow = useNarrowScreen();
  const fields: DisplayField[] = [
    { label: 'reference', value: { text: payment.reference } },
    { label: 'invoice_no', value: { text: payment.invoiceNo } },
    // When it was paid: a refund moves finalAt, never paidAt.
    {
      label: 'payment_date',
      value: { text: formatDateTime(Date.parse(payment.paidAt ?? payment.finalAt ?? payment.createdAt)) },
    },
    { label: 'payer_name', value: { text: payment.payerName } },
    { label: 'payer_email', value: { text: payment.payerEmail } },
    { label: 'payment_method', value: paymentMethodValue(payment) },
    { label: 'payment_status', value: { key: `payment_states.${payment.status}` } },
    { label: 'amount_paid', value: { text: formatRinggit(payment.amountSen) } },
  ];
  if (payment.refundedSen > 0) {
    fields.push({
      label: 'amount_refunded',
      value: {
        key: payment.status === 'refunded' ? 'receipt.refunded_amount_whole' : 'receipt.refunded_amount_part',
        values: { amount: formatRinggit(payment.refundedSen) },
      },
    });
  }
  return (
    <Stack spacing={3}>
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        <FieldList fields={fields} />
      </Paper>
      {narrow ? (
        <ItemCards
          label={t('receipt.items')}
          items={payment.items.map((item) => ({
            key: `${item.council}:${item.type}:${item.accountNo}`,
            testId: 'receipt-item',
            title: `${councilName(item.council)} · ${t(`payment_types.${item.type}`)}`,
            lines: [
              { label: t('common.account_no'), value: item.displayNo },
              { label: t('fields.receipt_no'), value: item.receiptNo ?? '—', testId: 'receipt-no' },
            ],
            amountLabel: t('common.amount'),
            amount: formatRinggit(item.amountSen),
          }))}
        />
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label={t('receipt.items')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('common.council')}</TableCell>
                <TableCell>{t('common.payment_type')}</TableCell>
                <TableCell>{t('common.account_no')}</TableCell>
                <TableCell align="right">{t('common.amount')}</TableCell>
                <TableCell>{t('fields.receipt_no')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {payment.items.map((item) => (
                <TableRow key={`${item.council}:${item.type}:${item.accountNo}`} data-testid="receipt-item">
                  <TableCell>{councilName(item.council)}</TableCell>
                  <TableCell>{t(`payment_types.${item.type}`)}</TableCell>
                  <TableCell>{item.displayNo}</TableCell>
                  <TableCell align="right" data-testid="item-amount">
                    {formatRinggit(item.amountSen)}
                  </TableCell>
                  <TableCell data-testid="receipt-no">{item.receiptNo ?? '—'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Stack>
  );
}
