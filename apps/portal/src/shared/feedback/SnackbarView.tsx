import { SNACKBAR_TIMEOUT_MS } from '../constants';
import Alert, { type AlertColor } from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Snackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar';
import { useTranslation } from 'react-i18next';

export interface SnackbarViewProps {
  id: number;
  open: boolean;
  message: string;
  severity: AlertColor;
  onClose: () => void;
}

/** The snackbar: bottom right, coloured, with an OK button, gone after SNACKBAR_TIMEOUT_MS. */
export function SnackbarView({ id, open, message, severity, onClose }: SnackbarViewProps) {
  const { t } = useTranslation();
  const handleClose = (_event: unknown, reason?: SnackbarCloseReason) => {
    if (reason !== 'clickaway') onClose();
  };
  return (
    <Snackbar
      key={id}
      open={open}
      autoHideDuration={SNACKBAR_TIMEOUT_MS}
      onClose={handleClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
    >
      <Alert
        data-testid="snackbar"
        variant="filled"
        severity={severity}
        sx={{ width: '100%', alignItems: 'center' }}
        action={
          <Button color="inherit" size="small" onClick={onClose}>
            {t('common.ok')}
          </Button>
        }
      >
        {message}
      </Alert>
    </Snackbar>
  );
}
