import type { Language } from '../language';
import type { PayableType } from '../payable-types';
import type { PaymentState } from '../payment-state';
import { COUNCIL_ROLES, type CouncilGrant, type CouncilRole } from '../staff-roles';

/**
 * Identity API contracts. Sessions are server-side (Redis) behind an httpOnly cookie; every state-changing
 * request that carries the session cookie must send the header `X-CSRF-Token` with the value of the
 * readable cookie `cp_csrf` (double submit). Requests without a session (guests) need no token.
 */
export const CSRF_COOKIE = 'cp_csrf';
export const CSRF_HEADER = 'X-CSRF-Token';

/** `user` pays; `_admin` runs the system; the council roles (staff-roles.ts) work within their councils. */
export type Role = 'user' | '_admin' | CouncilRole;
export const ROLES: readonly Role[] = ['user', '_admin', ...COUNCIL_ROLES];

/**
 * The second factor of staff accounts: TOTP (RFC 6238: 6 digits, 30-second steps, one step either side
 * accepted, a step's code accepted once), or one of the 10 single-use recovery codes shown at enrolment.
 */
export const TOTP_DIGITS = 6;
export const TOTP_STEP_SECONDS = 30;
export const TOTP_WINDOW_STEPS = 1;
export const RECOVERY_CODE_COUNT = 10;
/** The issuer an authenticator app shows beside the account. */
export const TOTP_ISSUER = 'CouncilPay';

/**
 * Where a session stands with the second factor: `not_needed` (a payer), `enrolment_required` (staff with no
 * second factor yet: enrol first), `code_required` (staff signed in with the password only: send a code),
 * `passed`. Until `passed`, a staff session may use only /api/auth (me, logout, the second-factor routes):
 * everything else that needs a signed-in user answers 403 `second_factor_enrolment_required` or
 * `second_factor_required`.
 */
export type SecondFactorState = 'not_needed' | 'enrolment_required' | 'code_required' | 'passed';

/**
 * Requests the console makes by itself (a screen refreshing its figures) carry this header with the value `1`:
 * they do not count as a person's activity, so they never keep an idle staff session alive.
 */
export const BACKGROUND_REQUEST_HEADER = 'X-CouncilPay-Background';

/**
 * POST /api/auth/second-factor/enrolment (staff, `enrolment_required`): a new secret, shown once, replacing any
 * unconfirmed one. Answers 201 SecondFactorEnrolment; 409 `second_factor_already_enrolled`.
 */
export interface SecondFactorEnrolment {
  /** Base32, for typing into an authenticator app. */
  secret: string;
  /** otpauth://totp/... (what the QR code holds). */
  otpauthUrl: string;
  /** The QR code as a data:image/png URL. */
  qrDataUrl: string;
}

/**
 * POST /api/auth/second-factor/enrolment/confirm { code }: turns the second factor on with the first valid code
 * and passes the session. Answers 200 SecondFactorEnrolled (the recovery codes, shown this once); 400
 * `second_factor_code_incorrect`; 409 `second_factor_not_started` when no enrolment was begun.
 */
export interface SecondFactorCodeRequest {
  code: string;
}

export interface SecondFactorEnrolled {
  user: SessionUser;
  recoveryCodes: string[];
}

/**
 * POST /api/auth/second-factor/verify { code } or { recoveryCode } (staff, `code_required`): passes the session.
 * Answers 200 SessionUser; 400 `second_factor_code_incorrect` (also for a code used before or a used recovery
 * code); 429 after repeated failures (counted like failed passwords).
 */
export interface SecondFactorVerifyRequest {
  code?: string;
  recoveryCode?: string;
}

/**
 * POST /api/auth/second-factor/recovery-codes (staff, `passed`): ten new recovery codes, the old ones void.
 * Answers 201 RecoveryCodes.
 */
export interface RecoveryCodes {
  recoveryCodes: string[];
}

/** Where the emailed links land in the portal (hash routes). The API builds them from PUBLIC_URL. */
export const RESET_PASSWORD_ROUTE = '/reset_password';
export const VERIFY_EMAIL_ROUTE = '/verify_email';

/** Registration and reset limits the portal may show. */
export const PHONE_CODE_LENGTH = 6;
export const PHONE_CODE_TTL_MINUTES = 10;
export const PHONE_CODE_MAX_ATTEMPTS = 5;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const RESET_LINK_TTL_HOURS = 24;

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

