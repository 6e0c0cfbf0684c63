import { formatPhone, type FieldErrorDto } from '@councilpay/domain';
import type { MessageKey } from '@councilpay/i18n';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../shared/api/client';
import { messageKeyForError } from '../../shared/api/errors';
import { useSnackbar } from '../../shared/feedback/SnackbarProvider';
import { isKnownMessageKey } from '../../shared/i18n/i18n';
import { useLanguage } from '../../shared/i18n/useLanguage';
import { ROUTES } from '../../shared/routing/paths';
import { PageScaffold } from '../../shared/ui/PageScaffold';
import { register, resendCode, verifyRegistration } from './account-api';
import { useLoginDialog } from '../../shared/session/login-dialog';
import { PasswordField } from './PasswordField';
import {
  checkRegistration,
  EMPTY_REGISTRATION,
  registrationRequest,
  VERIFICATION_CODE,
  type FieldMessage,
  type RegisterErrors,
  type RegisterField,
  type RegisterValues,
} from './register-form';
import { useSession } from '../../shared/session/SessionProvider';

const FIELDS: readonly RegisterField[] = ['fullName', 'email', 'nric', 'phone', 'password', 'confirmPassword'];

/** The API's field errors (validation_failed) as the form's messages. */
function apiFieldErrors(errors: readonly FieldErrorDto[]): RegisterErrors {
  const mapped: RegisterErrors = {};
  for (const error of errors) {
    const field = FIELDS.find((name) => name === error.field);
    const key = `validation.${error.code}`;
    if (field && !mapped[field]) mapped[field] = { key: isKnownMessageKey(key) ? key : 'validation.invalid' };
  }
  return mapped;
}

/**
 * /form: registration. Step 1 sends the details and the API texts a 6-digit code to
 * the phone; step 2 takes the code, creates the account and signs the person in.
 */
export function RegisterPage() {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const navigate = useNavigate();
  const { showMessage } = useSnackbar();
  const { signedIn } = useSession();
  const { openLogin } = useLoginDialog();
  const [values, setValues] = useState<RegisterValues>(EMPTY_REGISTRATION);
  const [errors, setErrors] = useState<RegisterErrors>({});
  const [failure, setFailure] = useState<MessageKey | null>(null);
  const [busy, setBusy] = useState(false);
  const [verification, setVerification] = useState<{ id: string; phone: string } | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<MessageKey | null>(null);

  const message = (error: FieldMessage | undefined, label: string) =>
    error ? t(error.key, { ...error.values, field: label }) : undefined;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = checkRegistration(values);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const started = await register({ ...registrationRequest(values), language });
      setVerification({ id: started.verificationId, phone: started.phone });
      showMessage(t('errors.sms_sent'), 'success');
    } catch (error) {
      if (error instanceof ApiError && error.code === 'validation_failed') setErrors(apiFieldErrors(error.fieldErrors));
      setFailure(messageKeyForError(error));
    } finally {
      setBusy(false);
    }
  };

  const verify = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const clean = code.replace(/\s+/g, '');
    if (!VERIFICATION_CODE.test(clean)) {
      setCodeError(clean ? 'errors.invalid_code' : 'validation.field_required');
      return;
    }
    if (!verification) return;
    setCodeError(null);
    setBusy(true);
    try {
      const user = await verifyRegistration(verification.id, clean);
      signedIn(user);
      showMessage(t('account.registered'), 'success');
      void navigate(ROUTES.home);
    } catch (error) {
      setCodeError(messageKeyForError(error));
    } finally {
      setBusy(false);
    }
  };

  const resend = async () => {
    if (!verification) return;
    setBusy(true);
    try {
      await resendCode(verification.id);
      showMessage(t('errors.sms_sent'), 'success');
    } catch (error) {
      setCodeError(messageKeyForError(error));
    } finally {
      setBusy(false);
    }
  };

  const field = (name: RegisterField, label: string, extra: object = {}) => (
    <TextField
      required
      fullWidth
      name={name}
      label={label}
      value={values[name]}
      onChange={(event) => setValues((previous) => ({ ...previous, [name]: event.target.value }))}
      error={Boolean(errors[name])}
      helperText={message(errors[name], label)}
      {...extra}
    />
  );

  return (
    <PageScaffold page="form">
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 4 }, maxWidth: 720 }}>
        {!verification ? (
          <Stack
            component="form"
            noValidate
            spacing={2.5}
            onSubmit={(event) => void submit(event)}
            data-testid="register-form"
          >
            {field('fullName', t('common.full_name'), {
              autoComplete: 'name',
              slotProps: { htmlInput: { maxLength: 100 } },
            })}
            {field('email', t('common.email'), {
              type: 'email',
              autoComplete: 'email',
              helperText: message(errors.email, t('common.email')) ?? t('account.email_hint'),
            })}
            {field('nric', t('account.nric'), {
              helperText: message(errors.nric, t('account.nric')) ?? t('account.nric_hint'),
              slotProps: { htmlInput: { inputMode: 'numeric', maxLength: 14 } },
            })}
            {field('phone', t('common.phone'), {
              type: 'tel',
              autoComplete: 'tel',
              helperText: message(errors.phone, t('common.phone')) ?? t('account.phone_hint'),
            })}
            <PasswordField
              required
              fullWidth
              name="password"
              autoComplete="new-password"
              label={t('common.password')}
              value={values.password}
              onChange={(event) => setValues((previous) => ({ ...previous, password: event.target.value }))}
              error={Boolean(errors.password)}
              helperText={message(errors.password, t('common.password'))}
            />
            <PasswordField
              required
              fullWidth
              name="confirmPassword"
              autoComplete="new-password"
              label={t('account.confirm_password')}
              value={values.confirmPassword}
              onChange={(event) => setValues((previous) => ({ ...previous, confirmPassword: event.target.value }))}
              error={Boolean(errors.confirmPassword)}
              helperText={message(errors.confirmPassword, t('account.confirm_password'))}
            />
            {failure && (
              <Alert severity="error" data-testid="register-error">
                {t(failure)}
              </Alert>
            )}
            <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between' }}>
              <Button onClick={openLogin}>{t('account.have_account')}</Button>
              <Button type="submit" variant="contained" size="large" loading={busy}>
                {t('account.register_button')}
              </Button>
            </Stack>
          </Stack>
        ) : (
          <Stack
            component="form"
            noValidate
            spacing={2.5}
            onSubmit={(event) => void verify(event)}
            data-testid="verify-form"
          >
            <Typography variant="h6" component="h2">
              {t('account.verify_title')}
            </Typography>
            <Typography>{t('account.verify_text', { phone: formatPhone(verification.phone) })}</Typography>
            <TextField
              required
              autoFocus
              name="code"
              label={t('account.code')}
              value={code}
              onChange={(event) => setCode(event.target.value)}
              error={codeError !== null}
              helperText={codeError ? t(codeError) : t('account.code_hint')}
              autoComplete="one-time-code"
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 7 } }}
              sx={{ maxWidth: 280 }}
            />
            <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between' }}>
              <Button onClick={() => void resend()} disabled={busy}>
                {t('account.resend_code')}
              </Button>
              <Button type="submit" variant="contained" size="large" loading={busy}>
                {t('account.verify_button')}
              </Button>
            </Stack>
          </Stack>
        )}
      </Paper>
    </PageScaffold>
  );
}
