import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import * as sessionApi from './session-api';
import type { Credentials, SessionUser } from './session-api';

export interface Session {
  /** Null when signed out (guests). */
  user: SessionUser | null;
  /** Signs in; rejects with an ApiError whose code is the message to show in the login dialog. */
  login: (credentials: Credentials) => Promise<SessionUser>;
  logout: () => Promise<void>;
}

const SessionContext = createContext<Session | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<SessionUser | null>(null);

  const login = useCallback(async (credentials: Credentials) => {
    const signedIn = await sessionApi.login({ ...credentials, email: sessionApi.normaliseEmail(credentials.email) });
    setUser(signedIn);
    return signedIn;
  }, []);

  const logout = useCallback(async () => {
    await sessionApi.logout();
    setUser(null);
  }, []);

  const session = useMemo<Session>(() => ({ user, login, logout }), [user, login, logout]);
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}
