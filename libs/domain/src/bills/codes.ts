/**
 * Every reason code a bill file or batch can be answered with, as lists: the console translates each one
 * (ms, en, zh), and a test fails when a code can be sent that has no words in some language. The lists are
 * checked against the code types at compile time, so a new code must be added here.
 */
import type { BillRefusal } from './changes';
import type { CellError } from './cells';
import type { HeaderError, RowErrorCode } from './layouts';

/** Why a whole bill file is refused before its rows are read (`bill_file.<code>`). */
export type BillFileErrorCode =
  /** More bytes than the upload limit. */
  | 'file_too_large'
  /** A CSV that is not UTF-8 (with or without BOM): Excel's "CSV" in the Windows code page, for instance. */
  | 'not_utf8'
  /** A CSV whose quotes do not close, or an XLSX that is not a readable workbook. */
  | 'file_unreadable'
  /** An XLSX whose parts unpack to far more than they take in the file (a zip bomb), or to too much in all. */
  | 'xlsx_too_large_unpacked'
  | 'too_many_rows'
  | 'too_many_columns'
  /** No header row. */
  | 'empty_file';

/** A list of every member of `Union`: a member left out is a type error naming it. */
const listing =
  <Union extends string>() =>
  <const T extends readonly Union[]>(
    list: T & ([Exclude<Union, T[number]>] extends [never] ? unknown : { missing: Exclude<Union, T[number]> }),
  ): T =>
    list;

export const BILL_CELL_ERRORS = listing<CellError>()([
  'required',
  'formula',
  'text_invalid',
  'text_too_long',
  'amount_invalid',
  'amount_too_precise',
  'amount_thousands_separator',
  'amount_negative',
  'amount_too_large',
  'integer_invalid',
  'date_invalid',
  'date_excel_serial',
  'choice_invalid',
  'yes_no_invalid',
]);

/** The codes of a line's refused cells (RowError.code). */
export const BILL_ROW_ERROR_CODES = listing<RowErrorCode>()([
  ...BILL_CELL_ERRORS,
  'other_council',
  'account_invalid',
  'licence_columns_required',
  'dependent_licence_columns',
  'parent_invalid',
  'minimum_above_balance',
  'extra_cells',
]);

/** The codes of a refused header line (HeaderError.code). */
export const BILL_HEADER_ERROR_CODES = listing<HeaderError['code']>()([
  'too_many_columns',
  'unknown_column',
  'duplicate_column',
  'missing_column',
]);

/** Why a bill that was read is refused against the ledger (BillOutcome `refused`). */
export const BILL_REFUSALS = listing<BillRefusal>()([
  'payment_at_bank',
  'parent_missing',
  'parent_is_dependent',
  'duplicate_account',
  'licence_reference_taken',
]);

export const BILL_FILE_ERROR_CODES = listing<BillFileErrorCode>()([
  'file_too_large',
  'not_utf8',
  'file_unreadable',
  'xlsx_too_large_unpacked',
  'too_many_rows',
  'too_many_columns',
  'empty_file',
]);

/**
 * The codes of the API's answers to an upload or a confirm that an officer may see (besides sign-in and
 * access): the file refused whole (`bill_file.<code>`), its header refused, confirm refused.
 */
export const BILL_IMPORT_API_ERRORS = [
  ...BILL_FILE_ERROR_CODES.map((code) => `bill_file.${code}` as const),
  'bill_file_header',
  'import_has_errors',
  'import_not_previewed',
  'import_preview_stale',
  'unsupported_media_type',
  'validation_failed',
] as const;
export type BillImportApiError = (typeof BILL_IMPORT_API_ERRORS)[number];
