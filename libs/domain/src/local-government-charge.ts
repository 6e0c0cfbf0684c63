/**
 * The local government charge form: every field required, the number of days
 * computed from the start and end dates (both counted), amount = number of people x number of days, at
 * the charge's rate per person per day, never below 0. The portal shows it, the API charges it.
 */
import { sen, type Sen } from './money';

const DAY_MS = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Milliseconds of a calendar date 'YYYY-MM-DD' (UTC midnight), or of a full ISO time; null when invalid. */
function dateValue(text: string): number | null {
  const match = ISO_DATE.exec(text.trim());
  if (match) {
    const [, y, m, d] = match.map(Number) as [number, number, number, number];
    const ms = Date.UTC(y, m - 1, d);
    const back = new Date(ms);
    // 2026-02-30 is not a date (Date.UTC would roll it over to March).
    if (back.getUTCFullYear() !== y || back.getUTCMonth() !== m - 1 || back.getUTCDate() !== d) return null;
    return ms;
  }
  const ms = Date.parse(text);
  return Number.isFinite(ms) ? ms : null;
}

/**
 * The number of days from `startDate` to `endDate`, both included (the same day is 1 day); null when a
 * date is invalid or the end is before the start.
 */
export function chargeDays(startDate: string, endDate: string): number | null {
  const start = dateValue(startDate);
  const end = dateValue(endDate);
  if (start === null || end === null || end < start) return null;
  return Math.round((end - start) / DAY_MS) + 1;
}

/** amount = people x days x rate per person per day, in sen; 0 for a negative or partial count. */
export function chargeAmountSen(people: number, days: number, ratePerPersonPerDaySen: Sen): Sen {
  if (!Number.isSafeInteger(people) || !Number.isSafeInteger(days) || people <= 0 || days <= 0) return 0;
  return Math.max(0, sen(people * days * sen(ratePerPersonPerDaySen)));
}

/**
 * The charge as chargeAmountSen computes it, or null when it would be more than `maximumSen`: people x days
 * x rate can pass any column (and 2^53) long before a form looks unusual, so the bound is checked on the
 * operands' product as a BigInt, before any amount exists.
 */
export function chargeAmountWithin(
  people: number,
  days: number,
  ratePerPersonPerDaySen: Sen,
  maximumSen: Sen,
): Sen | null {
  if (![people, days, ratePerPersonPerDaySen].every(Number.isSafeInteger)) return null;
  if (people <= 0 || days <= 0 || ratePerPersonPerDaySen <= 0) return 0;
  const product = BigInt(people) * BigInt(days) * BigInt(ratePerPersonPerDaySen);
  return product > BigInt(sen(maximumSen)) ? null : Number(product);
}
