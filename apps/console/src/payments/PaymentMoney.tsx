import {
  formatDateTime,
  formatRinggit,
  type AdminGatewayAnswerRow,
  type AdminPaymentView,
  type AdminRecordRefundResult,
  type AdminRefundRow,
} from '@councilpay/domain';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import MuiTextField from '@mui/material/TextField';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { gatewayReasonLine, resolveLanguage } from '@councilpay/i18n';
import { useDataProvider, useLocaleState, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { ActionButton } from '../shared/ActionButton';
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
  const [locale] = useLocaleState();
  const language = resolveLanguage(locale);
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
            <TableCell>
              {gatewayReasonLine(language, { method: a.method, code: a.responseCode, reason: a.reason }) ?? '—'}
            </TableCell>
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

/** What a refund is: made, awaiting approval or declined; a correction of another, or corrected. */
function refundStateText(r: AdminRefundRow, translate: (key: string, options?: object) => string): string {
  return [
    translate(`console.refund_states.${r.state}`),
    r.correctsRefundId ? translate('console.refund_correction') : null,
    r.correctedByRefundId ? translate('console.refund_corrected_by') : null,
    r.declineReason,
  ]
    .filter(Boolean)
    .join(' · ');
}

/**
 * The money given back, oldest first: each refund with its state, who recorded and who decided it, and what the
 * signed-in officer may do with it (the API says; it checks again when they do).
 */
export function Refunds() {
  const payment = useRecordContext<AdminPaymentView>();
  const translate = useTranslate();
  const { refunds } = useMoneyRecords(payment?.reference);
  const rows: AdminRefundRow[] = refunds.data ?? [];
  if (!refunds.data || !payment) return null;
  if (rows.length === 0) return <Empty text="console.no_refunds" />;
  return (
    <Table size="small" data-testid="refunds">
      <TableHead>
        <TableRow>
          {[
            'refundedAt',
            'amountSen',
            'state',
            'reason',
            'staffEmail',
            'decidedByEmail',
            'gatewayReference',
            'actions',
          ].map((f) => (
            <TableCell key={f}>{translate(`console.refund_fields.${f}`)}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((r) => (
          <TableRow key={r.id} data-testid="refund" data-state={r.state} data-refund-id={r.id}>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(new Date(r.refundedAt))}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }} data-testid="refund-amount">
              {r.correctsRefundId ? formatRinggit(-r.amountSen) : formatRinggit(r.amountSen)}
            </TableCell>
            <TableCell data-testid="refund-state">{refundStateText(r, translate)}</TableCell>
            <TableCell>{r.reason}</TableCell>
            <TableCell>{r.staffEmail}</TableCell>
            <TableCell>{r.decidedByEmail ?? '—'}</TableCell>
            <TableCell>{r.gatewayReference ?? '—'}</TableCell>
            <TableCell>
              <RefundRowActions payment={payment} refund={r} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

type RefundAction = 'approve' | 'decline' | 'correct';

/** Approve, decline or correct a refund, each after a confirmation that says what it does. */
function RefundRowActions({ payment, refund }: { payment: AdminPaymentView; refund: AdminRefundRow }) {
  const [action, setAction] = useState<RefundAction | null>(null);
  const offered: RefundAction[] = [
    ...(refund.mayApprove ? (['approve'] as const) : []),
    ...(refund.mayDecline ? (['decline'] as const) : []),
    ...(refund.mayCorrect ? (['correct'] as const) : []),
  ];
  if (offered.length === 0) return null;
  return (
    <Stack direction="row" spacing={1}>
      {offered.map((a) => (
        <ActionButton
          key={a}
          label={`console.refund_actions.${a}`}
          onClick={() => setAction(a)}
          data-testid={`refund-${a}`}
        />
      ))}
      {action && (
        <RefundActionDialog payment={payment} refund={refund} action={action} onClose={() => setAction(null)} />
      )}
    </Stack>
  );
}

function RefundActionDialog({
  payment,
  refund,
  action,
  onClose,
}: {
  payment: AdminPaymentView;
  refund: AdminRefundRow;
  action: RefundAction;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const needsReason = action !== 'approve';
  const reasonError = needsReason && reason.trim() === '' ? translate('console.refund_actions.reason_required') : null;
  const amount = formatRinggit(refund.amountSen);
  const onConfirm = async () => {
    setSubmitted(true);
    if (reasonError) return;
    setBusy(true);
    try {
      const done: Record<RefundAction, () => Promise<AdminRecordRefundResult>> = {
        approve: () => dataProvider.approveRefund(payment.reference, refund.id),
        decline: () => dataProvider.declineRefund(payment.reference, refund.id, reason.trim()),
        correct: () => dataProvider.correctRefund(payment.reference, refund.id, reason.trim()),
      };
      await done[action]();
      const notice = { approve: 'approved', decline: 'declined', correct: 'corrected' }[action];
      notify(`console.refund_actions.${notice}`, { type: 'success', messageArgs: { amount } });
      await queryClient.invalidateQueries({ queryKey: ['payments'] });
      refresh();
      onClose();
    } catch (error) {
      notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const titleId = `refund-${action}-title`;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{translate(`console.refund_actions.${action}_title`)}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <DialogContentText>
          {translate(`console.refund_actions.${action}_text`, { amount, staff: refund.staffEmail })}
        </DialogContentText>
        {needsReason && (
          <MuiTextField
            variant="outlined"
            label={translate(`console.refund_actions.${action === 'decline' ? 'decline' : 'correct'}_reason`)}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            error={submitted && reasonError !== null}
            helperText={submitted ? reasonError : undefined}
            slotProps={{ htmlInput: { maxLength: 400 } }}
            required
          />
        )}
      </DialogContent>
      <DialogActions>
        <ActionButton label="ra.action.cancel" onClick={onClose} />
        <ActionButton
          label={`console.refund_actions.${action}`}
          onClick={onConfirm}
          disabled={busy}
          variant="contained"
          data-testid={`refund-${action}-confirm`}
        />
      </DialogActions>
    </Dialog>
  );
}
