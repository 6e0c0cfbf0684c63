import fc from 'fast-check';
import { describe, it, expect } from 'vitest';
import { PAYABLE_TYPES, type PayableType } from './payable-types';
import {
  ACCOUNT_ID_EXAMPLES,
  decodeBookingId,
  encodeBookingId,
  isAccountIdShape,
  normaliseAccountId,
  normaliseEmail,
} from './normalise';

describe('normaliseAccountId', () => {
  /**
   * Every payable type: the id as printed on the council's bill, and the ways people type it (dashes for
   * spaces, spaces for slashes, no separators, another case, pasted Unicode dashes), all the one id.
   */
  const TYPED: Record<PayableType, { printed: string; id: string; typed: string[] }> = {
    assessment: { printed: 'A-1000-0001', id: 'A10000001', typed: ['a 1000 0001', 'A10000001', ' A\u20131000-0001 '] },
    compound: {
      printed: 'KMP-2026-000101',
      id: 'KMP2026000101',
      typed: ['kmp 2026 000101', 'KMP\u20142026\u2013000101', 'Kmp2026000101'],
    },
    trading_license: {
      printed: 'LP-2025-0001-IK1',
      id: 'LP20250001IK1',
      typed: ['lp-2025-0001-ik1', 'LP 2025 0001 IK1'],
    },
    council_permit_license: { printed: 'PJ-2026-0150', id: 'PJ20260150', typed: ['pj 2026 0150', 'PJ/2026/0150'] },
    tenancy: { printed: 'KD 8', id: 'KD8', typed: ['kd 8', 'KD-8', 'kd8', ' Kd  8\t'] },
    booking: {
      printed: 'BK-2026-00017',
      id: 'BK202600017',
      typed: ['bk 2026 00017', 'BK202600017', 'bk-2026-00017', 'BK/2026/00017'],
    },
    engineering: {
      printed: 'JK/BUI/2026/0101',
      id: 'JKBUI20260101',
      typed: ['jk/bui/2026/0101', 'JK BUI 2026 0101', 'JK-BUI-2026-0101', ' JK / BUI / 2026 / 0101 '],
    },
    local_government_charge: { printed: 'LGC-TAPAK', id: 'LGCTAPAK', typed: ['lgc tapak', 'LGC_TAPAK', 'lgctapak'] },
    market_bill: { printed: 'MB-SDK-0301', id: 'MBSDK0301', typed: ['mb sdk 0301', 'MB.SDK.0301', 'mbsdk0301'] },
  };

  it.each(PAYABLE_TYPES.map((t) => [t, TYPED[t]] as const))('%s: as printed and as typed, one id', (type, row) => {
    expect(normaliseAccountId(type, row.printed)).toBe(row.id);
    for (const typed of row.typed) expect(normaliseAccountId(type, typed), typed).toBe(row.id);
  });

  /** The format each type's bills print, which its example hint must show. */
  const FORMATS: Record<PayableType, RegExp> = {
    assessment: /^[A-Z]-\d{4}-\d{4}$/,
    compound: /^[A-Z]{3}-\d{4}-\d{6}$/,
    trading_license: /^LP-\d{4}-\d{4}(-[A-Z]{2}\d)?$/,
    council_permit_license: /^[A-Z]{2}-\d{4}-\d{4}$/,
    tenancy: /^[A-Z]{2} \d{1,3}$/,
    booking: /^BK-\d{4}-\d{5}$/,
    engineering: /^JK\/[A-Z]{3}\/\d{4}\/\d{4}$/,
    local_government_charge: /^LGC-[A-Z]+$/,
    market_bill: /^MB(-[A-Z]{3})?-\d{4}$/,
  };

  it.each(PAYABLE_TYPES.map((t) => [t]))('%s: the example hint has the format of a real bill of that type', (type) => {
    expect(TYPED[type].printed).toMatch(FORMATS[type]);
    expect(ACCOUNT_ID_EXAMPLES[type]).toMatch(FORMATS[type]);
  });

  it('keeps what tells ids apart: digits, letters and the punctuation that is not a separator', () => {
    expect(normaliseAccountId('engineering', 'MDPG(JK)700')).toBe('MDPG(JK)700');
    expect(normaliseAccountId('compound', 'KMP-2026-000101')).not.toBe(
      normaliseAccountId('compound', 'KMP-2026-000102'),
    );
  });

  it('folds only ASCII letters (the same in SQL whatever the locale)', () => {
    expect(normaliseAccountId('market_bill', 'straße-1')).toBe('STRAßE1');
    expect(normaliseAccountId('tenancy', 'İa 1')).toBe('İA1');
  });

  /** What a person may change in an id without meaning another one: case, and per type some separators. */
  const separatorsIgnored: Record<PayableType, string[]> = Object.fromEntries(
    PAYABLE_TYPES.map((t) => [t, [' ', '\t', '-', '\u2013', '\u2014', '/', '.', '_']]),
  ) as Record<PayableType, string[]>;

  it.each(PAYABLE_TYPES.map((t) => [t]))(
    '%s: any casing and spacing of an id normalises to the same id (property)',
    (type) => {
      const idChars = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789/');
      const id = fc.tuple(fc.constantFrom(...'ABCXYZ0123'), fc.array(idChars, { minLength: 1, maxLength: 20 }));
      const variant = fc.record({
        flips: fc.array(fc.boolean(), { minLength: 21, maxLength: 21 }),
        inserts: fc.array(fc.tuple(fc.nat(21), fc.constantFrom('', ...separatorsIgnored[type])), { maxLength: 6 }),
        lead: fc.constantFrom('', ' ', '  ', '\t'),
        trail: fc.constantFrom('', ' ', '\n'),
      });
      fc.assert(
        fc.property(id, variant, ([first, rest], v) => {
          const chars = [first, ...rest];
          const cased = chars.map((c, i) => (v.flips[i] ? c.toLowerCase() : c.toUpperCase()));
          for (const [at, sep] of v.inserts) cased.splice(Math.max(1, Math.min(at, cased.length)), 0, sep);
          const typed = `${v.lead}${cased.join('')}${v.trail}`;
          expect(normaliseAccountId(type, typed)).toBe(normaliseAccountId(type, chars.join('')));
        }),
      );
    },
  );

  it.each(PAYABLE_TYPES.map((t) => [t]))(
    '%s: every example hint normalises to a non-empty id without surrounding spaces',
    (type) => {
      const id = normaliseAccountId(type, ACCOUNT_ID_EXAMPLES[type]);
      expect(id.length).toBeGreaterThan(0);
      expect(id).toBe(id.trim());
    },
  );

  it('normalising twice changes nothing', () => {
    for (const type of PAYABLE_TYPES) {
      const once = normaliseAccountId(type, ` ${ACCOUNT_ID_EXAMPLES[type]} `);
      expect(normaliseAccountId(type, once)).toBe(once);
    }
  });
});

