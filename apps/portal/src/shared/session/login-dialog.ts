import { createContext, useContext } from 'react';

/** What any part of the portal may ask of the login dialogs (their provider is mounted by the app shell). */
export interface LoginDialogApi {
  openLogin: () => void;
  /** Straight to "forgot password" (a reset link that cannot be used: send a new one). */
  openForgotPassword: () => void;
}

export const LoginDialogContext = createContext<LoginDialogApi | null>(null);

export function useLoginDialog(): LoginDialogApi {
  const api = useContext(LoginDialogContext);
  if (!api) throw new Error('useLoginDialog must be used inside <LoginDialogProvider>');
  return api;
}
