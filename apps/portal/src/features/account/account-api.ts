/** The account screens' calls (registration with the SMS code, password reset, profile). */
import {
  normalisePhone,
  type CodeAnswer,
  type ProfileDto,
  type ProfileUpdateRequest,
  type ProfileUpdateResult,
  type RegisterRequest,
  type RegisterStarted,
  type ResetPasswordRequest,
  type ResetPasswordStatus,
  type SessionUser,
} from '@councilpay/domain';
import { FETCH_MIN_DELAY_MS } from '../../shared/constants';
import { api } from '../../shared/api/client';
import { normaliseEmail } from '../../shared/session/session-api';

/** POST /api/auth/reset-password/check: is the e-mailed link still good (404 invalid_request, 410 reset_timeout)? */
export function checkResetRequest(resetId: string): Promise<ResetPasswordStatus> {
  return api.request<ResetPasswordStatus>('/auth/reset-password/check', {
    method: 'POST',
    body: { resetId },
    minDelayMs: FETCH_MIN_DELAY_MS,
  });
}

/** POST /api/auth/reset-password with the id from the e-mailed link. */
export async function resetPassword(request: ResetPasswordRequest): Promise<void> {
  await api.request<unknown>('/auth/reset-password', { method: 'POST', body: request });
}

/** POST /api/auth/register: step 1, the API sends a 6-digit code by SMS. */
export function register(request: RegisterRequest): Promise<RegisterStarted> {
  return api.request<RegisterStarted>('/auth/register', {
    method: 'POST',
    body: { ...request, email: normaliseEmail(request.email), phone: normalisePhone(request.phone) },
  });
}

/** POST /api/auth/register/verify: step 2, creates the account and signs in. */
export function verifyRegistration(verificationId: string, code: string): Promise<SessionUser> {
  return api.request<SessionUser>('/auth/register/verify', {
    method: 'POST',
    body: { verificationId, code: code.replace(/\s+/g, '') },
  });
}

/** POST /api/auth/register/resend: a new code for the same registration. */
export async function resendCode(verificationId: string): Promise<void> {
  await api.request<unknown>('/auth/register/resend', { method: 'POST', body: { verificationId } });
}

export function getProfile(signal?: AbortSignal): Promise<ProfileDto> {
  return api.request<ProfileDto>('/me/profile', { signal, minDelayMs: FETCH_MIN_DELAY_MS });
}

/** PUT /api/me/profile: `nric` left out keeps the current one; a stale version is a 409 data_no_changes. */
export function updateProfile(update: ProfileUpdateRequest): Promise<ProfileUpdateResult> {
  return api.request<ProfileUpdateResult>('/me/profile', { method: 'PUT', body: update });
}

/** POST /api/auth/verify-email: the link e-mailed to confirm the address. */
export function verifyEmail(token: string): Promise<CodeAnswer> {
  return api.request<CodeAnswer>('/auth/verify-email', { method: 'POST', body: { token } });
}

/** POST /api/auth/verify-email/resend (signed in): another confirmation e-mail. */
export function resendEmailVerification(): Promise<CodeAnswer> {
  return api.request<CodeAnswer>('/auth/verify-email/resend', { method: 'POST' });
}
