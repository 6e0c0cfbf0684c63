/**
 * Money is an integer number of sen (1 RM = 100 sen) everywhere: in the database, the API, the cart and
 * the gateways' amounts before they are formatted. Ringgit with two decimals is only ever a display or
 * input concern, handled here without floating-point arithmetic.
 */

/** An amount of money in sen. Always a safe integer (checked by `sen`). */
export type Sen = number;

export const SEN_PER_RINGGIT = 100;

/** Returns `n` if it is a safe integer number of sen; throws a RangeError otherwise (fractions, NaN, huge). */
export function sen(n: number): Sen {
  if (!Number.isSafeInteger(n)) {
    throw new RangeError(`Not an integer amount of sen: ${String(n)}`);
  }
  return n === 0 ? 0 : n; // never hand out -0
}

/** True when `value` is a safe integer, i.e. a usable amount of sen. */
export function isSen(value: unknown): value is Sen {
  return typeof value === 'number' && Number.isSafeInteger(value);
}

/**
 * Ringgit text: optional "RM" prefix, optional minus sign, digits (optionally grouped by commas in
 * threes) and at most two decimals. "12", "12.3", "12.30", "1,234.50", "-0.50", "RM 12.30" all parse.
 */
const RINGGIT_PATTERN = /^(?:RM\s?)?(-)?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/i;

/**
 * Parses ringgit text into sen, reading the digits as integers (never `parseFloat`): "12.30" -> 1230.
 * Returns null for anything else (empty, letters, three decimals, "1.", ".5", "1,23").
 */
export function tryParseRinggit(text: string): Sen | null {
  const match = RINGGIT_PATTERN.exec(text.trim());
  if (!match) return null;
  const [, minus, wholeText = '', fractionText = ''] = match;
  const whole = Number(wholeText.replace(/,/g, ''));
  const fraction = Number(fractionText.padEnd(2, '0'));
  const magnitude = whole * SEN_PER_RINGGIT + fraction;
  if (!Number.isSafeInteger(magnitude)) return null;
  return minus && magnitude !== 0 ? -magnitude : magnitude;
}

/** Like `tryParseRinggit`, but throws a RangeError on text that is not a ringgit amount. */
export function parseRinggit(text: string): Sen {
  const value = tryParseRinggit(text);
  if (value === null) throw new RangeError(`Not a ringgit amount: "${text}"`);
  return value;
}

/** Groups the digits of a whole number by commas: "1234567" -> "1,234,567". */
function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Sen as ringgit with two decimals and thousands separators, no currency: 123450 -> "1,234.50", -5 -> "-0.05". */
export function formatAmount(amount: Sen): string {
  const value = sen(amount);
  const magnitude = Math.abs(value);
  const cents = magnitude % SEN_PER_RINGGIT;
  const whole = (magnitude - cents) / SEN_PER_RINGGIT; // exact: magnitude - cents is a multiple of 100
  const text = `${groupThousands(String(whole))}.${String(cents).padStart(2, '0')}`;
  return value < 0 ? `-${text}` : text;
}

/** Sen as a ringgit label: 1230 -> "RM 12.30", 123450 -> "RM 1,234.50", -1230 -> "-RM 12.30". */
export function formatRinggit(amount: Sen): string {
  const value = sen(amount);
  const text = `RM ${formatAmount(Math.abs(value))}`;
  return value < 0 ? `-${text}` : text;
}

/** Sum of amounts in sen; throws if any amount or the total is not a safe integer. */
export function sumSen(amounts: readonly Sen[]): Sen {
  return sen(amounts.reduce<number>((total, amount) => total + sen(amount), 0));
}

/**
 * Integer division of an amount by a positive integer divisor, rounded to the nearest sen with halves
 * going away from zero (for non-negative amounts this is exactly `Math.round(amount / divisor)`),
 * computed with integer remainder arithmetic only.
 */
export function divideSenRounded(amount: Sen, divisor: number): Sen {
  const value = sen(amount);
  if (!Number.isSafeInteger(divisor) || divisor <= 0) {
    throw new RangeError(`Divisor must be a positive integer: ${String(divisor)}`);
  }
  const magnitude = Math.abs(value);
  const remainder = magnitude % divisor;
  const quotient = (magnitude - remainder) / divisor;
  const rounded = remainder * 2 >= divisor ? quotient + 1 : quotient;
  return value < 0 ? sen(-rounded) : rounded;
}

/**
 * Shares an amount charged on a whole payment (a duplicate charge, or its refund) over the payment's items in
 * proportion to their amounts, in whole sen: each item gets the floor of its proportion, and what the floors
 * leave over goes to the first item (in the cart's order). The shares always add up to `totalSen`.
 */
export function shareOverItems<T extends { amountSen: Sen }>(
  totalSen: Sen,
  items: readonly T[],
): { item: T; sen: Sen }[] {
  const whole = items.reduce((n, i) => n + i.amountSen, 0);
  if (items.length === 0) return [];
  if (whole === 0) return items.map((item, n) => ({ item, sen: n === 0 ? totalSen : 0 }));
  const shares = items.map((item) => ({ item, sen: Math.floor((totalSen * item.amountSen) / whole) }));
  shares[0].sen += totalSen - shares.reduce((n, s) => n + s.sen, 0);
  return shares;
}
