import type { CouncilApiKeyWithSecret } from '@councilpay/domain';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';

/** A new key's id and secret, shown this once: the API never gives the secret again. */
export function SecretDialog({ made, onClose }: { made: CouncilApiKeyWithSecret | null; onClose: () => void }) {
  const translate = useTranslate();
  return (
    <Dialog open={made !== null} onClose={onClose} data-testid="api-key-secret">
      <DialogTitle>{translate('console.api_keys.secret_title')}</DialogTitle>
      <DialogContent>
        <Typography gutterBottom>{translate('console.api_keys.secret_once')}</Typography>
        <Typography variant="body2">{translate('resources.council-api-keys.fields.keyId')}</Typography>
        <Typography sx={{ fontFamily: 'monospace', mb: 1 }} data-testid="api-key-id">
          {made?.keyId}
        </Typography>
        <Typography variant="body2">{translate('console.api_keys.secret')}</Typography>
        <Typography sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }} data-testid="api-key-secret-value">
          {made?.secret}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('console.api_keys.secret_saved')}</Button>
      </DialogActions>
    </Dialog>
  );
}
