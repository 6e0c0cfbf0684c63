/**
 * When a payment without a final answer is asked of its gateway again: about 2 minutes after creation, then
 * 10 and 30 minutes, 1 hour, then every hour; with no final answer 24 hours after creation it expires.
 * `scale` shrinks every interval alike (tests); it is 1 in production.
 */
const MINUTE = 60_000;
export const REQUERY_DELAYS_MS = [2 * MINUTE, 10 * MINUTE, 30 * MINUTE, 60 * MINUTE];
export const REQUERY_EVERY_MS_AFTER = 60 * MINUTE;
export const EXPIRE_AFTER_MS = 24 * 60 * MINUTE;
/**
 * A payment that ended without the bank's approval (failed, expired, cancelled) is asked again once a day
 * for 7 days after it ended: a debit whose answer was lost is found without the payer coming back.
 */
export const SLOW_REQUERY_EVERY_MS = 24 * 60 * MINUTE;
export const SLOW_REQUERY_FOR_MS = 7 * SLOW_REQUERY_EVERY_MS;
/**
 * An open payment whose enquiries have all failed for as long as the slow schedule lasts (7 days) raises an
 * operator alert: the bank cannot be asked about it. It stays open, asked once a day (never decided without
 * the bank's answer).
 */
export const BANK_SILENT_AFTER_MS = SLOW_REQUERY_FOR_MS;

/** The delay before enquiry number `attempt` (1-based), counted from the previous one. */
export function requeryDelayMs(attempt: number, scale = 1): number {
  const base = REQUERY_DELAYS_MS[attempt - 1] ?? REQUERY_EVERY_MS_AFTER;
  return Math.max(1, Math.round(base * scale));
}

/** When enquiry number `attempt` is due, never later than the expiry moment. */
export function nextRequeryAt(createdAt: Date, previous: Date, attempt: number, scale = 1): Date {
  const due = previous.getTime() + requeryDelayMs(attempt, scale);
  return new Date(Math.min(due, expiresAt(createdAt, scale).getTime()));
}

export function expiresAt(createdAt: Date, scale = 1): Date {
  return new Date(createdAt.getTime() + Math.round(EXPIRE_AFTER_MS * scale));
}

/** The next slow enquiry of a payment that ended at `endedAt`, or null once its 7 days are over. */
export function nextSlowRequeryAt(endedAt: Date, previous: Date, scale = 1): Date | null {
  const due = previous.getTime() + Math.max(1, Math.round(SLOW_REQUERY_EVERY_MS * scale));
  return due <= endedAt.getTime() + Math.round(SLOW_REQUERY_FOR_MS * scale) ? new Date(due) : null;
}
