import {
  formatAmount,
  formatDate,
  formatDateTime,
  formatRinggit,
  malaysiaDay,
  resolveRefundDate,
  tryParseRinggit,
  type AdminPaymentView,
  type AdminRecordRefundRequest,
  type AdminRefundPreview,
  type ApiErrorBody,
} from '@councilpay/domain';
import UndoIcon from '@mui/icons-material/Undo';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MuiTextField from '@mui/material/TextField';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  HttpError,
  useDataProvider,
  useNotify,
  usePermissions,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { ActionButton } from '../shared/ActionButton';
import { usePhone } from '../shared/usePhone';
import { canAccess, type StaffPermissions } from '../access';
import type { ConsoleDataProvider } from '../dataProvider';

/** The API lets `_admin`, or staff who may record refunds in every council of the payment, refund a paid one. */
export function mayRecordRefund(permissions: StaffPermissions | undefined, payment: AdminPaymentView): boolean {
  return payment.status === 'paid' && canAccess(permissions, 'payments', 'refund', payment.councils);
}

/**
 * "Record refund": the items and how much of each (or everything left, in one action), per item whether the
 * bill's credit is reversed, the refund date, a reason and the transfer reference; then a confirmation step with
 * what the API says it would do (each bill's balance before and after, whether a second officer must approve).
 * Amounts are read into sen by the shared money rules, never as floats, and dates by the shared refund date
 * rule; the API checks it all again and audits it. Its refusals are shown translated.
 */
export function RecordRefundButton() {
  const payment = useRecordContext<AdminPaymentView>();
  const { permissions } = usePermissions<StaffPermissions>();
  const [open, setOpen] = useState(false);
  if (!payment) return null;
  // An open dialog stays open while the permissions or the record are fetched again.
  return (
    <>
      {mayRecordRefund(permissions, payment) && (
        <ActionButton label="console.record_refund" onClick={() => setOpen(true)} startIcon={<UndoIcon />} />
      )}
      {open && <RefundDialog payment={payment} onClose={() => setOpen(false)} />}
    </>
  );
}

interface ItemLine {
  id: string;
  council: string;
  accountNo: string;
  amountSen: number;
  leftSen: number;
  credited: boolean;
  text: string;
  sen: number;
  error: string | null;
}

/** The field an API refusal names (400 with `errors`), if any. */
function refusedField(error: unknown): string | null {
  if (!(error instanceof HttpError)) return null;
  const body = error.body as ApiErrorBody | undefined;
  return body?.errors?.[0]?.field ?? null;
}

