import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { HashRouter, useRoutes } from 'react-router-dom';
import { CartProvider } from './features/cart/CartProvider';
import { SessionProvider } from './features/account/session/SessionProvider';
import { SnackbarProvider } from './shared/feedback/SnackbarProvider';
import { PublicDataProvider } from './shared/public-data/PublicDataProvider';
import { theme } from './shared/theme';
import { routes } from './routes';

function Routes() {
  return useRoutes(routes);
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
