import { BILL_IMPORT_API_ERRORS, type BillImportApiError } from '@councilpay/domain';
import type { MessageKey } from './keys';

/**
 * The message of an answer of the bill import API (upload, confirm): a file refused whole
 * (`bill_file.<code>`), its header refused, confirm refused. Null for a code it does not send.
 */
export function billImportMessageKey(code: string): MessageKey | null {
  if (!(BILL_IMPORT_API_ERRORS as readonly string[]).includes(code)) return null;
  const known = code as BillImportApiError;
  return (
    known.startsWith('bill_file.')
      ? `console.bill_imports.file_errors.${known.slice('bill_file.'.length)}`
      : `console.bill_imports.api_errors.${known}`
  ) as MessageKey;
}
