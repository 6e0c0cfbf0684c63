import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type Localized } from '@councilpay/domain';
import { DIALOG_MAX_WIDTH } from '../../shared/constants';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../shared/i18n/useLanguage';
import { localizedText } from '../../shared/public-data/council';
import { MaintenanceIllustration } from './MaintenanceIllustration';

/**
 * While the configuration says the service is closed, a dialog that cannot be closed
 * (no close button; Escape and clicks outside do nothing) covers the portal with the announcement, in
 * the current language (Malay otherwise), and an illustration.
 */
export function AnnouncementDialog({ announcement: texts }: { announcement: Localized }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const titleId = useId();
  const textId = useId();
  const announcement = localizedText(texts, language) || t('announcement.service_closed');

  return (
    <Dialog
      open
      fullWidth
      maxWidth={false}
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={textId}
      slotProps={{ paper: { sx: { maxWidth: DIALOG_MAX_WIDTH } } }}
      data-testid="announcement-dialog"
    >
      <DialogTitle id={titleId}>{t('announcement.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={3} sx={{ py: 1 }}>
          <MaintenanceIllustration label={t('announcement.maintenance_image')} />
          <Typography id={textId} sx={{ whiteSpace: 'pre-line' }} tabIndex={-1}>
            {announcement}
          </Typography>
        </Stack>
      </DialogContent>
    </Dialog>
  );
}
