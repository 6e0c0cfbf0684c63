import { describe, expect, it } from 'vitest';
import { checkAccountNo, searchRequest, type SearchFormValues } from './search-request';

const values = (overrides: Partial<SearchFormValues>): SearchFormValues => ({
  council: 'mdpg',
  type: 'assessment',
  planType: 'REZONING',
  accountNo: '',
  ...overrides,
});

describe("the search request (the id normalised by its type's rule)", () => {
  it('drops the dashes of compound, assessment and licence ids', () => {
    expect(searchRequest(values({ type: 'compound', accountNo: 'KMP-2026-000101' })).accountNo).toBe('KMP2026000101');
    expect(searchRequest(values({ type: 'assessment', accountNo: ' A-1000-0001 ' })).accountNo).toBe('A10000001');
    expect(searchRequest(values({ type: 'trading_license', accountNo: 'LP-2025-0001' })).accountNo).toBe('LP20250001');
    expect(searchRequest(values({ type: 'council_permit_license', accountNo: 'PJ-2026-0150' })).accountNo).toBe(
      'PJ20260150',
    );
  });

  it('drops the spaces and dashes of tenancy ids, in capitals', () => {
    expect(searchRequest(values({ type: 'tenancy', accountNo: 'gr-12' })).accountNo).toBe('GR12');
  });

  it('drops the whitespace and slashes of engineering ids and sends the plan type', () => {
    expect(searchRequest(values({ type: 'engineering', planType: 'LAND', accountNo: 'JK / LAN / 2026' }))).toEqual({
      council: 'mdpg',
      type: 'engineering',
      planType: 'LAND',
      accountNo: 'JKLAN2026',
    });
    expect(searchRequest(values({ type: 'compound', accountNo: 'K1' }))).not.toHaveProperty('planType');
  });

  it('sends booking ids encoded', () => {
    expect(searchRequest(values({ type: 'booking', accountNo: 'TWU/DEWAN/0091' })).accountNo).toBe('TWUDEWAN0091');
    expect(searchRequest(values({ type: 'booking', accountNo: 'BK 2026#1' })).accountNo).toBe('BK2026%231');
  });
});

describe('checkAccountNo', () => {
  it('requires an id', () => {
    expect(checkAccountNo('assessment', '   ')).toBe('field_required');
  });

  it("says 'Invalid Account No / License No' for what cannot be an id", () => {
    expect(checkAccountNo('compound', '---')).toBe('invalid_account_no');
    expect(checkAccountNo('compound', 'KMP<1>')).toBe('invalid_account_no');
    expect(checkAccountNo('compound', 'KMP-2026-000101')).toBeNull();
  });
});
