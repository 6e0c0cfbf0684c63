import { WEBHOOK_RETRY_WINDOW_MS } from '@councilpay/domain';

/** The first retry's wait; each further failure doubles it, up to RETRY_MAX_DELAY_MS. */
export const RETRY_FIRST_DELAY_MS = 30_000;
export const RETRY_MAX_DELAY_MS = 6 * 3600_000;

/**
 * When a delivery that has failed `failures` times (1 or more) is tried again: 30 s, 1 min, 2 min … doubling up
 * to every 6 hours; null once that would be more than WEBHOOK_RETRY_WINDOW_MS (72 h) after the delivery was
 * made (it has failed for good).
 */
export function nextRetryAt(failures: number, madeAt: Date, now: Date): Date | null {
  const delay = Math.min(RETRY_FIRST_DELAY_MS * 2 ** Math.max(0, failures - 1), RETRY_MAX_DELAY_MS);
  const at = new Date(now.getTime() + delay);
  return at.getTime() - madeAt.getTime() > WEBHOOK_RETRY_WINDOW_MS ? null : at;
}
