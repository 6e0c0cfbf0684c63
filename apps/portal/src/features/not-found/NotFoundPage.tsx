import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { ROUTES } from '../../shared/routing/paths';
import { usePageTitle } from '../../shared/ui/usePageTitle';

/** Any route the portal does not know. */
export function NotFoundPage() {
  const { t } = useTranslation();
  usePageTitle(t('not_found.title'));
  return (
    <Stack spacing={2} sx={{ py: 8, alignItems: 'center', textAlign: 'center' }} data-testid="not-found">
      <Typography variant="h2" component="p" color="text.secondary" sx={{ fontWeight: 700 }} aria-hidden>
        404
      </Typography>
      <Typography variant="h4" component="h1">
        {t('not_found.title')}
      </Typography>
      <Typography color="text.secondary">{t('not_found.text')}</Typography>
      <Button component={RouterLink} to={ROUTES.home} variant="contained">
        {t('not_found.back_home')}
      </Button>
    </Stack>
  );
}