describe('encodeBookingId', () => {
  it('URI-encodes the id', () => {
    expect(encodeBookingId('BK 2024/01#A')).toBe('BK%202024%2F01%23A');
    expect(encodeBookingId('BK-2024-0001')).toBe('BK-2024-0001');
  });
});

describe('decodeBookingId', () => {
  it('undoes encodeBookingId', () => {
    for (const id of ['BK-2026-00017', 'TWU/DEWAN/0091', 'BK 2024/01#A', 'Dewan 大厅 1']) {
      expect(decodeBookingId(encodeBookingId(id))).toBe(id);
    }
  });

  it('answers null for a broken encoding instead of throwing', () => {
    expect(decodeBookingId('%E0%A4%A')).toBeNull();
    expect(decodeBookingId('BK%zz')).toBeNull();
  });
});

describe('isAccountIdShape', () => {
  it.each(PAYABLE_TYPES.map((t) => [t]))('%s: the example hint is a valid id once normalised', (type) => {
    expect(isAccountIdShape(normaliseAccountId(type, ACCOUNT_ID_EXAMPLES[type]))).toBe(true);
  });

  it('takes the ids printed on bills', () => {
    for (const id of ['A10000001', 'KMP2026000101', 'gr12', 'BK-2026-00017', 'JK/PRI/2026/0104', 'MDPG(JK)700']) {
      expect(isAccountIdShape(id)).toBe(true);
    }
  });

  it('refuses what cannot be an id', () => {
    for (const id of ['', '-', '/A1', "A1' OR 1=1", 'A1%00', 'A1<script>', 'A1;', 'A\u0000B', 'X'.repeat(41)]) {
      expect(isAccountIdShape(id)).toBe(false);
    }
  });
});

describe('normaliseEmail', () => {
  it('strips spaces and lowercases', () => {
    expect(normaliseEmail('  Ahmad.Ali @Example.COM ')).toBe('ahmad.ali@example.com');
  });
});