function RefundDialog({ payment, onClose }: { payment: AdminPaymentView; onClose: () => void }) {
  const translate = useTranslate();
  const phone = usePhone();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const [amounts, setAmounts] = useState<Record<string, string>>({});
  const [reverse, setReverse] = useState<Record<string, boolean>>({});
  const [day, setDay] = useState('');
  const [reason, setReason] = useState('');
  const [gatewayReference, setGatewayReference] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [apiDateError, setApiDateError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<{ preview: AdminRefundPreview; request: AdminRecordRefundRequest }>();

  const paidAt = new Date(payment.paidAt ?? payment.finalAt ?? payment.createdAt);
  const earliest = malaysiaDay(0, paidAt);
  const latest = malaysiaDay(0);
  const lines: ItemLine[] = payment.refundItems
    .map((i) => ({ ...i, leftSen: i.amountSen - i.refundedSen - i.awaitingSen }))
    .filter((i) => i.leftSen > 0)
    .map((i) => {
      const text = amounts[i.id] ?? '';
      const parsed = text.trim() === '' ? 0 : tryParseRinggit(text);
      const error =
        parsed === null || parsed < 0 || (text.trim() !== '' && parsed === 0)
          ? translate('console.refund_dialog.invalid_amount')
          : parsed > i.leftSen
            ? translate('console.refund_dialog.too_much', { amount: formatRinggit(i.leftSen) })
            : null;
      return { ...i, text, sen: parsed ?? 0, error };
    });
  const chosen = lines.filter((l) => l.sen > 0 && !l.error);
  const nothingChosen = lines.every((l) => l.text.trim() === '');
  const date = day === '' ? null : resolveRefundDate(day, paidAt, new Date());
  const dateError =
    day === ''
      ? translate('console.refund_dialog.date_required')
      : date && !date.ok
        ? translate(`console.errors.${date.code}`)
        : apiDateError;
  const reasonError = reason.trim() === '' ? translate('console.refund_dialog.reason_required') : null;

  const everything = () => {
    setAmounts(Object.fromEntries(lines.map((l) => [l.id, formatAmount(l.leftSen)])));
  };

  const onContinue = async () => {
    setSubmitted(true);
    if (nothingChosen || lines.some((l) => l.error) || dateError || reasonError) return;
    const request: AdminRecordRefundRequest = {
      reason: reason.trim(),
      refundedAt: day,
      ...(gatewayReference.trim() ? { gatewayReference: gatewayReference.trim() } : {}),
      items: chosen.map((l) => ({ itemId: l.id, amountSen: l.sen, reverseCredit: reverse[l.id] ?? false })),
    };
    setBusy(true);
    try {
      setConfirming({ preview: await dataProvider.previewRefund(payment.reference, request), request });
    } catch (error) {
      if (refusedField(error) === 'refundedAt' && error instanceof Error) setApiDateError(translate(error.message));
      else notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const onConfirm = async () => {
    if (!confirming) return;
    setBusy(true);
    try {
      const result = await dataProvider.recordRefund(payment.reference, confirming.request);
      notify(
        result.refund.state === 'awaiting_approval'
          ? 'console.refund_dialog.awaiting_done'
          : 'console.refund_dialog.done',
        { type: 'success', messageArgs: { amount: formatRinggit(result.refund.amountSen) } },
      );
      await queryClient.invalidateQueries({ queryKey: ['payments'] });
      refresh();
      onClose();
    } catch (error) {
      notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' });
      setConfirming(undefined);
    } finally {
      setBusy(false);
    }
  };

  if (confirming) {
    return (
      <RefundConfirmation
        payment={payment}
        preview={confirming.preview}
        busy={busy}
        onBack={() => setConfirming(undefined)}
        onConfirm={onConfirm}
        onClose={onClose}
      />
    );
  }
  return (
    <Dialog open onClose={onClose} fullWidth fullScreen={phone} maxWidth="md" aria-labelledby="refund-dialog-title">
      <DialogTitle id="refund-dialog-title">{translate('console.refund_dialog.title')}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
        <Box>
          <ActionButton
            label="console.refund_dialog.refund_everything"
            onClick={everything}
            variant="outlined"
            data-testid="refund-everything"
          />
        </Box>
        {lines.map((l) => (
          <Box
            key={l.id}
            data-testid="refund-item"
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}
          >
            <MuiTextField
              variant="outlined"
              label={`${translate('console.refund_dialog.amount')} · ${l.council} · ${l.accountNo}`}
              value={l.text}
              onChange={(e) => setAmounts({ ...amounts, [l.id]: e.target.value })}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              error={submitted && l.error !== null}
              helperText={
                submitted && l.error
                  ? l.error
                  : translate('console.refund_dialog.remaining', { amount: formatRinggit(l.leftSen) })
              }
              sx={{ minWidth: 300 }}
            />
            <FormControlLabel
              control={
                <Checkbox
                  checked={reverse[l.id] ?? false}
                  disabled={!l.credited}
                  onChange={(e) => setReverse({ ...reverse, [l.id]: e.target.checked })}
                />
              }
              label={
                l.credited
                  ? translate('console.refund_dialog.reverse_credit')
                  : translate('console.refund_dialog.not_credited')
              }
            />
          </Box>
        ))}
        {submitted && nothingChosen && (
          <Typography color="error" variant="body2" role="alert">
            {translate('console.refund_dialog.nothing_chosen')}
          </Typography>
        )}
        <MuiTextField
          variant="outlined"
          type="date"
          label={translate('console.refund_dialog.refunded_at')}
          value={day}
          onChange={(e) => {
            setDay(e.target.value);
            setApiDateError(null);
          }}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: earliest, max: latest } }}
          error={submitted && dateError !== null}
          helperText={
            submitted && dateError
              ? dateError
              : translate('console.refund_dialog.refunded_at_help', {
                  earliest: formatDate(new Date(`${earliest}T12:00:00+08:00`)),
                  latest: formatDate(new Date(`${latest}T12:00:00+08:00`)),
                })
          }
          required
        />
        <MuiTextField
          variant="outlined"
          label={translate('console.refund_dialog.reason')}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          error={submitted && reasonError !== null}
          helperText={submitted ? reasonError : undefined}
          slotProps={{ htmlInput: { maxLength: 400 } }}
          required
        />
        <MuiTextField
          variant="outlined"
          label={translate('console.refund_dialog.gateway_reference')}
          value={gatewayReference}
          onChange={(e) => setGatewayReference(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
      </DialogContent>
      <DialogActions>
        <ActionButton label="ra.action.cancel" onClick={onClose} />
        <ActionButton
          label="console.refund_dialog.continue"
          onClick={onContinue}
          disabled={busy}
          variant="contained"
          data-testid="refund-continue"
        />
      </DialogActions>
    </Dialog>
  );
}

/** The confirmation step: the payment, each item with what happens to its bill, the amount, and the approval. */
function RefundConfirmation({
  payment,
  preview,
  busy,
  onBack,
  onConfirm,
  onClose,
}: {
  payment: AdminPaymentView;
  preview: AdminRefundPreview;
  busy: boolean;
  onBack: () => void;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const phone = usePhone();
  const t = (key: string, options?: object) => translate(`console.refund_dialog.${key}`, options);
  const summary: [string, string][] = [
    [t('payment'), `${payment.reference} · ${payment.payerName}`],
    [t('paid_at'), preview.paidAt ? formatDateTime(new Date(preview.paidAt)) : '—'],
    [t('payment_amount'), formatRinggit(preview.paymentAmountSen)],
    [t('refunded_at'), formatDate(new Date(preview.refundedAt))],
  ];
  return (
    <Dialog open onClose={onClose} fullWidth fullScreen={phone} maxWidth="md" aria-labelledby="refund-confirm-title">
      <DialogTitle id="refund-confirm-title">{t('confirm_title')}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }} data-testid="refund-confirmation">
        <Box
          component="dl"
          sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5 }}
        >
          {summary.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {label}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('item')}</TableCell>
              <TableCell align="right">{t('total')}</TableCell>
              <TableCell>{t('credit')}</TableCell>
              <TableCell>{t('balance')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {preview.items.map((i) => (
              <TableRow key={i.itemId} data-testid="refund-confirm-item">
                <TableCell>
                  {i.council} · {i.accountNo}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {formatRinggit(i.amountSen)}
                </TableCell>
                <TableCell>
                  {i.creditReversedSen > 0
                    ? t('credit_reversed', { amount: formatRinggit(i.creditReversedSen) })
                    : t('credit_kept')}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }} data-testid="refund-confirm-balance">
                  {formatRinggit(i.balanceBeforeSen)} → {formatRinggit(i.balanceAfterSen)}
                </TableCell>
              </TableRow>
            ))}
            <TableRow>
              <TableCell component="th" scope="row">
                {t('total')}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }} data-testid="refund-confirm-total">
                {formatRinggit(preview.amountSen)}
              </TableCell>
              <TableCell colSpan={2} />
            </TableRow>
          </TableBody>
        </Table>
        <Typography variant="body2">
          {t('left_after', { amount: formatRinggit(preview.refundableAfterSen) })}
        </Typography>
        {preview.needsApproval ? (
          <Alert severity="warning" data-testid="refund-needs-approval">
            {t('needs_approval', { limit: formatRinggit(preview.approvalAboveSen) })}
          </Alert>
        ) : (
          preview.statusAfter === 'refunded' && <Alert severity="info">{t('becomes_refunded')}</Alert>
        )}
      </DialogContent>
      <DialogActions>
        <ActionButton label="console.refund_dialog.back" onClick={onBack} />
        <ActionButton
          label={preview.needsApproval ? 'console.refund_dialog.confirm_for_approval' : 'console.refund_dialog.confirm'}
          onClick={onConfirm}
          disabled={busy}
          variant="contained"
          data-testid="refund-confirm"
        />
      </DialogActions>
    </Dialog>
  );
}
