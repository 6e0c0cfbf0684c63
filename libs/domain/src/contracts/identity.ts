import type { Language } from '../language';
import type { PayableType } from '../payable-types';
import type { PaymentState } from '../payment-state';

/**
 * Identity API contracts. Sessions are server-side (Redis) behind an httpOnly cookie; every state-changing
 * request that carries the session cookie must send the header `X-CSRF-Token` with the value of the
 * readable cookie `cp_csrf` (double submit). Requests without a session (guests) need no token.
 */
export const CSRF_COOKIE = 'cp_csrf';
export const CSRF_HEADER = 'X-CSRF-Token';

export type Role = 'user' | '_admin' | 'council_admin';

/** POST /api/auth/register: step 1, sends a 6-digit code by SMS. Answers 202 { verificationId }. */
export interface RegisterRequest {
  fullName: string;
  email: string;
  /** 12 digits, a valid date of birth in the first six. */
  nric: string;
  phone: string;
  password: string;
  confirmPassword: string;
  language?: Language;
}

export interface RegisterStarted {
  verificationId: string;
  /** Masked phone the code went to. */
  phone: string;
}

/** POST /api/auth/register/verify: step 2, creates the account when the code matches. Answers 201 SessionUser (signed in). */
export interface VerifyRegistrationRequest {
  verificationId: string;
  code: string;
}

/** POST /api/auth/register/resend { verificationId }: a new code (limited). */
export interface ResendCodeRequest {
  verificationId: string;
}

/** POST /api/auth/login. Answers 200 SessionUser; 401 email_or_password_incorrect; 429 when throttled. */
export interface LoginRequest {
  email: string;
  password: string;
}

/** GET /api/auth/me (401 when signed out), and the answer of login and verify. */
export interface SessionUser {
  /** The login name: the email. */
  name: string;
  fullName: string;
  roles: Role[];
  councils: string[];
  phone: string | null;
  /** Masked except the last 4 digits. */
  nric: string | null;
  emailVerified: boolean;
  machineId: string;
}

/** POST /api/auth/forgot-password: always 202 { code: 'email_sent' }, whether or not the email exists. */
export interface ForgotPasswordRequest {
  email: string;
  language?: Language;
}

/** POST /api/auth/reset-password: the id from the emailed link. 200 { code: 'update_successful' }. */
export interface ResetPasswordRequest {
  resetId: string;
  password: string;
  confirmPassword: string;
}

/** POST /api/auth/verify-email { token }: the link sent by email. */
export interface VerifyEmailRequest {
  token: string;
}

/** GET /api/me/profile and PUT /api/me/profile (answers { code: 'update_successful' | 'data_no_changes' }). */
export interface ProfileDto {
  email: string;
  fullName: string;
  phone: string | null;
  /** Masked on read; sent whole on update. */
  nric: string | null;
  /** Optimistic concurrency: send back what you read; a stale version answers 409 data_no_changes. */
  version: number;
}

/** GET /api/me/payments?page=1&pageSize=20: newest first. */
export interface HistoryRowDto {
  date: string;
  reference: string;
  council: string;
  paymentType: PayableType;
  accountNo: string;
  amountSen: number;
  status: PaymentState;
}

export interface Page<T> {
  rows: T[];
  page: number;
  pageSize: number;
  total: number;
}
