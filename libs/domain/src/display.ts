/**
 * Display rules: masking of identity numbers and names, truncation of long text and
 * DD/MM/YYYY dates in Malaysia time. Money with two decimals is `formatRinggit` / `formatAmount` in
 * money.ts. Code points, not UTF-16 units, are counted, so Chinese names and emoji are never split.
 */

/** Identity numbers show only their last 4 characters. */
export const UNMASKED_DIGITS = 4;
/** Masked names show their first 3 characters... */
export const NAME_VISIBLE_CHARS = 3;
/** ...but always hide at least 2, so a short name is never shown whole... */
export const NAME_MIN_HIDDEN_CHARS = 2;
/** ...and are at most 19 characters long, asterisks included. */
export const MASKED_NAME_MAX_LENGTH = 19;
/** The two truncation lengths: long text (descriptions) and short text (table cells). */
export const TRUNCATE_LONG = 70;
export const TRUNCATE_SHORT = 18;
export const ELLIPSIS = '...';
export const MASK_CHAR = '*';

/** Malaysia Time is UTC+8 all year (no daylight saving). */
export const MALAYSIA_UTC_OFFSET_MS = 8 * 60 * 60 * 1000;

/** '900101125555' -> '********5555': every character but the last 4 becomes '*', length kept. */
export function maskIdentity(identity: string): string {
  const chars = Array.from(identity.trim());
  const masked = Math.max(chars.length - UNMASKED_DIGITS, 0);
  return MASK_CHAR.repeat(masked) + chars.slice(masked).join('');
}

/**
 * 'AHMAD BIN ABDULLAH SULAIMAN' -> 'AHM****************' (19 chars): the first 3 characters stay, every
 * other character (spaces too, so word lengths do not leak) becomes '*', and the result is cut to 19. At
 * least 2 characters are always hidden: 'ALI' -> 'A**', 'AB' -> '**'.
 */
export function maskName(name: string): string {
  const chars = Array.from(name.trim());
  const shown = Math.min(NAME_VISIBLE_CHARS, Math.max(chars.length - NAME_MIN_HIDDEN_CHARS, 0));
  const visible = chars.slice(0, shown).join('');
  const hidden = MASK_CHAR.repeat(chars.length - shown);
  return Array.from(visible + hidden)
    .slice(0, MASKED_NAME_MAX_LENGTH)
    .join('');
}

/**
 * Text longer than `maxLength` characters is cut to its first `maxLength` characters (trailing spaces
 * dropped) followed by '...'; shorter text is returned unchanged.
 */
export function truncate(text: string, maxLength: number = TRUNCATE_LONG): string {
  if (!Number.isSafeInteger(maxLength) || maxLength < 0) {
    throw new RangeError(`maxLength must be a non-negative integer: ${String(maxLength)}`);
  }
  const chars = Array.from(text);
  if (chars.length <= maxLength) return text;
  return chars.slice(0, maxLength).join('').trimEnd() + ELLIPSIS;
}

/** The instant as a Date whose UTC fields read as Malaysia wall-clock time; throws on an invalid date. */
function malaysiaWallClock(date: Date | number): Date {
  const ms = typeof date === 'number' ? date : date.getTime();
  if (!Number.isFinite(ms)) throw new RangeError('Invalid date');
  return new Date(ms + MALAYSIA_UTC_OFFSET_MS);
}

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

/** DD/MM/YYYY of the instant in Malaysia time (UTC+8), whatever the device's time zone. */
export function formatDate(date: Date | number): string {
  const local = malaysiaWallClock(date);
  return `${pad2(local.getUTCDate())}/${pad2(local.getUTCMonth() + 1)}/${String(local.getUTCFullYear()).padStart(4, '0')}`;
}

/** DD/MM/YYYY HH:mm (24-hour) of the instant in Malaysia time, for receipts and history rows. */
export function formatDateTime(date: Date | number): string {
  const local = malaysiaWallClock(date);
  return `${formatDate(date)} ${pad2(local.getUTCHours())}:${pad2(local.getUTCMinutes())}`;
}

/** The Malaysian calendar day `days` days from `now`, as YYYY-MM-DD (report ranges, file names). */
export function malaysiaDay(days = 0, now: Date | number = Date.now()): string {
  return new Date(Number(now) + MALAYSIA_UTC_OFFSET_MS + days * 86_400_000).toISOString().slice(0, 10);
}

/** The calendar date of the instant in Malaysia time. */
export function malaysiaDate(date: Date | number): { year: number; month: number; day: number } {
  const local = malaysiaWallClock(date);
  return { year: local.getUTCFullYear(), month: local.getUTCMonth() + 1, day: local.getUTCDate() };
}

/**
 * 'aminah.sapin@gmail.com' -> 'ami*********@gmail.com': at most the first 3 characters of the name stay, and
 * never more than half of it, so a short address is masked too ('ab@x.my' -> 'a*@x.my', 'a@x.my' -> '*@x.my');
 * the domain stays.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 0) return maskName(email);
  const local = Array.from(email.slice(0, at));
  const shown = Math.min(NAME_VISIBLE_CHARS, Math.floor(local.length / 2));
  return `${local.slice(0, shown).join('')}${MASK_CHAR.repeat(local.length - shown)}${email.slice(at)}`;
}

/** A month of a year as bills and licences print it: MM/YYYY; the year alone when there is no month. */
export function formatMonthYear(year: number, month: number | null): string {
  return month ? `${String(month).padStart(2, '0')}/${year}` : String(year);
}

/** A month written YYYY-MM (as a licence's code carries it) as the paper prints it, MM/YYYY; else as given. */
export function formatYearMonth(value: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(value.trim());
  return match ? formatMonthYear(Number(match[1]), Number(match[2])) : value;
}
