import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import HomeIcon from '@mui/icons-material/Home';
import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useCouncilTitle } from '../shared/public-data/useCouncilTitle';
import { ROUTES } from '../shared/routing/paths';
import { CartButton } from './CartButton';
import { CouncilLogo } from '../shared/layout/CouncilLogo';
import { LanguageMenu } from '../shared/layout/LanguageMenu';
import { lazyComponent } from '../shared/routing/lazyComponent';
import { useAccountActions } from './useAccountActions';

// Loaded on first use: only small screens open it.
const MobileMenu = lazyComponent(() => import('./MobileMenu'), 'MobileMenu', { messages: 'core' });

/** The top bar; below the `md` breakpoint everything but the cart folds into a menu. */
export function TopBar() {
  const { t } = useTranslation();
  const { title, loading } = useCouncilTitle();
  const account = useAccountActions();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuUsed, setMenuUsed] = useState(false);

  return (
    <AppBar position="sticky" elevation={1}>
      <Toolbar sx={{ gap: 1 }}>
        <Box
          component={RouterLink}
          to={ROUTES.home}
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1.5,
            color: 'inherit',
            textDecoration: 'none',
            minWidth: 0,
          }}
        >
          <CouncilLogo size={40} />
          {/* On a phone a long council name wraps onto two lines, smaller, rather than being cut off. */}
          <Typography
            variant="h6"
            component="span"
            data-testid="app-bar-title"
            sx={{
              fontWeight: 600,
              fontSize: { xs: '0.95rem', sm: '1.25rem' },
              lineHeight: { xs: 1.25, sm: 1.6 },
              whiteSpace: { xs: 'normal', md: 'nowrap' },
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              display: '-webkit-box',
              WebkitLineClamp: { xs: 2, md: 1 },
              WebkitBoxOrient: 'vertical',
            }}
          >
            {loading ? <Skeleton variant="text" width={220} sx={{ bgcolor: 'primary.light' }} /> : title}
          </Typography>
        </Box>
        <Box sx={{ flexGrow: 1 }} />
        <Box
          component="nav"
          aria-label={t('shell.main_navigation')}
          sx={{ display: { xs: 'none', md: 'flex' }, alignItems: 'center', gap: 1 }}
        >
          <Button color="inherit" component={RouterLink} to={ROUTES.home} startIcon={<HomeIcon />}>
            {t('shell.home')}
          </Button>
          <Button color="inherit" component={RouterLink} to={ROUTES.requery}>
            {t('shell.payment_status')}
          </Button>
          <LanguageMenu />
          {account.signedIn ? (
            <>
              <Button color="inherit" startIcon={<AccountCircleIcon />} onClick={account.openProfile}>
                {t('shell.my_profile')}
              </Button>
              <Button color="inherit" component={RouterLink} to={ROUTES.pdf}>
                {t('shell.my_licences')}
              </Button>
              <Button color="inherit" variant="outlined" onClick={account.logout}>
                {t('shell.logout')}
              </Button>
            </>
          ) : (
            <>
              <Button color="inherit" component={RouterLink} to={ROUTES.form}>
                {t('shell.sign_up')}
              </Button>
              <Button color="inherit" variant="outlined" onClick={account.openLogin}>
                {t('shell.login')}
              </Button>
            </>
          )}
        </Box>
        <CartButton />
        <IconButton
          color="inherit"
          edge="end"
          aria-label={t('shell.open_menu')}
          aria-expanded={menuOpen}
          onClick={() => {
            setMenuUsed(true);
            setMenuOpen(true);
          }}
          sx={{ display: { md: 'none' } }}
        >
          <MenuIcon />
        </IconButton>
      </Toolbar>
      {menuUsed && (
        <Suspense fallback={null}>
          <MobileMenu open={menuOpen} onClose={() => setMenuOpen(false)} />
        </Suspense>
      )}
    </AppBar>
  );
}
