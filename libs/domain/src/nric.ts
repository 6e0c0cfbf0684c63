/**
 * Malaysian NRIC (MyKad number) validation for registration. A number is 12 digits,
 * written with or without dashes and spaces (900101-12-5555); its first six are the holder's date of
 * birth YYMMDD.
 */
import { malaysiaDate } from './display';

export type NricError =
  /** 'NRIC must be in 12 characters length' (also for letters: there is one message for the shape). */
  | 'nric_length'
  /** 'Invalid date of birth'. */
  | 'nric_dob';

export type NricResult =
  { readonly ok: true; readonly value: string } | { readonly ok: false; readonly code: NricError };

export const NRIC_LENGTH = 12;

/** The NRIC without dashes and whitespace. */
export function normaliseNric(raw: string): string {
  return raw.replace(/[-\s]/g, '');
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
  const days = [31, isLeapYear(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  return days[month - 1] ?? 0;
}

/** A date on the calendar, month 1-12. */
export interface CalendarDate {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

function compareDates(a: CalendarDate, b: CalendarDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

/**
 * The date of birth encoded in a 12-digit NRIC, or null if it is not a calendar date. YY is read as 20YY
 * unless that date is after `today` (Malaysia time), then as 19YY.
 */
export function nricBirthDate(digits: string, today: Date = new Date()): CalendarDate | null {
  const yy = Number(digits.slice(0, 2));
  const month = Number(digits.slice(2, 4));
  const day = Number(digits.slice(4, 6));
  const in2000s = { year: 2000 + yy, month, day };
  const year = compareDates(in2000s, malaysiaDate(today)) > 0 ? 1900 + yy : 2000 + yy;
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

/** Validates an NRIC as typed; on success `value` is the 12 digits without separators. */
export function validateNric(raw: string, today: Date = new Date()): NricResult {
  const value = normaliseNric(raw);
  if (value.length !== NRIC_LENGTH || !/^\d+$/.test(value)) return { ok: false, code: 'nric_length' };
  if (nricBirthDate(value, today) === null) return { ok: false, code: 'nric_dob' };
  return { ok: true, value };
}

/** '900101125555' -> '900101-12-5555' (display form); other input is returned unchanged. */
export function formatNric(value: string): string {
  return /^\d{12}$/.test(value) ? `${value.slice(0, 6)}-${value.slice(6, 8)}-${value.slice(8)}` : value;
}
