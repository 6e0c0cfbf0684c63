import type { MessageKey } from '@councilpay/i18n';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ResetPasswordStatus } from '@councilpay/domain';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../shared/api/client';
import { messageKeyForError } from '../../shared/api/errors';
import { useSnackbar } from '../../shared/feedback/SnackbarProvider';
import { ROUTES } from '../../shared/routing/paths';
import { PageScaffold } from '../../shared/ui/PageScaffold';
import { checkResetRequest, resetPassword } from './account-api';
import { useLoginDialog } from '../../shared/session/login-dialog';
import { PasswordField } from './PasswordField';
import { checkNewPassword, type FieldMessage } from './register-form';

/**
 * An expired request says 'Your reset password request already timeout ...', an unknown
 * or used one 'Invalid Request', any other failure to look it up 'Invalid Request 3'.
 */
export function resetRefusal(error: unknown): MessageKey {
  if (error instanceof ApiError && error.code === 'reset_timeout') return 'errors.reset_timeout';
  if (error instanceof ApiError && error.code === 'invalid_request') return 'errors.invalid_request';
  return 'errors.invalid_request_3';
}

/**
 * /reset_password?id=…: the link e-mailed by "forgot password" carries the request id (valid 24 hours).
 * The link is checked first; the new password is required and confirmed.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const resetId = (params.get('id') ?? params.get('resetId') ?? '').trim();
  const navigate = useNavigate();
  const { showMessage } = useSnackbar();
  const { openLogin, openForgotPassword } = useLoginDialog();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<Partial<Record<'password' | 'confirmPassword', FieldMessage>>>({});
  const [failure, setFailure] = useState<MessageKey | null>(null);
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState<ResetPasswordStatus | null>(null);
  const [refusal, setRefusal] = useState<MessageKey | null>(resetId ? null : 'errors.invalid_request');

  useEffect(() => {
    if (!resetId) return;
    let current = true;
    checkResetRequest(resetId).then(
      (checked) => current && setStatus(checked),
      (error: unknown) => current && setRefusal(resetRefusal(error)),
    );
    return () => {
      current = false;
    };
  }, [resetId]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = checkNewPassword(password, confirmPassword);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      await resetPassword({ resetId, password, confirmPassword });
      showMessage(t('errors.update_successful'), 'success');
      void navigate(ROUTES.home);
      openLogin();
    } catch (error) {
      setFailure(
        error instanceof ApiError && (error.code === 'reset_timeout' || error.code === 'invalid_request')
          ? resetRefusal(error)
          : messageKeyForError(error),
      );
    } finally {
      setSaving(false);
    }
  };

  const message = (error: FieldMessage | undefined, label: string) =>
    error ? t(error.key, { ...error.values, field: label }) : undefined;

  return (
    <PageScaffold page="reset_password">
      {refusal ? (
        <Alert
          severity="error"
          data-testid="reset-refused"
          action={
            <Button color="inherit" size="small" onClick={openForgotPassword}>
              {t('account.send_new_link')}
            </Button>
          }
        >
          {t(refusal)} {t('account.reset_link_unusable')}
        </Alert>
      ) : !status ? (
        <Skeleton variant="rounded" height={200} />
      ) : (
        <Paper variant="outlined" sx={{ p: { xs: 2, md: 4 }, maxWidth: 560 }}>
          <Stack component="form" noValidate spacing={2.5} onSubmit={(event) => void submit(event)}>
            <Typography>{t('account.reset_for', { email: status.email })}</Typography>
            <PasswordField
              required
              autoFocus
              fullWidth
              autoComplete="new-password"
              label={t('account.new_password')}
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              error={Boolean(errors.password)}
              helperText={message(errors.password, t('account.new_password'))}
            />
            <PasswordField
              required
              fullWidth
              autoComplete="new-password"
              label={t('account.confirm_password')}
              value={confirmPassword}
              onChange={(event) => setConfirmPassword(event.target.value)}
              error={Boolean(errors.confirmPassword)}
              helperText={message(errors.confirmPassword, t('account.confirm_password'))}
            />
            {failure && <Alert severity="error">{t(failure)}</Alert>}
            <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
              <Button type="submit" variant="contained" loading={saving}>
                {t('account.reset_button')}
              </Button>
            </Stack>
          </Stack>
        </Paper>
      )}
    </PageScaffold>
  );
}
