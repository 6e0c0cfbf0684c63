import { describe, it, expect } from 'vitest';
import { PAYABLE_TYPES } from './payable-types';
import {
  ACCOUNT_ID_EXAMPLES,
  decodeBookingId,
  encodeBookingId,
  isAccountIdShape,
  normaliseAccountId,
  normaliseEmail,
  normalisePhone,
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

  it('dash rules keep inner spaces and case', () => {
    expect(normaliseAccountId('assessment', 'a-12 34')).toBe('a12 34');
  });

  it('tenancy ids lose spaces and are lowercased', () => {
    expect(normaliseAccountId('tenancy', 'GR 12')).toBe('gr12');
    expect(normaliseAccountId('tenancy', '  Gerai  A 7\t')).toBe('geraia7');
  });

  it('tenancy ids keep their dashes', () => {
    expect(normaliseAccountId('tenancy', 'GR-12')).toBe('gr-12');
  });

  it('engineering ids lose whitespace but keep case and slashes', () => {
    expect(normaliseAccountId('engineering', ' BP / 2024 / 001 ')).toBe('BP/2024/001');
  });

  it('booking ids are only trimmed', () => {
    expect(normaliseAccountId('booking', '  BK-2024 0001  ')).toBe('BK-2024 0001');
  });

  it('other types are only trimmed', () => {
    expect(normaliseAccountId('local_government_charge', ' CKT-2024-0001 ')).toBe('CKT-2024-0001');
    expect(normaliseAccountId('market_bill', ' PSR-0123')).toBe('PSR-0123');
  });

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

describe('normalisePhone', () => {
  it('strips spaces and keeps everything else', () => {
    expect(normalisePhone(' 012 345 6789 ')).toBe('0123456789');
    expect(normalisePhone('+60 12-345 6789')).toBe('+6012-3456789');
  });
});
