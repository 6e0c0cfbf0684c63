import { describe, expect, it } from 'vitest';
import { chargeAmountSen, chargeAmountWithin, chargeDays } from './local-government-charge';

describe('chargeDays', () => {
  it('counts both the start and the end date', () => {
    expect(chargeDays('2026-12-01', '2026-12-01')).toBe(1);
    expect(chargeDays('2026-12-01', '2026-12-03')).toBe(3);
    expect(chargeDays('2026-12-30', '2027-01-02')).toBe(4);
  });

  it('crosses a leap day', () => {
    expect(chargeDays('2028-02-28', '2028-03-01')).toBe(3);
  });

  it('refuses an end before the start and dates that do not exist', () => {
    expect(chargeDays('2026-12-03', '2026-12-01')).toBeNull();
    expect(chargeDays('2026-02-30', '2026-03-01')).toBeNull();
    expect(chargeDays('', '2026-03-01')).toBeNull();
    expect(chargeDays('tomorrow', '2026-03-01')).toBeNull();
  });

  it('reads full ISO times as the API receives them', () => {
    expect(chargeDays('2026-12-01T00:00:00.000Z', '2026-12-02T00:00:00.000Z')).toBe(2);
  });
});

describe('chargeAmountSen', () => {
  it('is people x days x rate', () => {
    expect(chargeAmountSen(3, 4, 100)).toBe(1200);
    expect(chargeAmountSen(1, 1, 250)).toBe(250);
  });

  it('is 0, never negative, for missing counts', () => {
    expect(chargeAmountSen(0, 4, 100)).toBe(0);
    expect(chargeAmountSen(2, -1, 100)).toBe(0);
    expect(chargeAmountSen(1.5, 2, 100)).toBe(0);
  });
});

describe('chargeAmountWithin', () => {
  it('is the charge while it fits, and null once people x days x rate passes the maximum', () => {
    expect(chargeAmountWithin(3, 4, 100, 2_147_483_647)).toBe(1200);
    expect(chargeAmountWithin(100_000, 365, 100_000, 2_147_483_647)).toBeNull();
    expect(chargeAmountWithin(100_000, 3_000_000, 9_007_199_254_740_991, 2_147_483_647)).toBeNull();
    expect(chargeAmountWithin(0, 4, 100, 2_147_483_647)).toBe(0);
    expect(chargeAmountWithin(1.5, 4, 100, 2_147_483_647)).toBeNull();
  });
});
