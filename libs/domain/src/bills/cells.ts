/**
 * Strict readers for the cells of a council's bill file (CSV or XLSX) and the bills API. A cell is what the
 * file reader hands over: text (CSV, and XLSX text cells), a number or boolean (XLSX), a Date (an XLSX cell
 * formatted as a date), a formula (an XLSX cell that holds one) or nothing. Each reader either gives the value
 * the bill stores or the code of the reason it refuses the cell; codes double as i18n keys (`bill_cell.<code>`).
 * Nothing is guessed: a cell that could mean two things is refused with a reason the officer can act on.
 */
import { MAX_AMOUNT_SEN } from '../payable-rules';
import { SEN_PER_RINGGIT, type Sen } from '../money';

/** An XLSX cell that holds a formula: refused everywhere (the file must carry values, not calculations). */
export interface FormulaCell {
  readonly formula: string;
}

export type CellValue = string | number | boolean | Date | FormulaCell | null | undefined;

export type CellError =
  /** A required cell is empty. */
  | 'required'
  /** The cell holds a formula, or text starting with = + - @ (read as a formula by spreadsheets). */
  | 'formula'
  /** Text with control characters, or longer than the column allows. */
  | 'text_invalid'
  | 'text_too_long'
  /** An amount that is not ringgit with at most two decimals ("1234.50", "-25.00", "0"). */
  | 'amount_invalid'
  /** An amount with more than two decimals ("12.345"): sen are whole, nothing is rounded. */
  | 'amount_too_precise'
  /** An amount with thousands separators ("1,234.50"): refused, since "1,234" could be a decimal comma. */
  | 'amount_thousands_separator'
  /** A negative amount in a column that cannot be negative. */
  | 'amount_negative'
  /** More than the database's sen column holds (RM 21,474,836.47). */
  | 'amount_too_large'
  /** Not a whole number, or outside the column's range. */
  | 'integer_invalid'
  /** A date that is not YYYY-MM-DD (or an XLSX date cell), or not a real day. */
  | 'date_invalid'
  /** A bare number in a date column: Excel's serial day count, which depends on the workbook's date system. */
  | 'date_excel_serial'
  /** Not one of the column's values. */
  | 'choice_invalid'
  /** Not yes/no. */
  | 'yes_no_invalid';

export type CellResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly code: CellError };

/**
 * Reads one cell; `null` is the value of an empty optional cell. `holds` says whether a value already stored
 * on a bill (its `details`) is one this reader could have given: the same column checks what a file brings in
 * and what any other writer (the demo generator, a migration) puts on a bill.
 */
export type CellParser<T> = ((cell: CellValue) => CellResult<T | null>) & {
  readonly holds: (value: unknown) => value is T;
};

function reader<T>(
  read: (cell: CellValue) => CellResult<T | null>,
  holds: (value: unknown) => value is T,
): CellParser<T> {
  return Object.assign(read, { holds });
}

const ok = <T>(value: T): CellResult<T> => ({ ok: true, value });
const fail = (code: CellError): CellResult<never> => ({ ok: false, code });

function isFormula(cell: CellValue): cell is FormulaCell {
  return typeof cell === 'object' && cell !== null && !(cell instanceof Date) && 'formula' in cell;
}

/** Empty: nothing, or text that is only whitespace. */
export function isEmptyCell(cell: CellValue): boolean {
  return cell == null || (typeof cell === 'string' && cell.trim() === '');
}

/** Control characters other than none at all: tabs and newlines inside a name or an address are refused too. */
// eslint-disable-next-line no-control-regex -- the rule is about control characters
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** Text a spreadsheet would run as a formula when the officer opens the file or our error report. */
const FORMULA_PREFIX = /^[=+\-@]/;

/** Text cells: trimmed, at most `maxLength` characters, no control characters, nothing a spreadsheet would run. */
export function textCell(maxLength: number): CellParser<string> {
  const holds = (value: unknown): value is string =>
    typeof value === 'string' &&
    value === value.trim() &&
    value !== '' &&
    !FORMULA_PREFIX.test(value) &&
    !CONTROL.test(value) &&
    Array.from(value).length <= maxLength;
  return reader((cell) => {
    if (isEmptyCell(cell)) return ok(null);
    if (isFormula(cell)) return fail('formula');
    const value = (cell instanceof Date ? cell.toISOString() : String(cell)).trim();
    if (FORMULA_PREFIX.test(value)) return fail('formula');
    if (CONTROL.test(value)) return fail('text_invalid');
    if (Array.from(value).length > maxLength) return fail('text_too_long');
    return ok(value);
  }, holds);
}

/** Ringgit as written in a bill file: optional minus, digits, optionally a point and one or two digits. */
const PLAIN_RINGGIT = /^(-)?(\d+)(?:\.(\d{1,2}))?$/;
const TOO_PRECISE = /^-?\d+\.\d{3,}$/;
const THOUSANDS = /^-?\d{1,3}(?:,\d{3})+(?:\.\d*)?$/;

/**
 * Amounts in RM → sen, read as digits (never as a float). A number cell from XLSX is read through its shortest
 * decimal text, so 12.5 is 1250 sen and 0.1 + 0.2 (0.30000000000000004) is refused as too precise.
 * `allowNegative` for columns that may hold a credit (a balance, arrears).
 */
