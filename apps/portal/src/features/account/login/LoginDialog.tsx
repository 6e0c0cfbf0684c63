import { DIALOG_MAX_WIDTH } from '../../../shared/constants';
import type { MessageKey } from '@councilpay/i18n';
import CloseIcon from '@mui/icons-material/Close';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { messageKeyForError } from '../../../shared/api/errors';
import { useSnackbar } from '../../../shared/feedback/SnackbarProvider';
import { ROUTES } from '../../../shared/routing/paths';
import { emailFieldError, normaliseEmail } from '../../../shared/session/session-api';
import { useSession } from '../../../shared/session/SessionProvider';
import { itemsToPay } from '../../../shared/cart/cart';
import { useCart } from '../../../shared/cart/CartProvider';
import { afterLoginDestination } from './after-login';
import { dialogCloseGuard } from './close-guard';

interface FieldErrors {
  email?: MessageKey;
  password?: MessageKey;
}

function validate(email: string, password: string): FieldErrors {
  const errors: FieldErrors = {};
  const emailError = emailFieldError(email);
  if (emailError) errors.email = emailError;
  if (!password) errors.password = 'validation.field_required';
  return errors;
}

export interface LoginDialogProps {
  open: boolean;
  onClose: () => void;
  onForgotPassword: () => void;
}

/** Login: e-mail, password, the authentication error, register link, forgot password. */
export function LoginDialog({ open, onClose, onForgotPassword }: LoginDialogProps) {
  const { t } = useTranslation();
  const { login } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const cart = useCart();
  const { showMessage } = useSnackbar();
  /** Where the payer opened the login, kept while a failed try shows it at home. */
  const origin = useRef<string | null>(null);
  const titleId = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [authError, setAuthError] = useState<MessageKey | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const close = () => {
    origin.current = null;
    setPassword('');
    setFieldErrors({});
    setAuthError(null);
    onClose();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const cleanEmail = normaliseEmail(email);
    const errors = validate(cleanEmail, password);
    setFieldErrors(errors);
    setAuthError(null);
    if (errors.email || errors.password) return;
    setSubmitting(true);
    try {
      const user = await login({ email: cleanEmail, password });
      // Back to where the payer was; from home on to checkout only with bills to pay.
      const destination = afterLoginDestination({
        at: location.pathname,
        origin: origin.current,
        cartHasItems: itemsToPay(cart.items).length > 0,
      });
      close();
      if (destination) void navigate(destination);
      showMessage(t('account.signed_in_welcome', { name: user.fullName || user.name }), 'success');
    } catch (error) {
      setAuthError(messageKeyForError(error));
      // A failed login returns to home, with the dialog (and its error) still open.
      if (location.pathname !== ROUTES.home) {
        origin.current ??= `${location.pathname}${location.search}`;
        void navigate(ROUTES.home);
      }
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={dialogCloseGuard(close)}
      fullWidth
      maxWidth={false}
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: { maxWidth: DIALOG_MAX_WIDTH } } }}
      data-testid="login-dialog"
    >
      <DialogTitle id={titleId} sx={{ pr: 7 }}>
        {t('auth.login_title')}
      </DialogTitle>
      <IconButton aria-label={t('common.close')} onClick={close} sx={{ position: 'absolute', right: 8, top: 8 }}>
        <CloseIcon />
      </IconButton>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogContent>
          <Stack spacing={2.5}>
            <TextField
              autoFocus
              required
              fullWidth
              type="email"
              name="email"
              autoComplete="email"
              label={t('common.email')}
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              error={Boolean(fieldErrors.email)}
              helperText={fieldErrors.email ? t(fieldErrors.email) : t('auth.email_hint')}
            />
            <TextField
              required
              fullWidth
              type={showPassword ? 'text' : 'password'}
              name="password"
              autoComplete="current-password"
              label={t('common.password')}
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              error={Boolean(fieldErrors.password)}
              helperText={fieldErrors.password ? t(fieldErrors.password) : undefined}
              slotProps={{
                input: {
                  endAdornment: (
                    <InputAdornment position="end">
                      <IconButton
                        edge="end"
                        aria-label={t(showPassword ? 'common.hide_password' : 'common.show_password')}
                        aria-pressed={showPassword}
                        onClick={() => setShowPassword((shown) => !shown)}
                      >
                        {showPassword ? <VisibilityOff /> : <Visibility />}
                      </IconButton>
                    </InputAdornment>
                  ),
                },
              }}
            />
            {authError && (
              <Alert severity="error" data-testid="login-error">
                {t(authError)}
              </Alert>
            )}
            <Typography variant="body2">
              {t('auth.no_account')}{' '}
              <Link component={RouterLink} to={ROUTES.form} onClick={close}>
                {t('auth.register_link')}
              </Link>
            </Typography>
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, justifyContent: 'space-between' }}>
          <Button onClick={onForgotPassword}>{t('auth.forgot_password')}</Button>
          <Button type="submit" variant="contained" loading={submitting}>
            {t('auth.login_button')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