/**
 * Why a code was refused (400 `invalid_code`, 'Invalid Code'): `details.reason` is `wrong` (with
 * `details.attemptsLeft`), `voided` (5 wrong tries: ask for a new code), `expired` (10 minutes passed) or
 * `used`.
 */
export type CodeRefusal = 'wrong' | 'voided' | 'expired' | 'used';

/** POST /api/auth/register/resend { verificationId }: a new code (limited). */
export interface ResendCodeRequest {
  verificationId: string;
}

/**
 * POST /api/auth/login. Answers 200 SessionUser (staff: `secondFactor` says what comes next); 401 email_or_password_incorrect; 429 when throttled. */
export interface LoginRequest {
  email: string;
  password: string;
}

/** GET /api/auth/me (401 when signed out), and the answer of login and verify. */
export interface SessionUser {
  /** The login name: the email. */
  name: string;
  fullName: string;
  /** `user`, `_admin`, and every council role held in some council. */
  roles: Role[];
  /** Every council the account holds a role in. */
  councils: string[];
  /** The role held in each council. */
  grants: CouncilGrant[];
  phone: string | null;
  /** Masked except the last 4 digits. */
  nric: string | null;
  emailVerified: boolean;
  machineId: string;
  /** Where this session stands with the second factor (staff only; payers: `not_needed`). */
  secondFactor: SecondFactorState;
}

/** POST /api/auth/forgot-password: always 202 { code: 'email_sent' }, whether or not the email exists. */
export interface ForgotPasswordRequest {
  email: string;
  language?: Language;
}

/**
 * POST /api/auth/reset-password/check { resetId }: is the link still good, before the form is shown?
 * 200 ResetPasswordStatus; 404 `invalid_request` (unknown id); 410 `reset_timeout` (older than 24 hours) or
 * 410 `invalid_request` with `details.reason: 'used'`. The id travels in bodies only, never in a URL the
 * server logs.
 */
export interface ResetPasswordCheckRequest {
  resetId: string;
}

export interface ResetPasswordStatus {
  /** Masked email of the account. */
  email: string;
  expiresAt: string;
}

/**
 * POST /api/auth/reset-password: the id from the emailed link. 200 { code: 'update_successful' }; the same
 * refusals as the check. Every session of the account ends.
 */
export interface ResetPasswordRequest {
  resetId: string;
  password: string;
  confirmPassword: string;
}

/**
 * POST /api/auth/verify-email { token }: the link sent by email. 200 { code: 'email_verified' } (also when the
 * link is opened again); 404 / 410 `invalid_request` for an unknown or expired link.
 * POST /api/auth/verify-email/resend (signed in): 202 { code: 'email_verification_sent' }; 503
 * `failed_to_send_email_verification` when it cannot be queued; 429 when asked too often.
 */
export interface VerifyEmailRequest {
  token: string;
}

/** The answer of the commands that only report an outcome (an i18n key under `errors`). */
export interface CodeAnswer<C extends string = string> {
  code: C;
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

/** PUT /api/me/profile body. `nric` may be left out, or sent back masked as read, to keep it. */
export interface ProfileUpdateRequest {
  fullName: string;
  phone: string;
  nric?: string;
  version: number;
}

/** PUT /api/me/profile answer (200); a stale `version` is a 409 `data_no_changes` ApiErrorBody instead. */
export interface ProfileUpdateResult {
  code: 'update_successful' | 'data_no_changes';
  profile: ProfileDto;
}

/**
 * GET /api/me/payments?page=1&pageSize=20: one row per bill paid (a payment of three bills is three rows
 * with the same reference), newest payment first. Rows are the payments made while signed in, and, once the
 * account's email is verified, the guest payments made with that email. GET /api/me/payments/:reference is
 * one of those payments (PaymentDto, 404 for anyone else's); GET /api/payments/:reference stays open to
 * whoever holds the reference.
 */
export interface HistoryRowDto {
  /** When the payment was made (ISO). */
  date: string;
  reference: string;
  council: string;
  paymentType: PayableType;
  /** The account id as searched (normalised). */
  accountNo: string;
  /** The account id as printed on the bill. */
  displayNo: string;
  amountSen: number;
  status: PaymentState;
  receiptNo: string | null;
  method: 'fpx' | 'card';
  /** The bank's display name: FPX's bank, or the card's bank (null for card payments made before it was asked). */
  bankName: string | null;
  /** Card only: '48' Visa, '49' Mastercard. */
  cardMethod: string | null;
}

export interface Page<T> {
  rows: T[];
  page: number;
  pageSize: number;
  total: number;
}
