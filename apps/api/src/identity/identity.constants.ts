import {
  PHONE_CODE_MAX_ATTEMPTS,
  PHONE_CODE_TTL_MINUTES,
  RESET_LINK_TTL_HOURS,
  RESET_PASSWORD_ROUTE,
  VERIFY_EMAIL_ROUTE,
} from '@councilpay/domain';

/** A registration's SMS code works for 10 minutes after it was sent, for 5 tries. */
export const PHONE_CODE_TTL_MS = PHONE_CODE_TTL_MINUTES * 60_000;
export const PHONE_CODE_MAX_TRIES = PHONE_CODE_MAX_ATTEMPTS;
/** A registration may have its code sent this many times in all (the first and 3 resends)... */
export const PHONE_CODE_MAX_SENDS = 4;
/** ...at least this long apart. */
export const PHONE_CODE_RESEND_AFTER_MS = 60_000;

/** A reset link works once, within 24 hours of its creation. */
export const RESET_LINK_TTL_MS = RESET_LINK_TTL_HOURS * 3600_000;
/** An email verification link works for 7 days (and answers "verified" when opened again). */
export const EMAIL_LINK_TTL_MS = 7 * 24 * 3600_000;

/** Rate limits of the messages anyone can make us send: [how many, per window]. */
export const LIMITS = {
  /** Registrations started from one address, and for one phone number. */
  registerPerAddress: [10, 3600_000],
  registerPerPhone: [5, 3600_000],
  /** Registrations started for one email (whoever asks: the answer is the same for a taken one). */
  registerPerEmail: [5, 3600_000],
  /** Reset links asked for one email (beyond it: the same answer, nothing sent), and from one address. */
  resetPerEmail: [3, 3600_000],
  resetPerAddress: [20, 3600_000],
  /**
   * Registrations finished with an email or NRIC that already has an account, per phone that proved itself
   * with the SMS code: the answer names which is taken (so a person knows what to fix), so each phone may learn
   * it only this often; beyond it 429.
   */
  registerTakenPerPhone: [3, 24 * 3600_000],
  /** Verification emails a signed-in user may ask for again. */
  emailVerificationPerUser: [5, 24 * 3600_000],
} as const satisfies Record<string, readonly [number, number]>;

export function resetLink(publicUrl: string, resetId: string): string {
  return `${publicUrl}/#${RESET_PASSWORD_ROUTE}?id=${encodeURIComponent(resetId)}`;
}

export function verifyEmailLink(publicUrl: string, token: string): string {
  return `${publicUrl}/#${VERIFY_EMAIL_ROUTE}?token=${encodeURIComponent(token)}`;
}
