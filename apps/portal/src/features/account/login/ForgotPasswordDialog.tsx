import { DIALOG_MAX_WIDTH } from '../../../shared/constants';
import type { MessageKey } from '@councilpay/i18n';
import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { messageKeyForError } from '../../../shared/api/errors';
import { useSnackbar } from '../../../shared/feedback/SnackbarProvider';
import { useLanguage } from '../../../shared/i18n/useLanguage';
import { emailFieldError, normaliseEmail, requestPasswordReset } from '../../../shared/session/session-api';
import { dialogCloseGuard } from './close-guard';

export interface ForgotPasswordDialogProps {
  open: boolean;
  onClose: () => void;
  /** Called after the link was sent: both dialogs close. */
  onSent: () => void;
}

/** Forgot password: e-mail field, explanation, submit. */
export function ForgotPasswordDialog({ open, onClose, onSent }: ForgotPasswordDialogProps) {
  const { t } = useTranslation();
  const { showMessage } = useSnackbar();
  const [language] = useLanguage();
  const titleId = useId();
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<MessageKey | null>(null);
  const [failure, setFailure] = useState<MessageKey | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const reset = () => {
    setEmail('');
    setFieldError(null);
    setFailure(null);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const cleanEmail = normaliseEmail(email);
    const error: MessageKey | null = emailFieldError(cleanEmail);
    setFieldError(error);
    setFailure(null);
    if (error) return;
    setSubmitting(true);
    try {
      await requestPasswordReset(cleanEmail, language);
      showMessage(t('errors.email_sent'), 'success');
      reset();
      onSent();
    } catch (caught) {
      setFailure(messageKeyForError(caught));
    } finally {
      setSubmitting(false);
    }
  };

  const close = () => {
    reset();
    onClose();
  };

  return (
    <Dialog
      open={open}
      onClose={dialogCloseGuard(close)}
      fullWidth
      maxWidth={false}
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: { maxWidth: DIALOG_MAX_WIDTH } } }}
    >
      <DialogTitle id={titleId} sx={{ pr: 7 }}>
        {t('auth.forgot_title')}
      </DialogTitle>
      <IconButton aria-label={t('common.close')} onClick={close} sx={{ position: 'absolute', right: 8, top: 8 }}>
        <CloseIcon />
      </IconButton>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogContent>
          <Stack spacing={2.5}>
            <DialogContentText>{t('auth.forgot_text')}</DialogContentText>
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
              error={Boolean(fieldError)}
              helperText={fieldError ? t(fieldError) : undefined}
            />
            {failure && <Alert severity="error">{t(failure)}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button type="submit" variant="contained" loading={submitting}>
            {t('auth.forgot_submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
