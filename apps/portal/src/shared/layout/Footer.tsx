import { malaysiaDate } from '@councilpay/domain';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useCouncilTitle } from '../public-data/useCouncilTitle';
import { ROUTES } from '../routing/paths';

const FOOTER_PAGES = ['about', 'faq', 'helpline', 'terms', 'privacy', 'refund'] as const;

/** The footer: year, operator text, browser recommendation; plus the information pages. */
export function Footer() {
  const { t } = useTranslation();
  const { title } = useCouncilTitle();
  const year = malaysiaDate(Date.now()).year;

  return (
    <Box component="footer" sx={{ bgcolor: 'grey.900', color: 'grey.300', py: 4, mt: 6 }}>
      <Container>
        <Stack spacing={2}>
          <Stack
            component="nav"
            aria-label={t('shell.footer_links')}
            direction="row"
            useFlexGap
            sx={{ flexWrap: 'wrap' }}
            spacing={2}
          >
            {FOOTER_PAGES.map((page) => (
              <Link key={page} component={RouterLink} to={ROUTES[page]} color="inherit" underline="hover">
                {t(`pages.${page}.title`)}
              </Link>
            ))}
          </Stack>
          <Typography variant="body2">{t('shell.footer_copyright', { year, council: title })}</Typography>
          <Typography variant="body2" data-testid="footer-text">
            {t('shell.footer_text')}
          </Typography>
          <Typography variant="caption" sx={{ color: 'grey.400' }}>
            {t('shell.browser_recommendation')}
          </Typography>
        </Stack>
      </Container>
    </Box>
  );
}
