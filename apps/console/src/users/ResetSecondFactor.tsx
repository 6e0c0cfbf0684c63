import LockResetIcon from '@mui/icons-material/LockReset';
import { Chip, Stack } from '@mui/material';
import { useState } from 'react';
import { Confirm, Labeled, useDataProvider, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { isStaffMember } from '@councilpay/domain';
import type { ConsoleDataProvider, UserRecord } from '../dataProvider';
import { ActionButton } from '../shared/ActionButton';

/**
 * A staff member's second factor: on or off, and (`_admin`, after a confirmation) "reset": it is turned off,
 * audited, and they set it up again at their next sign-in (a lost or replaced phone). Payers have none.
 */
export function SecondFactorField() {
  const record = useRecordContext<UserRecord>();
  const translate = useTranslate();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!record || !isStaffMember(record)) return null;
  const reset = async () => {
    setBusy(true);
    try {
      await dataProvider.resetSecondFactor(String(record.id));
      notify('console.second_factor.reset_done', { type: 'success', messageArgs: { email: record.email } });
      refresh();
    } catch (error) {
      notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' });
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };
  return (
    <Labeled label="console.second_factor.field">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Chip
          data-testid="second-factor-status"
          label={translate(record.secondFactorEnabled ? 'console.second_factor.on' : 'console.second_factor.off')}
          color={record.secondFactorEnabled ? 'success' : 'default'}
          size="small"
        />
        <ActionButton
          label="console.second_factor.reset"
          startIcon={<LockResetIcon />}
          onClick={() => setConfirming(true)}
          disabled={busy}
        />
        <Confirm
          isOpen={confirming}
          loading={busy}
          title="console.second_factor.reset_title"
          content="console.second_factor.reset_confirm"
          titleTranslateOptions={{ email: record.email }}
          contentTranslateOptions={{ email: record.email }}
          confirm="console.second_factor.reset"
          onConfirm={reset}
          onClose={() => setConfirming(false)}
        />
      </Stack>
    </Labeled>
  );
}
