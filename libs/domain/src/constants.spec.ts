import { describe, it, expect } from 'vitest';
import {
  CARD_BANKS,
  CARD_EXPIRY_MONTHS,
  CARD_EXPIRY_YEARS,
  MACHINE_ID_DEFAULT,
  RESET_LINK_TTL_MS,
  cardExpiryYears,
  isResetLinkExpired,
} from './constants';

describe('business constants', () => {
  it('have the specified values', () => {
    expect(MACHINE_ID_DEFAULT).toBe('A10');
    expect(RESET_LINK_TTL_MS).toBe(86_400_000);
    expect(CARD_EXPIRY_YEARS).toBe(10);
  });
});

describe('CARD_BANKS', () => {
  it('lists 16 distinct banks from Affin to RHB in alphabetical order', () => {
    expect(CARD_BANKS).toHaveLength(16);
    expect(new Set(CARD_BANKS).size).toBe(16);
    expect(CARD_BANKS[0]).toBe('Affin Bank');
    expect(CARD_BANKS[15]).toBe('RHB Bank');
    const sorted = [...CARD_BANKS].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));
    expect(CARD_BANKS).toEqual(sorted);
  });
});

describe('isResetLinkExpired', () => {
  const created = Date.UTC(2026, 0, 1, 0, 0, 0);

  it('is valid up to and including 24 hours after creation', () => {
    expect(isResetLinkExpired(created, created)).toBe(false);
    expect(isResetLinkExpired(created, created + RESET_LINK_TTL_MS)).toBe(false);
  });

  it('expires after 24 hours', () => {
    expect(isResetLinkExpired(created, created + RESET_LINK_TTL_MS + 1)).toBe(true);
    expect(isResetLinkExpired(new Date(created), new Date(created + 2 * RESET_LINK_TTL_MS))).toBe(true);
  });
});

describe('card expiry choices', () => {
  it('years run from the current Malaysia year to 10 ahead', () => {
    expect(cardExpiryYears(new Date('2026-05-01T00:00:00Z'))).toEqual([
      2026, 2027, 2028, 2029, 2030, 2031, 2032, 2033, 2034, 2035, 2036,
    ]);
  });

  it('the year turns at midnight Malaysia time', () => {
    expect(cardExpiryYears(new Date('2025-12-31T16:00:00Z'))[0]).toBe(2026);
  });

  it('months run 1 to 12', () => {
    expect(CARD_EXPIRY_MONTHS).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });
});
