import { Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import { lazyComponent } from '../../../shared/routing/lazyComponent';
import { LoginDialogContext } from '../../../shared/session/login-dialog';

// Loaded when first opened: most visits never log in, and the dialogs bring the form components.
const LoginDialog = lazyComponent(() => import('./LoginDialog'), 'LoginDialog');
const ForgotPasswordDialog = lazyComponent(() => import('./ForgotPasswordDialog'), 'ForgotPasswordDialog');

type View = 'closed' | 'login' | 'forgot';

/** Owns the login and forgot-password dialogs so any part of the portal can open them. */
export function LoginDialogProvider({ children }: { children: ReactNode }) {
  const [view, setView] = useState<View>('closed');
  // Mounted from the first opening on, so closing animates and the typed e-mail is kept.
  const [used, setUsed] = useState(false);
  // Opening login clears the forgot-password view.
  const openLogin = useCallback(() => {
    setUsed(true);
    setView('login');
  }, []);
  const openForgotPassword = useCallback(() => {
    setUsed(true);
    setView('forgot');
  }, []);
  const api = useMemo(() => ({ openLogin, openForgotPassword }), [openLogin, openForgotPassword]);

  return (
    <LoginDialogContext.Provider value={api}>
      {children}
      {used && (
        <Suspense fallback={null}>
          <LoginDialog
            open={view === 'login'}
            onClose={() => setView('closed')}
            onForgotPassword={() => setView('forgot')}
          />
          <ForgotPasswordDialog
            open={view === 'forgot'}
            onClose={() => setView('login')}
            onSent={() => setView('closed')}
          />
        </Suspense>
      )}
    </LoginDialogContext.Provider>
  );
}
