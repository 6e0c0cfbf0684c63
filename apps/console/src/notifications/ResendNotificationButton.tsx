import type { AdminNotificationRow } from '@councilpay/domain';
import ReplayIcon from '@mui/icons-material/Replay';
import { useState } from 'react';
import { useDataProvider, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { useMay } from '../access';
import { ActionButton } from '../shared/ActionButton';
import type { ConsoleDataProvider } from '../dataProvider';

/** Sends one message again (not while it is being sent). */
export function ResendNotificationButton() {
  const message = useRecordContext<AdminNotificationRow>();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const may = useMay('notifications', 'resend', message?.councils ?? [], true);
  if (!message || !may || message.status === 'sending') return null;
  const onClick = async (event: React.MouseEvent) => {
    event.stopPropagation();
    setBusy(true);
    try {
      const result = await dataProvider.resendNotification(message.id);
      notify('console.resend_done', { type: 'success', messageArgs: { recipient: result.recipient } });
    } catch (error) {
      notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' });
    } finally {
      setBusy(false);
      refresh();
    }
  };
  return <ActionButton label="console.resend" onClick={onClick} disabled={busy} startIcon={<ReplayIcon />} />;
}
