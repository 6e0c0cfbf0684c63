import { formatAmount } from '@councilpay/domain';

/** How the API's CSV files write a cell (payments, the day's close, collection files, a bill file's errors). */

/** A spreadsheet runs a cell that starts with one of these as a formula: such text is kept as text. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV cell: quoted when it holds a comma, quote or line break; a payer's text never becomes a formula. */
export function csvCell(value: string, userText = false): string {
  const text = userText && FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * An identifier made of digits (a 20-digit invoice no., a transaction id, an account or phone number) as text a
 * spreadsheet keeps whole: read as a number it would lose its leading zeros, its plus, or every digit past the
 * fifteenth. `="..."` is the form spreadsheets show as the text inside; only our own digits are written so.
 */
export function identifierCell(value: string): string {
  return /^\+?\d+$/.test(value) ? csvCell(`="${value}"`) : csvCell(value);
}

/** Money as RM with two decimals and no thousands separator (a spreadsheet reads it as a number). */
export const rm = (amountSen: number) => formatAmount(amountSen).replace(/,/g, '');
