import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { ROUTES } from '../../shared/routing/paths';
import { PageScaffold } from '../../shared/ui/PageScaffold';
import { HELPLINE } from './contact';

/** /helpline: how to reach the operator's helpline, and where to check a payment's status. */
export function HelplinePage() {
  const { t } = useTranslation();
  return (
    <PageScaffold page="helpline">
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Typography sx={{ mb: 2 }}>{t('info.helpline_intro')}</Typography>
        <dl style={{ margin: 0 }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {t('info.helpline_phone')}
          </Typography>
          <Typography component="dd" sx={{ m: 0, mb: 1 }}>
            <Link href={HELPLINE.phoneHref}>{HELPLINE.phone}</Link>
          </Typography>
          <Typography component="dt" variant="body2" color="text.secondary">
            {t('info.helpline_email')}
          </Typography>
          <Typography component="dd" sx={{ m: 0, mb: 1 }}>
            <Link href={`mailto:${HELPLINE.email}`}>{HELPLINE.email}</Link>
          </Typography>
          <Typography component="dt" variant="body2" color="text.secondary">
            {t('info.helpline_hours')}
          </Typography>
          <Typography component="dd" sx={{ m: 0 }}>
            {t('info.helpline_hours_text')}
          </Typography>
        </dl>
      </Paper>
      <Typography>
        <Link component={RouterLink} to={ROUTES.requery}>
          {t('info.helpline_check_status')}
        </Link>
      </Typography>
    </PageScaffold>
  );
}
