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
  it('compound numbers lose dashes', () => {
    expect(normaliseAccountId('compound', 'KMP-2024-000123')).toBe('KMP2024000123');
  });

  it('assessment ids lose dashes', () => {
    expect(normaliseAccountId('assessment', ' A-1234-5678 ')).toBe('A12345678');
  });

  it('licence and permit ids lose dashes', () => {
    expect(normaliseAccountId('trading_license', 'LP-2024-00123')).toBe('LP202400123');
    expect(normaliseAccountId('council_permit_license', 'PB-2024-00456')).toBe('PB202400456');
  });

  it('Unicode dashes pasted from documents are removed too', () => {
    expect(normaliseAccountId('compound', 'KMP\u20132024\u2014000123')).toBe('KMP2024000123');
  });

  it('assessment, compound and licence ids lose inner spaces too and are uppercased', () => {
    expect(normaliseAccountId('assessment', 'a-12 34')).toBe('A1234');
    expect(normaliseAccountId('compound', 'kmp 2026 000101')).toBe('KMP2026000101');
    expect(normaliseAccountId('trading_license', 'lp-2025-0001-ik1')).toBe('LP20250001IK1');
  });

  it('tenancy ids lose spaces and are lowercased', () => {
    expect(normaliseAccountId('tenancy', 'GR 12')).toBe('gr12');
    expect(normaliseAccountId('tenancy', '  Gerai  A 7\t')).toBe('geraia7');
  });

  it('tenancy ids keep their dashes', () => {
    expect(normaliseAccountId('tenancy', 'GR-12')).toBe('gr-12');
  });

  it('engineering ids lose whitespace, keep slashes and are uppercased', () => {
    expect(normaliseAccountId('engineering', ' BP / 2024 / 001 ')).toBe('BP/2024/001');
    expect(normaliseAccountId('engineering', 'jk/bui/2026/0101')).toBe('JK/BUI/2026/0101');
  });

  it('booking ids are trimmed and uppercased', () => {
    expect(normaliseAccountId('booking', '  bk-2024 0001  ')).toBe('BK-2024 0001');
  });

  it('other types are trimmed and uppercased', () => {
    expect(normaliseAccountId('local_government_charge', ' ckt-2024-0001 ')).toBe('CKT-2024-0001');
    expect(normaliseAccountId('market_bill', ' psr-0123')).toBe('PSR-0123');
  });

  it('folds only ASCII letters (the same in SQL whatever the locale)', () => {
    expect(normaliseAccountId('market_bill', 'straße-1')).toBe('STRAßE-1');
    expect(normaliseAccountId('tenancy', 'İA 1')).toBe('İa1');
  });

  /** What a person may change in an id without meaning another one: case, and per type some separators. */
  const separatorsIgnored: Record<PayableType, string[]> = {
    assessment: [' ', '-', '\u2013'],
    compound: [' ', '-', '\u2014'],
    trading_license: [' ', '-'],
    council_permit_license: [' ', '-'],
    tenancy: [' ', '\t'],
    engineering: [' '],
    booking: [],
    local_government_charge: [],
    market_bill: [],
  };

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
