import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPhone, isPhone, normalisePhone, parsePhone, phoneStoredForms } from './phone';

describe('phone numbers as people write them', () => {
  it.each([
    ['013-888 7766', '+60138887766'],
    ['013 888 7766', '+60138887766'],
    ['013.888.7766', '+60138887766'],
    ['(013) 888-7766', '+60138887766'],
    ['+60 13-888 7766', '+60138887766'],
    ['+6013-8887766', '+60138887766'],
    ['+60 (0)13 888 7766', '+60138887766'],
    ['60138887766', '+60138887766'],
    ['0060 13 888 7766', '+60138887766'],
    ['13-888 7766', '+60138887766'],
    ['011-1234 5678', '+601112345678'],
    ['(03) 2123 4567', '+60321234567'],
    ['04-123 4567', '+6041234567'],
    [' 012 345 6789 ', '+60123456789'],
    ['+65 6123 4567', '+6561234567'],
  ])('%s is %s', (typed, e164) => {
    expect(parsePhone(typed)).toEqual({ ok: true, e164 });
    expect(normalisePhone(typed)).toBe(e164);
  });

  it.each(['', '12345', '013-888', 'abc0138887766', '0138887766x', '+0123456789', '+60 0', '0123456789012345'])(
    'refuses %j',
    (typed) => {
      expect(isPhone(typed)).toBe(false);
    },
  );

  it('text that is no phone keeps everything but separators, for the validator to refuse', () => {
    expect(normalisePhone(' 01-23 ab ')).toBe('0123ab');
  });

  it('the canonical form is a fixed point and any separators around the digits give the same number', () => {
    const national = fc.tuple(fc.constantFrom('1', '3', '4', '8'), fc.stringMatching(/^\d{8}$/));
    const separator = fc.constantFrom('', ' ', '-', '.', ' - ');
    fc.assert(
      fc.property(
        national,
        fc.constantFrom('0', '+60', '60', '+60 ', '+60 (0)'),
        fc.array(separator, { minLength: 10, maxLength: 10 }),
        ([first, rest], prefix, seps) => {
          const digits = `${first}${rest}`;
          const typed = prefix + [...digits].map((d, i) => d + (seps[i] ?? '')).join('');
          const e164 = normalisePhone(typed);
          expect(e164).toBe(`+60${digits}`);
          expect(normalisePhone(e164)).toBe(e164);
          expect(normalisePhone(formatPhone(e164))).toBe(e164);
        },
      ),
    );
  });
});

describe('showing a phone number', () => {
  it('groups Malaysian numbers', () => {
    expect(formatPhone('+60138887766')).toBe('+60 13-888 7766');
    expect(formatPhone('+601112345678')).toBe('+60 11-1234 5678');
    expect(formatPhone('+60321234567')).toBe('+60 3-2123 4567');
  });

  it('shows numbers stored before the canonical form grouped too, and anything else as stored', () => {
    expect(formatPhone('0123456789')).toBe('+60 12-345 6789');
    expect(formatPhone('+6561234567')).toBe('+6561234567');
    expect(formatPhone('n/a')).toBe('n/a');
  });

  it('lists the forms an old row may hold, so lookups find rows stored before', () => {
    expect(phoneStoredForms('012-345 6789')).toEqual(['+60123456789', '0123456789', '60123456789']);
  });
});
