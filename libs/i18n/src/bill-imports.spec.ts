import { describe, expect, it } from 'vitest';
import {
  BILL_HEADER_ERROR_CODES,
  BILL_IMPORT_API_ERRORS,
  BILL_REFUSALS,
  BILL_ROW_ERROR_CODES,
  LANGUAGES,
} from '@councilpay/domain';
import { billImportMessageKey, catalogues, flattenMessages } from './index';

/** Every reason code the bill import API can send has words in every language, and no word is left unused. */
describe('bill import reasons in ms, en and zh', () => {
  const groups = {
    cell_errors: BILL_ROW_ERROR_CODES,
    refusals: BILL_REFUSALS,
    header_errors: BILL_HEADER_ERROR_CODES,
  } as const;

  it.each(LANGUAGES)('%s translates every row, refusal and header code', (language) => {
    const messages = flattenMessages(catalogues[language]);
    for (const [group, codes] of Object.entries(groups)) {
      const missing = codes.filter((code) => !messages.get(`console.bill_imports.${group}.${code}`)?.trim());
      expect(missing, `${language} ${group}`).toEqual([]);
    }
  });

  it.each(LANGUAGES)('%s translates every error answer of upload and confirm', (language) => {
    const messages = flattenMessages(catalogues[language]);
    const missing = BILL_IMPORT_API_ERRORS.filter((code) => !messages.get(billImportMessageKey(code) ?? '')?.trim());
    expect(missing).toEqual([]);
  });

  it('has no message for a code the API cannot send', () => {
    const bills = catalogues.en.console.bill_imports;
    expect(Object.keys(bills.cell_errors).sort()).toEqual([...BILL_ROW_ERROR_CODES].sort());
    expect(Object.keys(bills.refusals).sort()).toEqual([...BILL_REFUSALS].sort());
    expect(Object.keys(bills.header_errors).sort()).toEqual([...BILL_HEADER_ERROR_CODES].sort());
    const answered = [
      ...Object.keys(bills.file_errors).map((code) => `bill_file.${code}`),
      ...Object.keys(bills.api_errors),
    ].sort();
    expect(answered).toEqual([...BILL_IMPORT_API_ERRORS].sort());
  });

  it('names no key for a code it does not know', () => {
    expect(billImportMessageKey('bill_file.no_such')).toBeNull();
    expect(billImportMessageKey('internal_error')).toBeNull();
    expect(billImportMessageKey('bill_file.not_utf8')).toBe('console.bill_imports.file_errors.not_utf8');
    expect(billImportMessageKey('import_preview_stale')).toBe('console.bill_imports.api_errors.import_preview_stale');
  });
});
