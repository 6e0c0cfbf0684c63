/**
 * References printed on gateway requests and receipts: the invoice number sent to the card gateway
 * (zero-padded to 20 digits) and our receipt numbers.
 */

export const INVOICE_NO_LENGTH = 20;
export const RECEIPT_SEQUENCE_MIN_DIGITS = 6;

/** Digits of a non-negative integer given as a bigint or a safe-integer number; throws otherwise. */
function nonNegativeIntegerDigits(n: bigint | number, what: string): string {
  if (typeof n === 'bigint') {
    if (n < 0n) throw new RangeError(`${what} must not be negative: ${n.toString()}`);
    return n.toString();
  }
  if (!Number.isSafeInteger(n) || n < 0)
    throw new RangeError(`${what} must be a non-negative safe integer: ${String(n)}`);
  return String(n);
}

/** The invoice number zero-padded to 20 digits: 123 -> '00000000000000000123'. Throws if it has more digits. */
export function formatInvoiceNo(n: bigint | number): string {
  const digits = nonNegativeIntegerDigits(n, 'Invoice number');
  if (digits.length > INVOICE_NO_LENGTH) {
    throw new RangeError(`Invoice number has more than ${INVOICE_NO_LENGTH} digits: ${digits}`);
  }
  return digits.padStart(INVOICE_NO_LENGTH, '0');
}

/**
 * A receipt number: upper-cased council code, year, sequence padded to at least 6 digits
 * ('mdpg', 2026, 123 -> 'MDPG-2026-000123'). The sequence counts from 1 per council and year and may
 * grow past 999999 (the number just gets longer).
 */
export function formatReceiptNo(councilCode: string, year: number, seq: number | bigint): string {
  if (!/^[a-z0-9]+$/i.test(councilCode)) throw new RangeError(`Invalid council code: "${councilCode}"`);
  if (!Number.isInteger(year) || year < 1000 || year > 9999) throw new RangeError(`Invalid year: ${String(year)}`);
  const digits = nonNegativeIntegerDigits(seq, 'Receipt sequence');
  if (/^0+$/.test(digits)) throw new RangeError('Receipt sequence starts at 1');
  return `${councilCode.toUpperCase()}-${year}-${digits.padStart(RECEIPT_SEQUENCE_MIN_DIGITS, '0')}`;
}
