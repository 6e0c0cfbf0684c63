import { describe, it, expect } from 'vitest';
import {
  divideSenRounded,
  formatAmount,
  formatRinggit,
  isSen,
  parseRinggit,
  sen,
  shareOverItems,
  sumSen,
  tryParseRinggit,
} from './money';

describe('sen', () => {
  it('accepts integers, including negatives and zero', () => {
    expect(sen(1230)).toBe(1230);
    expect(sen(-5)).toBe(-5);
    expect(sen(0)).toBe(0);
  });

  it('turns -0 into 0', () => {
    expect(Object.is(sen(-0), 0)).toBe(true);
  });

  it.each([12.3, 0.1, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER + 1])('throws on %s', (n) => {
    expect(() => sen(n)).toThrow(RangeError);
  });

  it('isSen tells integers from the rest', () => {
    expect(isSen(100)).toBe(true);
    expect(isSen(1.5)).toBe(false);
    expect(isSen('100')).toBe(false);
  });
});

describe('parseRinggit', () => {
  it.each([
    ['12.30', 1230],
    ['12.3', 1230],
    ['12', 1200],
    ['0.05', 5],
    ['0', 0],
    ['1,234.50', 123450],
    ['1,234,567.89', 123456789],
    ['  7.00 ', 700],
    ['RM 12.30', 1230],
    ['RM12.30', 1230],
    ['-12.30', -1230],
    ['RM -0.50', -50],
    ['0.29', 29],
    ['1.13', 113],
    ['90071992547409.91', 9007199254740991],
  ])('reads "%s" as %i sen', (text, expected) => {
    expect(parseRinggit(text)).toBe(expected);
  });

  it('reads "-0.00" as plain 0', () => {
    expect(Object.is(parseRinggit('-0.00'), 0)).toBe(true);
  });

  it.each([
    '',
    ' ',
    'abc',
    '12.345',
    '1.',
    '.5',
    '1,23',
    '12,34.00',
    '1e3',
    '0x10',
    '12.3a',
    '--1',
    '+1',
    'RM',
    '90071992547409.92',
  ])('rejects "%s"', (text) => {
    expect(tryParseRinggit(text)).toBeNull();
    expect(() => parseRinggit(text)).toThrow(RangeError);
  });
});

describe('formatAmount', () => {
  it.each([
    [1230, '12.30'],
    [5, '0.05'],
    [0, '0.00'],
    [100, '1.00'],
    [123450, '1,234.50'],
    [3000000, '30,000.00'],
    [123456789, '1,234,567.89'],
    [-1230, '-12.30'],
    [-5, '-0.05'],
    [9007199254740991, '90,071,992,547,409.91'],
  ])('formats %i sen as "%s"', (amount, expected) => {
    expect(formatAmount(amount)).toBe(expected);
  });

  it('round-trips through parseRinggit', () => {
    for (const amount of [0, 1, 99, 100, 123450, -98765, 3000000]) {
      expect(parseRinggit(formatAmount(amount))).toBe(amount);
    }
  });

  it('throws on fractional sen', () => {
    expect(() => formatAmount(1.5)).toThrow(RangeError);
  });
});

describe('formatRinggit', () => {
  it('prefixes RM and keeps 2 decimals', () => {
    expect(formatRinggit(1230)).toBe('RM 12.30');
    expect(formatRinggit(123450)).toBe('RM 1,234.50');
    expect(formatRinggit(0)).toBe('RM 0.00');
  });

  it('puts the sign before the currency', () => {
    expect(formatRinggit(-1230)).toBe('-RM 12.30');
  });

  it('round-trips through parseRinggit for positive amounts', () => {
    expect(parseRinggit(formatRinggit(123450))).toBe(123450);
  });
});

describe('sumSen', () => {
  it('adds amounts, empty list is 0', () => {
    expect(sumSen([100, 250, -50])).toBe(300);
    expect(sumSen([])).toBe(0);
  });

  it('throws when an amount is not integer sen', () => {
    expect(() => sumSen([100, 0.5])).toThrow(RangeError);
  });

  it('throws when the total is no longer safe', () => {
    expect(() => sumSen([Number.MAX_SAFE_INTEGER, 1])).toThrow(RangeError);
  });
});

describe('divideSenRounded', () => {
  it.each([
    [12345, 100, 123],
    [12350, 100, 124],
    [12349, 100, 123],
    [50, 100, 1],
    [49, 100, 0],
    [0, 100, 0],
    [-12350, 100, -124],
    [-12349, 100, -123],
    [7, 2, 4],
  ])('%i / %i rounds to %i', (amount, divisor, expected) => {
    expect(divideSenRounded(amount, divisor)).toBe(expected);
  });

  it('matches Math.round for non-negative amounts', () => {
    for (let amount = 0; amount < 1000; amount += 7) {
      expect(divideSenRounded(amount, 100)).toBe(Math.round(amount / 100));
    }
  });

  it('refuses a zero, negative or fractional divisor', () => {
    expect(() => divideSenRounded(100, 0)).toThrow(RangeError);
    expect(() => divideSenRounded(100, -1)).toThrow(RangeError);
    expect(() => divideSenRounded(100, 1.5)).toThrow(RangeError);
  });
});

describe('shareOverItems', () => {
  it('shares in proportion, whole sen, the remainder on the first item, always adding up', () => {
    const items = [{ amountSen: 1 }, { amountSen: 1 }, { amountSen: 1 }];
    expect(shareOverItems(100, items).map((s) => s.sen)).toEqual([34, 33, 33]);
    expect(shareOverItems(4_200, [{ amountSen: 3_000 }, { amountSen: 1_200 }]).map((s) => s.sen)).toEqual([
      3_000, 1_200,
    ]);
    for (const total of [0, 1, 99, 12_345, 1_000_001]) {
      const parts = [{ amountSen: 17 }, { amountSen: 3 }, { amountSen: 80 }];
      expect(shareOverItems(total, parts).reduce((n, s) => n + s.sen, 0)).toBe(total);
    }
    expect(shareOverItems(10, [])).toEqual([]);
  });
});
