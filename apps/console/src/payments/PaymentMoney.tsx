import {
  formatDateTime,
  formatRinggit,
  tryParseRinggit,
  type AdminGatewayAnswerRow,
  type AdminPaymentView,
  type AdminRefundRow,
} from '@councilpay/domain';
import UndoIcon from '@mui/icons-material/Undo';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import MuiTextField from '@mui/material/TextField';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  Button,
  useDataProvider,
  useNotify,
  usePermissions,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { isSystemAdmin, type StaffPermissions } from '../access';
import type { ConsoleDataProvider } from '../dataProvider';

function useMoneyRecords(reference: string | undefined) {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const answers = useQuery({
    queryKey: ['payments', 'gateway-answers', reference],
    queryFn: ({ signal }) => dataProvider.getGatewayAnswers(reference as string, signal),
    enabled: Boolean(reference),
  });
  const refunds = useQuery({
    queryKey: ['payments', 'refunds', reference],
    queryFn: ({ signal }) => dataProvider.getRefunds(reference as string, signal),
    enabled: Boolean(reference),
  });
  return { answers, refunds };
}

function Empty({ text }: { text: string }) {
  const translate = useTranslate();
  return (
    <Typography variant="body2" color="text.secondary">
      {translate(text)}
    </Typography>
  );
}