export function amountCell(options: { readonly allowNegative?: boolean } = {}): CellParser<Sen> {
  const holds = (value: unknown): value is Sen =>
    Number.isSafeInteger(value) &&
    Math.abs(value as number) <= MAX_AMOUNT_SEN &&
    (options.allowNegative === true || (value as number) >= 0);
  return reader((cell) => {
    if (isEmptyCell(cell)) return ok(null);
    if (isFormula(cell)) return fail('formula');
    if (typeof cell === 'boolean' || cell instanceof Date) return fail('amount_invalid');
    if (typeof cell === 'number' && !Number.isFinite(cell)) return fail('amount_invalid');
    const value = String(cell)
      .trim()
      .replace(/^RM\s?/i, '');
    if (value.startsWith('=')) return fail('formula');
    const match = PLAIN_RINGGIT.exec(value);
    if (!match) {
      if (TOO_PRECISE.test(value)) return fail('amount_too_precise');
      if (THOUSANDS.test(value)) return fail('amount_thousands_separator');
      return fail('amount_invalid');
    }
    const [, minus, whole = '', fraction = ''] = match;
    if (whole.length > 10) return fail('amount_too_large');
    const magnitude = Number(whole) * SEN_PER_RINGGIT + Number(fraction.padEnd(2, '0'));
    if (magnitude > MAX_AMOUNT_SEN) return fail('amount_too_large');
    if (minus && magnitude !== 0 && !options.allowNegative) return fail('amount_negative');
    return ok(minus && magnitude !== 0 ? -magnitude : magnitude);
  }, holds);
}

/** Whole numbers within [min, max] (years, months, counts). */
export function integerCell(min: number, max: number): CellParser<number> {
  const holds = (value: unknown): value is number =>
    Number.isSafeInteger(value) && (value as number) >= min && (value as number) <= max;
  return reader((cell) => {
    if (isEmptyCell(cell)) return ok(null);
    if (isFormula(cell)) return fail('formula');
    const value =
      typeof cell === 'number'
        ? cell
        : typeof cell === 'string' && /^-?\d{1,9}$/.test(cell.trim())
          ? Number(cell.trim())
          : NaN;
    if (!Number.isSafeInteger(value) || value < min || value > max) return fail('integer_invalid');
    return ok(value);
  }, holds);
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Dates as YYYY-MM-DD, stored as that text. An XLSX cell formatted as a date is read as its calendar day (the
 * reader gives it at UTC midnight). A bare number is refused: it is Excel's day serial, which counts from 1900
 * or 1904 depending on the workbook, and only the officer's spreadsheet knows which.
 */
export function dateCell(): CellParser<string> {
  // A stored date is one this reader gives back unchanged.
  const holds = (value: unknown): value is string => {
    if (typeof value !== 'string') return false;
    const result = read(value);
    return result.ok && result.value === value;
  };
  const read: CellParser<string> = reader((cell) => {
    if (isEmptyCell(cell)) return ok(null);
    if (isFormula(cell)) return fail('formula');
    if (cell instanceof Date) {
      return Number.isNaN(cell.getTime()) ? fail('date_invalid') : ok(cell.toISOString().slice(0, 10));
    }
    if (typeof cell === 'number' || (typeof cell === 'string' && /^\d{1,6}(?:\.\d+)?$/.test(cell.trim()))) {
      return fail('date_excel_serial');
    }
    const match = typeof cell === 'string' ? ISO_DATE.exec(cell.trim()) : null;
    if (!match) return fail('date_invalid');
    const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
    const date = new Date(Date.UTC(year, month - 1, day));
    const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
    return real && year >= 1900 ? ok(match[0]) : fail('date_invalid');
  }, holds);
  return read;
}

/** One of a fixed list of values, compared without case; the list's spelling is stored. */
export function choiceCell<T extends string>(values: readonly T[]): CellParser<T> {
  const holds = (value: unknown): value is T =>
    typeof value === 'string' && (values as readonly string[]).includes(value);
  return reader((cell) => {
    if (isEmptyCell(cell)) return ok(null);
    if (isFormula(cell)) return fail('formula');
    const value = String(cell).trim().toLowerCase();
    const found = values.find((v) => v.toLowerCase() === value);
    return found === undefined ? fail('choice_invalid') : ok(found);
  }, holds);
}

const YES = ['yes', 'y', 'ya', 'true', '1'];
const NO = ['no', 'n', 'tidak', 'false', '0'];

/** Yes/no: yes, y, ya, true, 1 / no, n, tidak, false, 0 (any case), or an XLSX boolean. */
export function yesNoCell(): CellParser<boolean> {
  return reader(
    (cell) => {
      if (isEmptyCell(cell)) return ok(null);
      if (isFormula(cell)) return fail('formula');
      if (typeof cell === 'boolean') return ok(cell);
      const value = String(cell).trim().toLowerCase();
      if (YES.includes(value)) return ok(true);
      if (NO.includes(value)) return ok(false);
      return fail('yes_no_invalid');
    },
    (value: unknown): value is boolean => typeof value === 'boolean',
  );
}
