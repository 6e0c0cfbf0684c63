/**
 * The identity API (libs/domain contracts/identity.ts): sessions live on the server behind an httpOnly
 * cookie; the API client adds the CSRF header to every state-changing request.
 */
import {
  normaliseEmail as normaliseEmailRule,
  type ForgotPasswordRequest,
  type Language,
  type LoginRequest,
  type SessionUser,
} from '@councilpay/domain';
import { api, ApiError, mayHaveSession } from '../api/client';

export type { SessionUser };
export type Credentials = LoginRequest;

/** Spaces are stripped from e-mail addresses before they are sent. */
export function normaliseEmail(email: string): string {
  return normaliseEmailRule(email);
}

/** A deliberately simple shape check; the API validates properly. */
export function isEmailFormat(email: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email);
}

/** The message for an email field (already normalised): required, then format; null when it is fine. */
export function emailFieldError(email: string): 'validation.field_required' | 'validation.email_format' | null {
  if (!email) return 'validation.field_required';
  return isEmailFormat(email) ? null : 'validation.email_format';
}

/** GET /api/auth/me: the signed-in person, or null for a guest (no session cookie, or 401). */
export async function currentUser(signal?: AbortSignal): Promise<SessionUser | null> {
  if (!mayHaveSession()) return null;
  try {
    return await api.request<SessionUser>('/auth/me', { signal });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 404)) return null;
    throw error;
  }
}

/** POST /api/auth/login: 401 email_or_password_incorrect, 429 when throttled. */
export function login(credentials: Credentials): Promise<SessionUser> {
  return api.request<SessionUser>('/auth/login', {
    method: 'POST',
    body: { email: normaliseEmail(credentials.email), password: credentials.password } satisfies LoginRequest,
  });
}

export async function logout(): Promise<void> {
  await api.request<unknown>('/auth/logout', { method: 'POST' });
}

/** POST /api/auth/forgot-password: always 202 email_sent (whether or not the e-mail has an account). */
export async function requestPasswordReset(email: string, language?: Language): Promise<void> {
  await api.request<unknown>('/auth/forgot-password', {
    method: 'POST',
    body: { email: normaliseEmail(email), language } satisfies ForgotPasswordRequest,
  });
}
