import { describe, it, expect } from 'vitest';
import {
  maskEmail,
  malaysiaDay,
  MASKED_NAME_MAX_LENGTH,
  TRUNCATE_LONG,
  TRUNCATE_SHORT,
  UNMASKED_DIGITS,
  formatDate,
  formatDateTime,
  formatMonthYear,
  formatYearMonth,
  malaysiaDate,
  maskIdentity,
  maskName,
  truncate,
} from './display';

describe('maskIdentity', () => {
  it('masks all but the last 4 digits and keeps the length', () => {
    expect(UNMASKED_DIGITS).toBe(4);
    expect(maskIdentity('900101125555')).toBe('********5555');
  });

  it('masks passports and other ids the same way', () => {
    expect(maskIdentity('A12345678')).toBe('*****5678');
  });

  it('leaves ids of 4 characters or fewer as they are, and trims', () => {
    expect(maskIdentity('1234')).toBe('1234');
    expect(maskIdentity(' 12 ')).toBe('12');
    expect(maskIdentity('')).toBe('');
  });
});

describe('maskName', () => {
  it('keeps the first 3 characters and masks the rest, at most 19 characters', () => {
    expect(maskName('AHMAD BIN ABDULLAH SULAIMAN')).toBe('AHM****************');
    expect(maskName('AHMAD BIN ABDULLAH SULAIMAN')).toHaveLength(MASKED_NAME_MAX_LENGTH);
  });

  it('keeps the length of short names', () => {
    expect(maskName('LIM AH KOW')).toBe('LIM*******');
  });

  it('masks spaces too and trims the name first', () => {
    expect(maskName('  TAN BEE  ')).toBe('TAN****');
  });

  it('never shows a short name whole: at least 2 characters are hidden', () => {
    expect(maskName('AB')).toBe('**');
    expect(maskName('ALI')).toBe('A**');
    expect(maskName('SITI')).toBe('SI**');
    expect(maskName('陈大文')).toBe('陈**');
    expect(maskName('X')).toBe('*');
  });

  it('counts Chinese characters as one each', () => {
    expect(maskName('陈大文先生')).toBe('陈大文**');
  });
});

describe('truncate', () => {
  it('returns text within the limit unchanged', () => {
    expect(truncate('short', TRUNCATE_SHORT)).toBe('short');
    expect(truncate('x'.repeat(18), 18)).toBe('x'.repeat(18));
  });

  it('cuts at 18 characters and appends "..."', () => {
    expect(truncate('CUKAI TAKSIRAN PENGGAL 1', 18)).toBe('CUKAI TAKSIRAN PEN...');
  });

  it('cuts at 70 characters by default', () => {
    expect(TRUNCATE_LONG).toBe(70);
    const text = 'a'.repeat(71);
    expect(truncate(text)).toBe('a'.repeat(70) + '...');
  });

  it('drops trailing spaces before the ellipsis', () => {
    expect(truncate('LESEN PERNIAGAAN   KEDAI', 18)).toBe('LESEN PERNIAGAAN...');
  });

  it('refuses a negative or fractional length', () => {
    expect(() => truncate('abc', -1)).toThrow(RangeError);
    expect(() => truncate('abc', 1.5)).toThrow(RangeError);
  });
});

describe('formatDate', () => {
  it('formats DD/MM/YYYY', () => {
    expect(formatDate(new Date('2026-03-05T04:00:00Z'))).toBe('05/03/2026');
  });

  it('uses Malaysia time: 16:00 UTC is already the next day', () => {
    expect(formatDate(new Date('2025-12-31T15:59:59Z'))).toBe('31/12/2025');
    expect(formatDate(new Date('2025-12-31T16:00:00Z'))).toBe('01/01/2026');
  });

  it('accepts epoch milliseconds', () => {
    expect(formatDate(Date.UTC(2024, 1, 28, 16, 30))).toBe('29/02/2024');
  });

  it('throws on an invalid date', () => {
    expect(() => formatDate(new Date('not a date'))).toThrow(RangeError);
  });

  it('formatDateTime adds 24-hour Malaysia time', () => {
    expect(formatDateTime(new Date('2026-03-05T14:07:00Z'))).toBe('05/03/2026 22:07');
    expect(formatDateTime(new Date('2026-03-05T16:07:00Z'))).toBe('06/03/2026 00:07');
  });

  it('malaysiaDate gives the calendar date in Malaysia', () => {
    expect(malaysiaDate(new Date('2025-12-31T16:00:00Z'))).toEqual({ year: 2026, month: 1, day: 1 });
  });
});

describe('maskEmail', () => {
  it('keeps the first three characters and the domain', () => {
    expect(maskEmail('aminah.sapin@gmail.com')).toBe('ami*********@gmail.com');
  });

  it('masks short addresses too: never more than half of the name shows', () => {
    expect(maskEmail('ab@x.my')).toBe('a*@x.my');
    expect(maskEmail('a@x.my')).toBe('*@x.my');
    expect(maskEmail('abcd@x.my')).toBe('ab**@x.my');
    expect(maskEmail('abcdef@x.my')).toBe('abc***@x.my');
  });
});

describe('malaysiaDay', () => {
  it('is the Malaysian calendar day, shifted by whole days', () => {
    // 2026-03-04 16:30 UTC is already 5 March 00:30 in Malaysia.
    const late = Date.UTC(2026, 2, 4, 16, 30);
    expect(malaysiaDay(0, late)).toBe('2026-03-05');
    expect(malaysiaDay(-6, late)).toBe('2026-02-27');
    expect(malaysiaDay(0, Date.UTC(2026, 2, 4, 15, 59))).toBe('2026-03-04');
  });
});

describe('formatMonthYear and formatYearMonth: a month as the paper prints it', () => {
  it.each<[number, number | null, string]>([
    [2026, 12, '12/2026'],
    [2026, 1, '01/2026'],
    [2027, null, '2027'],
  ])('%i, %s → %s', (year, month, printed) => {
    expect(formatMonthYear(year, month)).toBe(printed);
  });

  it.each([
    ['2026-12', '12/2026'],
    ['2027-03', '03/2027'],
    [' 2026-07 ', '07/2026'],
    ['12/2026', '12/2026'],
    ['', ''],
  ])('%j → %j', (value, printed) => {
    expect(formatYearMonth(value)).toBe(printed);
  });
});
