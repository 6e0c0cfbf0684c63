import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router-dom';
import { useCart } from '../shared/cart/CartProvider';
import { GlobalNotices } from '../features/announcement/GlobalNotices';
import { LoginDialogProvider } from '../features/account/login/LoginDialogProvider';
import { RouteProgress } from '../shared/feedback/RouteProgress';
import { TitleCouncilProvider } from '../shared/public-data/TitleCouncil';
import { Footer } from '../shared/layout/Footer';
import { PageErrorBoundary } from '../shared/layout/PageErrorBoundary';
import { TopBar } from './TopBar';

const MAIN_ID = 'main-content';

/** Top bar, the current page (loaded lazily, with the progress bar meanwhile), footer and global dialogs. */
export function AppShell() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const cart = useCart();

  // A new page starts at the top.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  return (
    <TitleCouncilProvider cartCouncils={cart.items.map((item) => item.council)}>
      <LoginDialogProvider>
        <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
          <Link
            href={`#${MAIN_ID}`}
            onClick={(event) => {
              // Hash routing: move focus instead of changing the route.
              event.preventDefault();
              document.getElementById(MAIN_ID)?.focus();
            }}
            sx={{
              position: 'absolute',
              left: -9999,
              zIndex: (theme) => theme.zIndex.tooltip,
              '&:focus': { left: 16, top: 16, p: 1, bgcolor: 'background.paper' },
            }}
          >
            {t('shell.skip_to_content')}
          </Link>
          <TopBar />
          <Container
            component="main"
            id={MAIN_ID}
            tabIndex={-1}
            sx={{ flex: 1, py: { xs: 3, md: 5 }, outline: 'none' }}
          >
            <PageErrorBoundary resetKey={pathname}>
              {/* A new boundary per page, so its fallback (the progress bar) shows during navigation too. */}
              <Suspense key={pathname} fallback={<RouteProgress />}>
                <Outlet />
              </Suspense>
            </PageErrorBoundary>
          </Container>
          <Footer />
        </Box>
        <GlobalNotices />
      </LoginDialogProvider>
    </TitleCouncilProvider>
  );
}
