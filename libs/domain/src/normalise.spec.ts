import { describe, it, expect } from 'vitest';
import { PAYABLE_TYPES } from './payable-types';
import { ACCOUNT_ID_EXAMPLES, encodeBookingId, normaliseAccountId, normaliseEmail, normalisePhone } from './normalise';

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
