import { describe, it, expect } from 'vitest';
import {
  CARD_METHODS,
  tenancyArrearsMonths,
  CART_CAPACITY,
  DEFAULT_PAYMENT_METHOD,
  FPX_MAX_SEN,
  FPX_MIN_SEN,
  checkCardAmount,
  checkCartAddition,
  checkFpxAmount,
  checkItemAmount,
  effectiveMinimumSen,
  isCardMethod,
  MAX_AMOUNT_SEN,
  payableItems,
} from './payable-rules';

describe('checkItemAmount', () => {
  it('accepts an amount between the minimum and the balance', () => {
    expect(checkItemAmount({ amountSen: 5000, balanceSen: 10000, minimumPaymentSen: 1000 })).toEqual({ ok: true });
  });

  it('accepts exactly the minimum and exactly the balance', () => {
    expect(checkItemAmount({ amountSen: 1000, balanceSen: 10000, minimumPaymentSen: 1000 }).ok).toBe(true);
    expect(checkItemAmount({ amountSen: 10000, balanceSen: 10000, minimumPaymentSen: 1000 }).ok).toBe(true);
  });

  it.each([0, -100])('refuses %i as not positive', (amountSen) => {
    expect(checkItemAmount({ amountSen, balanceSen: 10000, minimumPaymentSen: 1000 })).toEqual({
      ok: false,
      code: 'amount_not_positive',
    });
  });

  it('refuses less than the minimum payment', () => {
    expect(checkItemAmount({ amountSen: 999, balanceSen: 10000, minimumPaymentSen: 1000 })).toEqual({
      ok: false,
      code: 'below_minimum_payment',
    });
  });

  it('refuses more than the balance', () => {
    expect(checkItemAmount({ amountSen: 10001, balanceSen: 10000, minimumPaymentSen: 1000 })).toEqual({
      ok: false,
      code: 'exceeds_balance',
    });
  });

  it('lets a balance smaller than the minimum be paid in full', () => {
    expect(checkItemAmount({ amountSen: 500, balanceSen: 500, minimumPaymentSen: 1000 }).ok).toBe(true);
    expect(checkItemAmount({ amountSen: 400, balanceSen: 500, minimumPaymentSen: 1000 })).toEqual({
      ok: false,
      code: 'below_minimum_payment',
    });
  });

  it('applies no minimum or balance check when they are absent', () => {
    expect(checkItemAmount({ amountSen: 1 }).ok).toBe(true);
    expect(checkItemAmount({ amountSen: 1, balanceSen: null, minimumPaymentSen: null }).ok).toBe(true);
  });

  it('throws on fractional sen', () => {
    expect(() => checkItemAmount({ amountSen: 10.5 })).toThrow(RangeError);
  });

  it('effective minimum is the smaller of minimum and balance', () => {
    expect(effectiveMinimumSen(1000, 500)).toBe(500);
    expect(effectiveMinimumSen(1000, 5000)).toBe(1000);
    expect(effectiveMinimumSen(undefined, 5000)).toBe(0);
    expect(effectiveMinimumSen(1000, null)).toBe(1000);
  });
});

describe('payableItems', () => {
  it('skips items with an amount of 0 or less and keeps the order', () => {
    const items = [
      { id: 'a', amountSen: 100 },
      { id: 'b', amountSen: 0 },
      { id: 'c', amountSen: -50 },
      { id: 'd', amountSen: 1 },
    ];
    expect(payableItems(items).map((i) => i.id)).toEqual(['a', 'd']);
  });
});

describe('checkFpxAmount', () => {
  it('limits are RM 1.00 and RM 30,000.00', () => {
    expect(FPX_MIN_SEN).toBe(100);
    expect(FPX_MAX_SEN).toBe(3_000_000);
  });

  it('accepts the limits themselves', () => {
    expect(checkFpxAmount(100)).toEqual({ ok: true });
    expect(checkFpxAmount(3_000_000)).toEqual({ ok: true });
  });

  it('refuses below RM 1.00 and above RM 30,000.00', () => {
    expect(checkFpxAmount(99)).toEqual({ ok: false, code: 'fpx_below_minimum' });
    expect(checkFpxAmount(0)).toEqual({ ok: false, code: 'fpx_below_minimum' });
    expect(checkFpxAmount(3_000_001)).toEqual({ ok: false, code: 'fpx_above_maximum' });
  });
});

describe('checkCartAddition', () => {
  const keysOf = (n: number) => Array.from({ length: n }, (_, i) => `mdpg/assessment/${i}`);

  it('accepts a new item while there is room', () => {
    expect(checkCartAddition(keysOf(CART_CAPACITY - 1), 'new')).toEqual({ ok: true });
  });

  it('refuses an item already in the cart', () => {
    expect(checkCartAddition(keysOf(3), 'mdpg/assessment/1')).toEqual({ ok: false, code: 'already_in_cart' });
  });

  it('refuses when the cart holds CART_CAPACITY items', () => {
    expect(CART_CAPACITY).toBe(10);
    expect(checkCartAddition(keysOf(CART_CAPACITY), 'new')).toEqual({ ok: false, code: 'cart_full' });
  });
});

describe('card methods', () => {
  it('48 is Visa, 49 is Mastercard, 48 is the default', () => {
    expect(CARD_METHODS['48']).toBe('visa');
    expect(CARD_METHODS['49']).toBe('mastercard');
    expect(DEFAULT_PAYMENT_METHOD).toBe('48');
  });

  it('bank codes and inherited keys are not card methods', () => {
    expect(isCardMethod('49')).toBe(true);
    expect(isCardMethod('ABB0233')).toBe(false);
    expect(isCardMethod('toString')).toBe(false);
    expect(isCardMethod(48)).toBe(false);
  });
});

describe('checkCardAmount', () => {
  it('refuses a total above the configured maximum, and never lets one past the sen columns', () => {
    expect(checkCardAmount(5_000_000, 5_000_000)).toEqual({ ok: true });
    expect(checkCardAmount(5_000_001, 5_000_000)).toEqual({ ok: false, code: 'card_above_maximum' });
    expect(checkCardAmount(2_117_000_000, 9_000_000_000)).toEqual({ ok: true });
    expect(checkCardAmount(MAX_AMOUNT_SEN + 1, 9_000_000_000)).toEqual({ ok: false, code: 'card_above_maximum' });
  });
});

describe('tenancyArrearsMonths', () => {
  it('follows a part payment that covered some or all of the arrears', () => {
    expect(tenancyArrearsMonths(45_000, 15_000, 3)).toBe(3);
    expect(tenancyArrearsMonths(30_000, 15_000, 3)).toBe(2);
    expect(tenancyArrearsMonths(10_000, 15_000, 3)).toBe(1);
    expect(tenancyArrearsMonths(0, 15_000, 3)).toBe(0);
    expect(tenancyArrearsMonths(-500, 15_000, 3)).toBe(0);
  });

  it('never says more than the council recorded, and keeps the record when the rent is unknown', () => {
    expect(tenancyArrearsMonths(90_000, 15_000, 3)).toBe(3);
    expect(tenancyArrearsMonths(45_000, 0, 3)).toBe(3);
  });
});
