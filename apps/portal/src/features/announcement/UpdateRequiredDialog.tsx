import SystemUpdateIcon from '@mui/icons-material/SystemUpdate';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DIALOG_MAX_WIDTH } from '../../shared/constants';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

export interface UpdateRequiredDialogProps {
  currentVersion: string;
  latestVersion: string;
  open: boolean;
  onLater: () => void;
}

/**
 * The update-required notice: the current and latest versions; "Update now" reloads the
 * page, which fetches the new build.
 */
export function UpdateRequiredDialog({ currentVersion, latestVersion, open, onLater }: UpdateRequiredDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={onLater}
      fullWidth
      maxWidth={false}
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: { maxWidth: DIALOG_MAX_WIDTH } } }}
      data-testid="update-required"
    >
      <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <SystemUpdateIcon color="primary" aria-hidden />
        {t('update.title')}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={1}>
          <Typography>{t('update.text')}</Typography>
          <Typography color="text.secondary">{t('update.current_version', { version: currentVersion })}</Typography>
          <Typography color="text.secondary">{t('update.latest_version', { version: latestVersion })}</Typography>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onLater}>{t('update.later')}</Button>
        <Button variant="contained" onClick={() => window.location.reload()}>
          {t('update.update_now')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
