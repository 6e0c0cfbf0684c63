import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import * as sessionApi from './session-api';
import type { Credentials, SessionUser } from './session-api';

export interface Session {
  /** Null when signed out (guests). */
  user: SessionUser | null;
  /** False until the server said whether this browser is signed in. */
  ready: boolean;
  /** Signs in; rejects with an ApiError whose code is the message to show in the login dialog. */
  login: (credentials: Credentials) => Promise<SessionUser>;
  logout: () => Promise<void>;
  /** Takes the user the API signed in otherwise (registration's last step). */
  signedIn: (user: SessionUser) => void;
}

const SessionContext = createContext<Session | null>(null);

/**
 * The session starts empty; login sets it, logout resets it. A session cookie from an
 * earlier visit is honoured: GET /api/auth/me says who is signed in (after the first paint).
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<SessionUser | null>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    sessionApi.currentUser(controller.signal).then(
      (current) => {
        setUser((signedInMeanwhile) => signedInMeanwhile ?? current);
        setReady(true);
      },
      () => {
        if (!controller.signal.aborted) setReady(true); // Unknown: treat as a guest until they log in.
      },
    );
    return () => controller.abort();
  }, []);

  const login = useCallback(async (credentials: Credentials) => {
    const signedIn = await sessionApi.login(credentials);
    setUser(signedIn);
    setReady(true);
    return signedIn;
  }, []);

  const logout = useCallback(async () => {
    try {
      await sessionApi.logout();
    } finally {
      // Signed out here whatever the server answered (an expired session is signed out already).
      setUser(null);
    }
  }, []);

  const signedIn = useCallback((next: SessionUser) => {
    setUser(next);
    setReady(true);
  }, []);

  const session = useMemo<Session>(
    () => ({ user, ready, login, logout, signedIn }),
    [user, ready, login, logout, signedIn],
  );
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}
