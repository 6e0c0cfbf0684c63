import { describe, it, expect } from 'vitest';
import { formatInvoiceNo, formatReceiptNo } from './reference';

describe('formatInvoiceNo', () => {
  it('pads to 20 digits', () => {
    expect(formatInvoiceNo(123)).toBe('00000000000000000123');
    expect(formatInvoiceNo(0)).toBe('00000000000000000000');
  });

  it('accepts bigints up to 20 digits', () => {
    expect(formatInvoiceNo(12345678901234567890n)).toBe('12345678901234567890');
    expect(formatInvoiceNo(BigInt(Number.MAX_SAFE_INTEGER) + 2n)).toBe('00009007199254740993');
  });

  it('throws when the number has more than 20 digits', () => {
    expect(() => formatInvoiceNo(100000000000000000000n)).toThrow(RangeError);
  });

  it('throws on negative, fractional or unsafe numbers', () => {
    expect(() => formatInvoiceNo(-1)).toThrow(RangeError);
    expect(() => formatInvoiceNo(-1n)).toThrow(RangeError);
    expect(() => formatInvoiceNo(1.5)).toThrow(RangeError);
    expect(() => formatInvoiceNo(Number.MAX_SAFE_INTEGER + 1)).toThrow(RangeError);
  });
});

describe('formatReceiptNo', () => {
  it('joins the upper-cased council, the year and a 6-digit sequence', () => {
    expect(formatReceiptNo('mdpg', 2026, 123)).toBe('MDPG-2026-000123');
    expect(formatReceiptNo('MPS', 2025, 1n)).toBe('MPS-2025-000001');
  });

  it('lets the sequence grow past 6 digits', () => {
    expect(formatReceiptNo('mdpg', 2026, 1234567)).toBe('MDPG-2026-1234567');
  });

  it('refuses a bad council code, year or sequence', () => {
    expect(() => formatReceiptNo('', 2026, 1)).toThrow(RangeError);
    expect(() => formatReceiptNo('md-pg', 2026, 1)).toThrow(RangeError);
    expect(() => formatReceiptNo('mdpg', 26, 1)).toThrow(RangeError);
    expect(() => formatReceiptNo('mdpg', 2026, 0)).toThrow(RangeError);
    expect(() => formatReceiptNo('mdpg', 2026, -3)).toThrow(RangeError);
  });
});
