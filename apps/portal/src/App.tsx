import { portalEntry } from '@councilpay/domain';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { HashRouter, useRoutes } from 'react-router-dom';
import { CartProvider } from './shared/cart/CartProvider';
import { SessionProvider } from './shared/session/SessionProvider';
import { SnackbarProvider } from './shared/feedback/SnackbarProvider';
import { PublicDataProvider } from './shared/public-data/PublicDataProvider';
import { theme } from './shared/theme';
import { routes, unknownAddressRoutes } from './routes';

/** An address that is no portal page (`/mpsx`): the not-found page, inside the shell, whatever the hash. */
const UNKNOWN_ADDRESS = typeof window !== 'undefined' && portalEntry(window.location.pathname) === null;

function Routes() {
  return useRoutes(UNKNOWN_ADDRESS ? unknownAddressRoutes : routes);
}

export function App() {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <SnackbarProvider>
        <PublicDataProvider>
          <SessionProvider>
            <CartProvider>
              {/* Hash routing: every page is a #/ route. */}
              <HashRouter>
                <Routes />
              </HashRouter>
            </CartProvider>
          </SessionProvider>
        </PublicDataProvider>
      </SnackbarProvider>
    </ThemeProvider>
  );
}
