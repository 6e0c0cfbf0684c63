import type {
  RecoveryCodes,
  SecondFactorEnrolled,
  SecondFactorEnrolment,
  SecondFactorState,
  SessionUser,
} from '@councilpay/domain';
import type { AuthProvider, UserIdentity } from 'react-admin';
import { canAccess, isStaff, type StaffPermissions } from './access';
import { httpClient } from './httpClient';

const API = '/api/auth';

/** Why the console last ended a session by itself, for the sign-in page to say (kept across the reload). */
const SIGNED_OUT_REASON = 'councilpay.console.signedOutReason';
export type SignedOutReason = 'idle';

/** The signed-in user, asked once and kept until a sign-in, a sign-out or an error says otherwise. */
let session: Promise<SessionUser | null> | null = null;

function rememberSignedOut(code: unknown): void {
  if (code === 'session_idle_timeout') window.sessionStorage.setItem(SIGNED_OUT_REASON, 'idle');
}

/** Why the last session ended (once: reading it forgets it). */
export function takeSignedOutReason(): SignedOutReason | null {
  const reason = window.sessionStorage.getItem(SIGNED_OUT_REASON);
  window.sessionStorage.removeItem(SIGNED_OUT_REASON);
  return reason === 'idle' ? reason : null;
}

async function fetchSession(): Promise<SessionUser | null> {
  const response = await fetch(`${API}/me`, { credentials: 'same-origin', headers: { Accept: 'application/json' } });
  if (response.status === 401) {
    rememberSignedOut(((await response.json().catch(() => ({}))) as { code?: unknown }).code);
    return null;
  }
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

/** A staff member who has passed the second factor: only then is the console theirs. */
async function staffSession(): Promise<SessionUser> {
  const user = await currentSession();
  if (!user || !isStaff(user) || user.secondFactor !== 'passed') throw new Error('ra.auth.auth_check_error');
  return user;
}

/** The password was right; the second factor comes next (`state` says which step the sign-in page shows). */
export class SecondFactorNeeded extends Error {
  constructor(readonly state: Exclude<SecondFactorState, 'passed' | 'not_needed'>) {
    super('console.second_factor.needed');
  }
}

/** What the sign-in page sends to `login`: the password, then a code or a recovery code, or "enrolled, go on". */
export type LoginParams =
  { username: string; password: string } | { code: string } | { recoveryCode: string } | { enrolled: true };

/** Enrolment, step 1: a new secret (QR and text), shown once. */
export async function startEnrolment(): Promise<SecondFactorEnrolment> {
  return (await httpClient(`${API}/second-factor/enrolment`, { method: 'POST' })).json as SecondFactorEnrolment;
}

/** Enrolment, step 2: the first code turns it on; the answer holds the recovery codes, shown this once. */
export async function confirmEnrolment(code: string): Promise<SecondFactorEnrolled> {
  const { json } = await httpClient(`${API}/second-factor/enrolment/confirm`, {
    method: 'POST',
    body: JSON.stringify({ code }),
  });
  forgetSession();
  return json as SecondFactorEnrolled;
}

export async function newRecoveryCodes(): Promise<string[]> {
  const { json } = await httpClient(`${API}/second-factor/recovery-codes`, { method: 'POST' });
  return (json as RecoveryCodes).recoveryCodes;
}

/**
 * The console signs in to the portal's own session (POST /api/auth/login: an httpOnly session cookie and the
 * readable CSRF cookie), and only staff (`_admin`, or a role in a council) get in: a payer's account is signed out again with "access denied".
 * Staff then pass their second factor on the same session (`SecondFactorNeeded` tells the sign-in page which
 * step to show: enrolment or a code). A 401 from the API ends the console's session (after being idle too
 * long, the sign-in page says so); a 403 for lack of a role keeps it (the staff member is told they may not);
 * a 403 for a CSRF token that no longer matches, or for a second factor no longer passed, ends it.
 */
export const authProvider: AuthProvider = {
  async login(params: LoginParams) {
    forgetSession();
    try {
      let user: SessionUser;
      if ('username' in params) {
        const { json } = await httpClient(`${API}/login`, {
          method: 'POST',
          body: JSON.stringify({ email: params.username, password: params.password }),
        });
        user = json as SessionUser;
        if (!isStaff(user)) {
          await httpClient(`${API}/logout`, { method: 'POST' });
          throw new Error('ra.message.access_denied');
        }
      } else if ('enrolled' in params) {
        const current = await currentSession();
        if (!current) throw new Error('ra.auth.auth_check_error');
        user = current;
      } else {
        const { json } = await httpClient(`${API}/second-factor/verify`, {
          method: 'POST',
          body: JSON.stringify(params),
        });
        user = json as SessionUser;
      }
      if (user.secondFactor === 'enrolment_required' || user.secondFactor === 'code_required')
        throw new SecondFactorNeeded(user.secondFactor);
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
    const code = error?.body?.code;
    if (error?.status === 401) {
      forgetSession();
      rememberSignedOut(code);
      throw new Error(code === 'session_idle_timeout' ? 'errors.session_idle_timeout' : 'ra.notification.logged_out');
    }
    if (
      error?.status === 403 &&
      (code === 'csrf_failed' || code === 'second_factor_required' || code === 'second_factor_enrolment_required')
    ) {
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
    return canAccess(user?.secondFactor === 'passed' ? user : undefined, resource, action);
  },
};