/** Every answer the gateway gave about the payment, as received (the signed message whole), and what we made of it. */
export function GatewayAnswers() {
  const payment = useRecordContext<AdminPaymentView>();
  const translate = useTranslate();
  const { answers } = useMoneyRecords(payment?.reference);
  const rows: AdminGatewayAnswerRow[] = answers.data ?? [];
  if (!answers.data) return null;
  if (rows.length === 0) return <Empty text="console.no_gateway_answers" />;
  const t = (group: string, value: string) => translate(`console.${group}.${value}`, { _: value });
  return (
    <Table size="small" data-testid="gateway-answers">
      <TableHead>
        <TableRow>
          {[
            'receivedAt',
            'source',
            'outcome',
            'responseCode',
            'amountSen',
            'gatewayTxnId',
            'verdict',
            'rawMessage',
          ].map((f) => (
            <TableCell key={f}>{translate(`console.answer_fields.${f}`)}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((a) => (
          <TableRow key={a.id} data-testid="gateway-answer" data-verdict={a.verdict} data-outcome={a.outcome}>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(new Date(a.receivedAt))}</TableCell>
            <TableCell>{t('answer_sources', a.source)}</TableCell>
            <TableCell>{t('answer_outcomes', a.outcome)}</TableCell>
            <TableCell>{a.responseCode}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              {a.amountSen === null ? '—' : formatRinggit(a.amountSen)}
            </TableCell>
            <TableCell>{a.gatewayTxnId ?? '—'}</TableCell>
            <TableCell>{t('verdicts', a.verdict)}</TableCell>
            <TableCell>
              <details>
                <summary>{translate('console.answer_fields.rawMessage')}</summary>
                <code style={{ wordBreak: 'break-all', fontSize: 12 }}>{a.rawMessage}</code>
              </details>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The money given back, oldest first. */
export function Refunds() {
  const payment = useRecordContext<AdminPaymentView>();
  const translate = useTranslate();
  const { refunds } = useMoneyRecords(payment?.reference);
  const rows: AdminRefundRow[] = refunds.data ?? [];
  if (!refunds.data) return null;
  if (rows.length === 0) return <Empty text="console.no_refunds" />;
  return (
    <Table size="small" data-testid="refunds">
      <TableHead>
        <TableRow>
          {['refundedAt', 'amountSen', 'reason', 'staffEmail', 'gatewayReference'].map((f) => (
            <TableCell key={f}>{translate(`console.refund_fields.${f}`)}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((r) => (
          <TableRow key={r.id} data-testid="refund">
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(new Date(r.refundedAt))}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }} data-testid="refund-amount">
              {formatRinggit(r.amountSen)}
            </TableCell>
            <TableCell>{r.reason}</TableCell>
            <TableCell>{r.staffEmail}</TableCell>
            <TableCell>{r.gatewayReference ?? '—'}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The API lets `_admin`, or a council admin of every council of the payment, record a refund of a paid one. */
export function mayRecordRefund(permissions: StaffPermissions | undefined, payment: AdminPaymentView): boolean {
  if (payment.status !== 'paid') return false;
  if (isSystemAdmin(permissions)) return true;
  const mine = permissions?.councils ?? [];
  return (permissions?.roles.includes('council_admin') ?? false) && payment.councils.every((c) => mine.includes(c));
}

/**
 * "Record refund": an item, an amount in RM (read into sen by the shared money rules, never as a float) at most
 * what is left of that item, whether the bill's credit is reversed, and a reason. The API checks it all again and
 * audits it; its refusals are shown translated.
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
        <Button label="console.record_refund" onClick={() => setOpen(true)} startIcon={<UndoIcon />} />
      )}
      {open && <RefundDialog payment={payment} onClose={() => setOpen(false)} />}
    </>
  );
}

function RefundDialog({ payment, onClose }: { payment: AdminPaymentView; onClose: () => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const items = payment.refundItems.filter((i) => i.amountSen > i.refundedSen);
  const [itemId, setItemId] = useState(items[0]?.id ?? '');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [gatewayReference, setGatewayReference] = useState('');
  const [reverseCredit, setReverseCredit] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const item = items.find((i) => i.id === itemId);
  const left = item ? item.amountSen - item.refundedSen : 0;
  const sen = tryParseRinggit(amount);
  const amountError =
    sen === null || sen <= 0
      ? translate('console.refund_dialog.invalid_amount')
      : sen > left
        ? translate('console.refund_dialog.too_much', { amount: formatRinggit(left) })
        : null;
  const reasonError = reason.trim() === '' ? translate('console.refund_dialog.reason_required') : null;

  const onSave = async () => {
    setSubmitted(true);
    if (amountError || reasonError || !item || sen === null) return;
    setBusy(true);
    try {
      await dataProvider.recordRefund(payment.reference, {
        reason: reason.trim(),
        ...(gatewayReference.trim() ? { gatewayReference: gatewayReference.trim() } : {}),
        items: [{ itemId: item.id, amountSen: sen, reverseCredit }],
      });
      notify('console.refund_dialog.done', { type: 'success', messageArgs: { amount: formatRinggit(sen) } });
      await queryClient.invalidateQueries({ queryKey: ['payments'] });
      refresh();
      onClose();
    } catch (error) {
      notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="refund-dialog-title">
      <DialogTitle id="refund-dialog-title">{translate('console.refund_dialog.title')}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
        <MuiTextField
          select
          label={translate('console.refund_dialog.item')}
          value={itemId}
          onChange={(e) => setItemId(e.target.value)}
          helperText={translate('console.refund_dialog.remaining', { amount: formatRinggit(left) })}
        >
          {items.map((i) => (
            <MenuItem key={i.id} value={i.id}>
              {i.council} · {i.accountNo} · {formatRinggit(i.amountSen)}
            </MenuItem>
          ))}
        </MuiTextField>
        <MuiTextField
          label={translate('console.refund_dialog.amount')}
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          error={submitted && amountError !== null}
          helperText={submitted ? amountError : undefined}
          required
        />
        <FormControlLabel
          control={<Checkbox checked={reverseCredit} onChange={(e) => setReverseCredit(e.target.checked)} />}
          label={translate('console.refund_dialog.reverse_credit')}
        />
        <MuiTextField
          label={translate('console.refund_dialog.reason')}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          error={submitted && reasonError !== null}
          helperText={submitted ? reasonError : undefined}
          slotProps={{ htmlInput: { maxLength: 400 } }}
          required
        />
        <MuiTextField
          label={translate('console.refund_dialog.gateway_reference')}
          value={gatewayReference}
          onChange={(e) => setGatewayReference(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
      </DialogContent>
      <DialogActions>
        <Button label="ra.action.cancel" onClick={onClose} />
        <Button label="ra.action.save" onClick={onSave} disabled={busy} variant="contained" />
      </DialogActions>
    </Dialog>
  );
}
