import type { SessionUser } from '@councilpay/domain';
import type { AuthProvider, UserIdentity } from 'react-admin';
import { canAccess, isStaff, type StaffPermissions } from './access';
import { httpClient } from './httpClient';

const API = '/api/auth';

/** The signed-in user, asked once and kept until a sign-in, a sign-out or an error says otherwise. */
let session: Promise<SessionUser | null> | null = null;

async function fetchSession(): Promise<SessionUser | null> {
  const response = await fetch(`${API}/me`, { credentials: 'same-origin', headers: { Accept: 'application/json' } });
  if (response.status === 401) return null;
  if (!response.ok) throw new Error('ra.notification.http_error');
  return (await response.json()) as SessionUser;
}

function currentSession(): Promise<SessionUser | null> {
  session ??= fetchSession().catch((error: unknown) => {
    session = null;
    throw error;
  });
  return session;
}

export function forgetSession(): void {
  session = null;
}

async function staffSession(): Promise<SessionUser> {
  const user = await currentSession();
  if (!user || !isStaff(user)) throw new Error('ra.auth.auth_check_error');
  return user;
}

/**
 * The console signs in to the portal's own session (POST /api/auth/login: an httpOnly session cookie and the
 * readable CSRF cookie), and only staff (`_admin`, or a role in a council) get in: a payer's account is signed out
 * again with "access denied". A 401 from the API ends the console's session; a 403 for lack of a role keeps
 * it (the staff member is told they may not); a 403 for a CSRF token that no longer matches ends it.
 */
export const authProvider: AuthProvider = {
  async login({ username, password }: { username: string; password: string }) {
    forgetSession();
    try {
      const { json } = await httpClient(`${API}/login`, {
        method: 'POST',
        body: JSON.stringify({ email: username, password }),
      });
      const user = json as SessionUser;
      if (!isStaff(user)) {
        await httpClient(`${API}/logout`, { method: 'POST' });
        throw new Error('ra.message.access_denied');
      }
      session = Promise.resolve(user);
    } catch (error) {
      forgetSession();
      throw error;
    }
  },
  async logout() {
    const signedIn = session ? await session.catch(() => null) : null;
    forgetSession();
    if (signedIn) await httpClient(`${API}/logout`, { method: 'POST' }).catch(() => undefined);
  },
  async checkAuth() {
    await staffSession();
  },
  async checkError(error: { status?: number; body?: { code?: string } }) {
    if (error?.status === 401 || (error?.status === 403 && error.body?.code === 'csrf_failed')) {
      forgetSession();
      throw new Error('ra.notification.logged_out');
    }
    if (error?.status === 403) {
      // Not this staff member's to see: say so, stay signed in.
      throw Object.assign(new Error('ra.notification.not_authorized'), { logoutUser: false });
    }
  },
  async getIdentity(): Promise<UserIdentity> {
    const user = await staffSession();
    return { id: user.name, fullName: user.fullName };
  },
  async getPermissions(): Promise<StaffPermissions> {
    const user = await staffSession();
    return { roles: user.roles, councils: user.councils, grants: user.grants };
  },
  async canAccess({ resource, action }: { resource: string; action: string }) {
    const user = await currentSession().catch(() => null);
    return canAccess(user ?? undefined, resource, action);
  },
};
