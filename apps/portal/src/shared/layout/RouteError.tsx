import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { ROUTES } from '../routing/paths';
import { usePageTitle } from '../ui/usePageTitle';

/** A page that failed (unknown failures are a 500): message, reload, back home. */
export function RouteError() {
  const { t } = useTranslation();
  usePageTitle(t('shell.error_title'));

  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }} role="alert" data-testid="route-error">
      <ErrorOutlineIcon color="error" fontSize="large" />
      <Typography variant="h4" component="h1">
        {t('shell.error_title')}
      </Typography>
      <Typography color="text.secondary">{t('shell.error_text')}</Typography>
      <Stack direction="row" spacing={2}>
        <Button variant="contained" onClick={() => window.location.reload()}>
          {t('shell.reload')}
        </Button>
        <Button component={RouterLink} to={ROUTES.home}>
          {t('not_found.back_home')}
        </Button>
      </Stack>
    </Stack>
  );
}
