import type { AdminPaymentActionResult, AdminPaymentView, NotificationChannel } from '@councilpay/domain';
import EmailIcon from '@mui/icons-material/Email';
import SmsIcon from '@mui/icons-material/Sms';
import SyncIcon from '@mui/icons-material/Sync';
import { useState } from 'react';
import { TopToolbar, useDataProvider, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { useMay } from '../access';
import { ActionButton } from '../shared/ActionButton';
import type { ConsoleDataProvider } from '../dataProvider';
import { RecordRefundButton } from './RefundDialog';

/** Outcomes a payer can be told again. */
const TOLD = new Set(['paid', 'failed', 'expired']);

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : 'ra.notification.http_error';
}

/** Asks the bank now; says what came of it and shows the payment afresh (status, timeline, audit). */
export function RequeryButton() {
  const payment = useRecordContext<AdminPaymentView>();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const [busy, setBusy] = useState(false);
  const may = useMay('payments', 'requery', payment?.councils ?? [], true);
  if (!payment || !may) return null;
  const onClick = async () => {
    setBusy(true);
    try {
      const result: AdminPaymentActionResult = await dataProvider.requery(payment.reference);
      const status = translate(`payment_states.${result.to ?? payment.status}`);
      notify(result.outcome === 'move' ? 'console.requery_moved' : 'console.requery_unchanged', {
        type: result.outcome === 'move' ? 'success' : 'info',
        messageArgs: { status },
      });
    } catch (error) {
      notify(errorMessage(error), { type: 'error' });
    } finally {
      setBusy(false);
      refresh();
    }
  };
  return <ActionButton label="console.requery" onClick={onClick} disabled={busy} startIcon={<SyncIcon />} />;
}

/** Queues the outcome message again, by email or SMS. */
export function ResendOutcomeButton({ channel }: { channel: NotificationChannel }) {
  const payment = useRecordContext<AdminPaymentView>();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const may = useMay('payments', 'resend', payment?.councils ?? [], true);
  if (!payment || !may || !TOLD.has(payment.status)) return null;
  const onClick = async () => {
    setBusy(true);
    try {
      const result = await dataProvider.resendOutcome(payment.reference, channel);
      notify('console.resend_done', { type: 'success', messageArgs: { recipient: result.recipient } });
    } catch (error) {
      notify(errorMessage(error), { type: 'error' });
    } finally {
      setBusy(false);
      refresh();
    }
  };
  return (
    <ActionButton
      label={channel === 'email' ? 'console.resend_email' : 'console.resend_sms'}
      onClick={onClick}
      disabled={busy}
      startIcon={channel === 'email' ? <EmailIcon /> : <SmsIcon />}
    />
  );
}

export function PaymentShowActions() {
  return (
    <TopToolbar sx={{ flexWrap: 'wrap', justifyContent: 'flex-end' }}>
      <RequeryButton />
      <ResendOutcomeButton channel="email" />
      <ResendOutcomeButton channel="sms" />
      <RecordRefundButton />
    </TopToolbar>
  );
}
