import { describe, it, expect } from 'vitest';
import {
  checkWireValue,
  formatAmountSen,
  formatFpxTime,
  FpxInputError,
  parseAmountToSen,
  parseFpxTime,
  stripSpaces,
} from './format';

describe('formatAmountSen', () => {
  it('formats integer sen with two decimals', () => {
    expect(formatAmountSen(1230)).toBe('12.30');
    expect(formatAmountSen(1)).toBe('0.01');
    expect(formatAmountSen(5)).toBe('0.05');
    expect(formatAmountSen(0)).toBe('0.00');
    expect(formatAmountSen(100)).toBe('1.00');
    expect(formatAmountSen(123456789)).toBe('1234567.89');
    expect(formatAmountSen(Number.MAX_SAFE_INTEGER)).toBe('90071992547409.91');
    expect(formatAmountSen(12345678901234567890n)).toBe('123456789012345678.90');
  });

  it('refuses negative, fractional and unsafe numbers', () => {
    expect(() => formatAmountSen(-1)).toThrow(RangeError);
    expect(() => formatAmountSen(12.3)).toThrow(RangeError);
    expect(() => formatAmountSen(Number.NaN)).toThrow(RangeError);
    expect(() => formatAmountSen(2 ** 60)).toThrow(RangeError);
    expect(() => formatAmountSen(-5n)).toThrow(RangeError);
  });
});

describe('parseAmountToSen', () => {
  it('reads gateway amounts into sen', () => {
    expect(parseAmountToSen('12.30')).toBe(1230);
    expect(parseAmountToSen('12.3')).toBe(1230);
    expect(parseAmountToSen('12')).toBe(1200);
    expect(parseAmountToSen('0.01')).toBe(1);
    expect(parseAmountToSen('0.29')).toBe(29);
    expect(parseAmountToSen('1234567.89')).toBe(123456789);
  });

  it('is the inverse of formatAmountSen', () => {
    for (const sen of [0, 1, 9, 10, 99, 100, 101, 1230, 999999, 100000000]) {
      expect(parseAmountToSen(formatAmountSen(sen))).toBe(sen);
    }
  });

  it('rejects anything else', () => {
    for (const bad of ['', ' 1.00', '1.00 ', '-1.00', '+1.00', '1.001', '1e2', '1,000.00', 'abc', '.50', '1.', 'NaN']) {
      expect(parseAmountToSen(bad)).toBeNull();
    }
  });
});

describe('FPX time', () => {
  it('is Malaysia time (UTC+8) whatever the host time zone', () => {
    expect(formatFpxTime(new Date('2024-03-05T01:02:03Z'))).toBe('20240305090203');
    expect(formatFpxTime(new Date('2024-12-31T16:30:00Z'))).toBe('20250101003000');
    expect(formatFpxTime(new Date('2024-02-28T20:00:00Z'))).toBe('20240229040000');
  });

  it('parses back to the same moment', () => {
    const date = new Date('2024-12-31T16:30:59Z');
    expect(parseFpxTime(formatFpxTime(date))?.toISOString()).toBe(date.toISOString());
    expect(parseFpxTime('20250101003059')?.toISOString()).toBe('2024-12-31T16:30:59.000Z');
  });

  it('rejects malformed or impossible times', () => {
    expect(parseFpxTime('2024010100000')).toBeNull();
    expect(parseFpxTime('20241301000000')).toBeNull();
    expect(parseFpxTime('20240230120000')).toBeNull();
    expect(parseFpxTime('20240101246000')).toBeNull();
    expect(parseFpxTime('2024-01-01 00:00')).toBeNull();
    expect(() => formatFpxTime(new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe('checkWireValue', () => {
  it('passes ordinary values and refuses separators, control characters and empties', () => {
    expect(checkWireValue('x', 'ORDER-1')).toBe('ORDER-1');
    expect(checkWireValue('x', '', true)).toBe('');
    expect(() => checkWireValue('x', '')).toThrow(FpxInputError);
    expect(() => checkWireValue('x', 'a|b')).toThrow(/must not contain '\|'/);
    expect(() => checkWireValue('x', 'a\nb')).toThrow(/control/);
  });

  it('strips spaces', () => {
    expect(stripSpaces(' a b@c.my ')).toBe('ab@c.my');
    expect(stripSpaces('012 345 6789')).toBe('0123456789');
  });
});
