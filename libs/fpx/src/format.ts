/**
 * Value formats shared by the FPX and card messages: money (integer sen <-> "12.30"),
 * FPX timestamps (YYYYMMDDhhmmss in Malaysia time) and the input checks every builder applies.
 */

/** Thrown by the message builders when an input cannot be put on the wire. */
export class FpxInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FpxInputError';
  }
}

/** Malaysia time (MYT) is UTC+8 all year round (no daylight saving). */
export const MYT_OFFSET_MINUTES = 8 * 60;

const MYT_OFFSET_MS = MYT_OFFSET_MINUTES * 60 * 1000;

/**
 * Integer sen to the gateways' amount text, without floating point: 1230 -> "12.30", 5 -> "0.05".
 * Throws a RangeError for a negative, fractional or unsafe number.
 */
export function formatAmountSen(sen: number | bigint): string {
  let value: bigint;
  if (typeof sen === 'bigint') {
    value = sen;
  } else {
    if (!Number.isSafeInteger(sen)) throw new RangeError(`amount in sen must be a safe integer, got ${sen}`);
    value = BigInt(sen);
  }
  if (value < 0n) throw new RangeError(`amount in sen must not be negative, got ${value}`);
  const whole = value / 100n;
  const cents = value % 100n;
  return `${whole.toString()}.${cents.toString().padStart(2, '0')}`;
}

const AMOUNT_TEXT = /^(\d{1,13})(?:\.(\d{1,2}))?$/;

/**
 * The gateways' amount text back to integer sen: "12.30" -> 1230, "12.3" -> 1230, "12" -> 1200.
 * Returns null for anything else (signs, exponents, more than two decimals, spaces).
 */
export function parseAmountToSen(text: string): number | null {
  const match = AMOUNT_TEXT.exec(text);
  if (!match) return null;
  const whole = match[1] ?? '0';
  const cents = (match[2] ?? '').padEnd(2, '0');
  const sen = Number(whole) * 100 + Number(cents);
  return Number.isSafeInteger(sen) ? sen : null;
}

function pad(value: number, width: number): string {
  return value.toString().padStart(width, '0');
}

/** A moment as FPX time text, YYYYMMDDhhmmss in Malaysia time (UTC+8, computed by offset). */
export function formatFpxTime(date: Date): string {
  const ms = date.getTime();
  if (Number.isNaN(ms)) throw new RangeError('invalid date');
  const myt = new Date(ms + MYT_OFFSET_MS);
  return (
    pad(myt.getUTCFullYear(), 4) +
    pad(myt.getUTCMonth() + 1, 2) +
    pad(myt.getUTCDate(), 2) +
    pad(myt.getUTCHours(), 2) +
    pad(myt.getUTCMinutes(), 2) +
    pad(myt.getUTCSeconds(), 2)
  );
}

const FPX_TIME = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/;

/** FPX time text (Malaysia time) to a Date; null when malformed or not a real calendar moment. */
export function parseFpxTime(text: string): Date | null {
  const match = FPX_TIME.exec(text);
  if (!match) return null;
  const [y, mo, d, h, mi, s] = match.slice(1).map(Number) as [number, number, number, number, number, number];
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi, s) - MYT_OFFSET_MS);
  return formatFpxTime(date) === text ? date : null;
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * Whether a value can go into a signed gateway message at all: no '|' (the checksum separator) and no
 * control characters. The API refuses payer details that break this before anything is written.
 */
export function isWireValue(value: string): boolean {
  return !value.includes('|') && !CONTROL.test(value);
}

/**
 * Checks a value that goes into a signed message: a string without control characters and
 * without '|' (the checksum separator: a '|' inside a value would make two different messages
 * share one source string). Empty values are refused unless `allowEmpty`.
 */
export function checkWireValue(name: string, value: string, allowEmpty = false): string {
  if (typeof value !== 'string') throw new FpxInputError(`${name} must be a string`);
  if (!allowEmpty && value.length === 0) throw new FpxInputError(`${name} is required`);
  if (!isWireValue(value)) {
    throw new FpxInputError(
      value.includes('|') ? `${name} must not contain '|'` : `${name} must not contain control characters`,
    );
  }
  return value;
}

/** Spaces are stripped from email addresses and phone numbers before sending (spec, section 5). */
export function stripSpaces(value: string): string {
  return value.replace(/\s+/g, '');
}
