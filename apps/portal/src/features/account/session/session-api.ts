import { ApiError } from '../../../shared/api/client';

/** The signed-in person (spec section 3, "Session"). */
export interface SessionUser {
  email: string;
  fullName: string | null;
  roles: readonly string[];
}

export interface Credentials {
  email: string;
  password: string;
}

/** Spec section 5: spaces are stripped from e-mail addresses before they are sent. */
export function normaliseEmail(email: string): string {
  return email.replace(/\s+/g, '');
}

/** A deliberately simple shape check; the API validates properly. */
export function isEmailFormat(email: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email);
}

function notYetAvailable(): ApiError {
  return new ApiError(501, 'attempt_failed_please_try_again', 'The identity API is not available yet');
}

// TODO(identity): POST /api/auth/login (session in Redis) once the identity issue lands; until then
// every attempt fails with 'attempt_failed_please_try_again'.
export async function login(_credentials: Credentials): Promise<SessionUser> {
  throw notYetAvailable();
}

// TODO(identity): DELETE /api/auth/session.
export async function logout(): Promise<void> {}

// TODO(identity): POST /api/auth/password-resets { email } (the API e-mails a link valid for 24 h).
export async function requestPasswordReset(_email: string): Promise<void> {
  throw notYetAvailable();
}
