import LoginIcon from '@mui/icons-material/Login';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { useLoginDialog } from './login-dialog';

/** What pages for registered users show to a guest: a note and the login button. */
export function SignInRequired() {
  const { t } = useTranslation();
  const { openLogin } = useLoginDialog();
  return (
    <Alert
      severity="info"
      data-testid="sign-in-required"
      action={
        <Button color="inherit" size="small" startIcon={<LoginIcon />} onClick={openLogin}>
          {t('shell.login')}
        </Button>
      }
    >
      {t('account.sign_in_required')}
    </Alert>
  );
}
