/**
 * Business constants and limits shared by the API and the apps (FPX constants live in libs/fpx, payment limits
 * and methods in payable-rules.ts), with the two small rules built directly on them. Constants only the
 * portal's screens use live in the portal (apps/portal/src/shared/constants.ts).
 */
import { malaysiaDate } from './display';

/** Machine id of the public portal (sessions and payments). */
export const MACHINE_ID_DEFAULT = 'A10';
/** A password reset link is valid for 24 hours after it is created. */
export const RESET_LINK_TTL_MS = 24 * 60 * 60 * 1000;
/** The card form's expiry year runs from the current year to 10 years ahead. */
export const CARD_EXPIRY_YEARS = 10;

/** The card form's fixed bank list (with the codes a payment carries): card-banks.ts. */
export { CARD_BANKS, type CardBank } from './card-banks';

/** True once a reset link created at `createdAt` is older than 24 hours at `now` (exactly 24 h is still valid). */
export function isResetLinkExpired(createdAt: Date | number, now: Date | number = Date.now()): boolean {
  return Number(now) - Number(createdAt) > RESET_LINK_TTL_MS;
}

/** The years the card form offers: this year (Malaysia time) to 10 years ahead, 11 in all. */
export function cardExpiryYears(now: Date | number = Date.now()): number[] {
  const { year } = malaysiaDate(now);
  return Array.from({ length: CARD_EXPIRY_YEARS + 1 }, (_, i) => year + i);
}

/** Card expiry months, 1 to 12. */
export const CARD_EXPIRY_MONTHS: readonly number[] = Array.from({ length: 12 }, (_, i) => i + 1);
