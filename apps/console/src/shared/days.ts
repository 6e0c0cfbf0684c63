import { MALAYSIA_UTC_OFFSET_MS } from '@councilpay/domain';

/** Today in Malaysia, shifted by `days`, as YYYY-MM-DD. */
export function malaysiaDay(days = 0, now = Date.now()): string {
  return new Date(now + MALAYSIA_UTC_OFFSET_MS + days * 86_400_000).toISOString().slice(0, 10);
}
