import { useNavigate } from 'react-router-dom';
import { useLoginDialog } from '../shared/session/login-dialog';
import { useSession } from '../shared/session/SessionProvider';
import { ROUTES } from '../shared/routing/paths';

/** What the top bar and the small-screen menu offer for the account (signed in or not). */
export function useAccountActions() {
  const { user, logout } = useSession();
  const { openLogin } = useLoginDialog();
  const navigate = useNavigate();
  return {
    signedIn: user !== null,
    openLogin,
    signUp: () => void navigate(ROUTES.form),
    openProfile: () => void navigate(ROUTES.profile),
    // Logout returns to home.
    logout: () =>
      void logout()
        .catch(() => undefined)
        .then(() => navigate(ROUTES.home)),
  };
}
