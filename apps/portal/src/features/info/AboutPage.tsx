import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { ROUTES } from '../../shared/routing/paths';
import { PageScaffold } from '../../shared/ui/PageScaffold';
import { InfoSections } from './InfoSections';

/** /about: what the portal is, how to pay, and how to reach us. */
export function AboutPage() {
  const { t } = useTranslation();
  return (
    <PageScaffold page="about">
      <InfoSections sections={['about_what', 'about_how', 'about_contact']} />
      <Typography>
        <Link component={RouterLink} to={ROUTES.helpline}>
          {t('pages.helpline.title')}
        </Link>
      </Typography>
    </PageScaffold>
  );
}
