import PersonOutlineIcon from '@mui/icons-material/PersonOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { CouncilLogo } from '../../shared/layout/CouncilLogo';
import { useCouncilTitle } from '../../shared/public-data/useCouncilTitle';
import { lazyComponent } from '../../shared/routing/lazyComponent';
import { ROUTES } from '../../shared/routing/paths';
import { usePageTitle } from '../../shared/ui/usePageTitle';
import { HowItWorks } from './HowItWorks';

const SearchPanel = lazyComponent(() => import('./SearchPanel'), 'SearchPanel');

/** Home: the council's title, search, the three steps and "continue as guest". */
export function HomePage() {
  const { t } = useTranslation();
  const { title, loading } = useCouncilTitle();
  usePageTitle(loading ? null : title);

  return (
    <Stack spacing={6}>
      <Stack
        component="section"
        spacing={3}
        sx={{ alignItems: 'center', textAlign: 'center' }}
        aria-labelledby="council-title"
      >
        <CouncilLogo size={96} />
        <Typography
          id="council-title"
          variant="h3"
          component="h1"
          data-testid="council-title"
          sx={{ fontWeight: 700, fontSize: { xs: '2rem', md: '3rem' } }}
        >
          {loading ? <Skeleton width={360} sx={{ mx: 'auto' }} /> : title}
        </Typography>
        <Typography variant="h6" component="p" color="text.secondary" sx={{ fontWeight: 400 }}>
          {t('home.tagline')}
        </Typography>
        <Paper elevation={0} variant="outlined" sx={{ p: { xs: 3, md: 4 }, width: '100%', maxWidth: 960 }}>
          <Stack spacing={2} sx={{ alignItems: 'center' }}>
            <Typography variant="h5" component="h2" sx={{ fontWeight: 600 }}>
              {t('home.search_title')}
            </Typography>
            <Typography color="text.secondary">{t('home.search_text')}</Typography>
            <Box sx={{ width: '100%', textAlign: 'left' }}>
              {/* The form (and MUI's form components) loads after the first paint. */}
              <Suspense fallback={<Skeleton variant="rounded" height={140} data-testid="search-loading" />}>
                <SearchPanel headingLevel="h3" />
              </Suspense>
            </Box>
          </Stack>
        </Paper>
      </Stack>

      <HowItWorks />

      <Box component="section" sx={{ textAlign: 'center' }}>
        <Stack spacing={2} sx={{ alignItems: 'center' }}>
          <Typography color="text.secondary" sx={{ maxWidth: 640 }}>
            {t('home.guest_text')}
          </Typography>
          <Button
            component={RouterLink}
            to={ROUTES.checkout}
            variant="outlined"
            size="large"
            startIcon={<PersonOutlineIcon />}
            data-testid="continue-as-guest"
          >
            {t('home.continue_as_guest')}
          </Button>
        </Stack>
      </Box>
    </Stack>
  );
}
