import { describe, it, expect } from 'vitest';
import { formatNric, normaliseNric, nricBirthDate, validateNric } from './nric';

/** 15 June 2026, 08:00 in Malaysia. */
const TODAY = new Date('2026-06-15T00:00:00Z');

describe('validateNric', () => {
  it.each(['900101-12-5555', '900101125555', ' 900101 12 5555 '])('accepts "%s" and returns the 12 digits', (raw) => {
    expect(validateNric(raw, TODAY)).toEqual({ ok: true, value: '900101125555' });
  });

  it.each(['90010112555', '9001011255555', '', '90010112555A', '9001O1125555', '900101.12.5555'])(
    'refuses "%s" with nric_length',
    (raw) => {
      expect(validateNric(raw, TODAY)).toEqual({ ok: false, code: 'nric_length' });
    },
  );

  it.each([
    ['901301125555', 'month 13'],
    ['900001125555', 'month 0'],
    ['900100125555', 'day 0'],
    ['900431125555', '31 April'],
    ['900132125555', '32 January'],
    ['010229125555', '29 Feb 2001'],
    ['970229125555', '29 Feb 1997'],
    ['270229125555', '29 Feb 1927 (2027 is in the future)'],
  ])('refuses %s (%s) with nric_dob', (raw) => {
    expect(validateNric(raw, TODAY)).toEqual({ ok: false, code: 'nric_dob' });
  });

  it.each([
    ['000229125555', '29 Feb 2000'],
    ['960229125555', '29 Feb 1996'],
    ['280229125555', '29 Feb 1928 (2028 is in the future)'],
    ['991231125555', '31 Dec 1999'],
  ])('accepts leap days and century edges: %s (%s)', (raw) => {
    expect(validateNric(raw, TODAY).ok).toBe(true);
  });
});

describe('nricBirthDate', () => {
  it('reads YY as 20YY when that date is not in the future', () => {
    expect(nricBirthDate('100520125555', TODAY)).toEqual({ year: 2010, month: 5, day: 20 });
    expect(nricBirthDate('260615125555', TODAY)).toEqual({ year: 2026, month: 6, day: 15 });
  });

  it('reads YY as 19YY when 20YY would be in the future', () => {
    expect(nricBirthDate('260616125555', TODAY)).toEqual({ year: 1926, month: 6, day: 16 });
    expect(nricBirthDate('900101125555', TODAY)).toEqual({ year: 1990, month: 1, day: 1 });
  });

  it('decides "today" in Malaysia time', () => {
    const lateEveningUtc = new Date('2026-06-14T16:30:00Z'); // already 15 June in Malaysia
    expect(nricBirthDate('260615125555', lateEveningUtc)).toEqual({ year: 2026, month: 6, day: 15 });
    const earlierUtc = new Date('2026-06-14T15:30:00Z'); // still 14 June in Malaysia
    expect(nricBirthDate('260615125555', earlierUtc)).toEqual({ year: 1926, month: 6, day: 15 });
  });
});

describe('NRIC formatting', () => {
  it('normaliseNric strips dashes and spaces', () => {
    expect(normaliseNric('900101-12 5555')).toBe('900101125555');
  });

  it('formatNric inserts the dashes', () => {
    expect(formatNric('900101125555')).toBe('900101-12-5555');
    expect(formatNric('A1234567')).toBe('A1234567');
  });
});
