import { describe, it, expect } from 'vitest';
import { FPX_RESPONSE_CODES, fpxReasonText, interpretDebitAuthCode } from './codes';

describe('FPX response codes', () => {
  it('lists the well-known codes with their reason texts', () => {
    expect(Object.keys(FPX_RESPONSE_CODES)).toHaveLength(78);
    expect(FPX_RESPONSE_CODES['00']).toBe('Approved');
    expect(FPX_RESPONSE_CODES['51']).toBe('Insufficient Funds');
    expect(FPX_RESPONSE_CODES['99']).toBe('Pending Authorization (Applicable for B2B model)');
    expect(FPX_RESPONSE_CODES['XN']).toBe('Transaction Rejected Due To Duplicate Seller Exchange Order Number');
    expect(FPX_RESPONSE_CODES['1M']).toBe('Internet Banking Session Timeout');
    expect(FPX_RESPONSE_CODES['2X']).toBe('Transaction Is Canceled By Merchant');
    for (const [code, text] of Object.entries(FPX_RESPONSE_CODES)) {
      expect(code).toMatch(/^[0-9A-Z]{2}$/);
      expect(text.length).toBeGreaterThan(0);
    }
  });

  it('looks up reason texts, case-insensitively, and not through the prototype', () => {
    expect(fpxReasonText('1a')).toBe('Buyer Session Timeout At Internet Banking Login Page');
    expect(fpxReasonText(' 76 ')).toBe('Transaction Not Found');
    expect(fpxReasonText('ZZ')).toBeUndefined();
    expect(fpxReasonText('constructor')).toBeUndefined();
  });
});

describe('interpretDebitAuthCode', () => {
  it("'00' is approved", () => {
    expect(interpretDebitAuthCode('00')).toEqual({ outcome: 'approved', code: '00', reason: 'Approved' });
  });

  it("'09' and '99' are pending", () => {
    expect(interpretDebitAuthCode('09')).toEqual({ outcome: 'pending', code: '09', reason: 'Transaction Pending' });
    expect(interpretDebitAuthCode('99')).toEqual({
      outcome: 'pending',
      code: '99',
      reason: 'Pending Authorization (Applicable for B2B model)',
    });
  });

  it('everything else is rejected with its reason', () => {
    expect(interpretDebitAuthCode('51')).toEqual({ outcome: 'rejected', code: '51', reason: 'Insufficient Funds' });
    expect(interpretDebitAuthCode('1C')).toEqual({
      outcome: 'rejected',
      code: '1C',
      reason: 'Buyer Choose Cancel At Login Page',
    });
    expect(interpretDebitAuthCode('BC').outcome).toBe('rejected');
    expect(interpretDebitAuthCode('76').outcome).toBe('rejected');
    for (const code of Object.keys(FPX_RESPONSE_CODES)) {
      const expected = code === '00' ? 'approved' : code === '09' || code === '99' ? 'pending' : 'rejected';
      expect(interpretDebitAuthCode(code).outcome).toBe(expected);
    }
  });

  it('unknown and missing codes are rejected', () => {
    expect(interpretDebitAuthCode('Q7')).toEqual({
      outcome: 'rejected',
      code: 'Q7',
      reason: 'Unknown Response Code Q7',
    });
    expect(interpretDebitAuthCode('')).toEqual({ outcome: 'rejected', code: '', reason: 'Missing Response Code' });
    expect(interpretDebitAuthCode(undefined).outcome).toBe('rejected');
    expect(interpretDebitAuthCode(' 00 ').outcome).toBe('approved');
  });
});
