import { CART_CAPACITY, type SearchResultDto } from '@councilpay/domain';
import { describe, expect, it } from 'vitest';
import {
  cartItemFromResult,
  cartKey,
  cartTotalSen,
  checkAdditions,
  checkCartItemAmount,
  idsRemovedWith,
  itemsToPay,
  paymentItemRequest,
  settledIds,
  withSelection,
  type CartItem,
} from './cart';
import { createMemoryCartStore } from './cart-store';

function result(overrides: Partial<SearchResultDto> = {}): SearchResultDto {
  return {
    id: 'p1',
    council: 'mdpg',
    type: 'compound',
    accountNo: 'KMP2026000101',
    displayNo: 'KMP-2026-000101',
    planType: '',
    ownerName: 'MOH*****',
    ownerIdNo: '********5555',
    address: null,
    balanceSen: 10_000,
    minimumPaymentSen: null,
    status: 'active',
    paidUntilYear: null,
    paidUntilMonth: null,
    details: {},
    parentId: null,
    selections: null,
    licence: null,
    ...overrides,
  };
}

const ASSESSMENT = result({
  id: 'a1',
  type: 'assessment',
  accountNo: 'A10000001',
  displayNo: 'A-1000-0001',
  balanceSen: 50_650,
  selections: [
    { selection: 1, amountSen: 50_650, paidUntilYear: 2026 },
    { selection: 2, amountSen: 14_650, paidUntilYear: 2025 },
    { selection: 3, amountSen: 48_650, paidUntilYear: 2026 },
    { selection: 4, amountSen: 487, paidUntilYear: 2026 },
  ],
});

function item(id: string, overrides: Partial<CartItem> = {}): CartItem {
  return {
    ...cartItemFromResult(result({ id, accountNo: `K${id}`, displayNo: `K-${id}` }), Number(id) || 0),
    ...overrides,
  };
}

describe('cart items', () => {
  it('identify a bill by council, type and account number', () => {
    expect(cartKey(item('1'))).toBe('mdpg:compound:K1');
  });

  it('start an assessment at full payment (selection 3) and follow the selection chosen', () => {
    const added = cartItemFromResult(ASSESSMENT, 1);
    expect(added).toMatchObject({ selection: 3, amountSen: 48_650 });
    expect(withSelection(added, 1).amountSen).toBe(50_650);
    expect(withSelection(added, 2).amountSen).toBe(14_650);
    expect(withSelection(added, 4).amountSen).toBe(487);
  });

  it('start other bills at their balance, a charge at its form amount', () => {
    expect(cartItemFromResult(result(), 1).amountSen).toBe(10_000);
    const charge = {
      customerName: 'A',
      totalNoOfPeople: 2,
      startDate: '2026-12-01',
      endDate: '2026-12-02',
      totalNoOfDays: 2,
    };
    const lgc = cartItemFromResult(result({ type: 'local_government_charge', balanceSen: 0 }), 1, {
      details: charge,
      amountSen: 400,
    });
    expect(lgc).toMatchObject({ amountSen: 400, charge });
  });
});

describe('adding to the cart', () => {
  it('refuses the same bill twice, naming it', () => {
    const verdict = checkAdditions([item('1')], [item('2', { accountNo: 'K1', displayNo: 'K-1' })]);
    expect(verdict).toMatchObject({ ok: false, code: 'already_in_cart', item: { displayNo: 'K-1' } });
  });

  it(`refuses a bill when the cart is full (${CART_CAPACITY} items)`, () => {
    const full = Array.from({ length: CART_CAPACITY }, (_, i) => item(String(i + 1)));
    expect(checkAdditions(full, [item('99')])).toMatchObject({ ok: false, code: 'cart_full' });
    expect(checkAdditions(full.slice(1), [item('99')])).toEqual({ ok: true });
  });

  it('adds a licence with its dependents only when there is room for all of them', () => {
    const almostFull = Array.from({ length: CART_CAPACITY - 2 }, (_, i) => item(String(i + 1)));
    const licence = [item('50'), item('51', { parentId: '50' }), item('52', { parentId: '50' })];
    expect(checkAdditions(almostFull, licence)).toMatchObject({ ok: false, code: 'cart_full' });
    expect(checkAdditions(almostFull.slice(1), licence)).toEqual({ ok: true });
  });
});

describe('removing from the cart', () => {
  it('removes an item with everything that depends on it', () => {
    const items = [item('1'), item('2', { parentId: '1' }), item('3', { parentId: '2' }), item('4')];
    expect(idsRemovedWith(items, '1').sort()).toEqual(['1', '2', '3']);
    expect(idsRemovedWith(items, '4')).toEqual(['4']);
  });

  it('finds the items a paid payment settled', () => {
    const items = [item('1'), item('2')];
    expect(settledIds(items, [{ council: 'mdpg', type: 'compound', accountNo: 'K2' }])).toEqual(['2']);
  });
});

describe('paying the cart', () => {
  it('checks a part payment against the minimum payment and the balance', () => {
    const tenancy = cartItemFromResult(result({ type: 'tenancy', balanceSen: 45_000, minimumPaymentSen: 15_000 }), 1);
    expect(checkCartItemAmount(tenancy)).toEqual({ ok: true });
    expect(checkCartItemAmount({ ...tenancy, amountSen: 14_999 })).toEqual({
      ok: false,
      code: 'below_minimum_payment',
    });
    expect(checkCartItemAmount({ ...tenancy, amountSen: 45_001 })).toEqual({ ok: false, code: 'exceeds_balance' });
    expect(checkCartItemAmount({ ...item('1'), amountSen: 0 })).toEqual({ ok: true });
  });

  it('skips items of 0 or less and totals the rest', () => {
    const items = [
      item('1'),
      item('2', { amountSen: 0 }),
      item('3', { amountSen: -2_500 }),
      item('4', { amountSen: 250 }),
    ];
    expect(itemsToPay(items).map((i) => i.id)).toEqual(['1', '4']);
    expect(cartTotalSen(items)).toBe(10_250);
  });

  it('sends the selection for assessments, the amount for part payments, the form for a charge, else the id', () => {
    expect(paymentItemRequest(withSelection(cartItemFromResult(ASSESSMENT, 1), 2))).toEqual({
      payableId: 'a1',
      selection: 2,
    });
    const tenancy = cartItemFromResult(result({ id: 't', type: 'tenancy', minimumPaymentSen: 15_000 }), 1);
    expect(paymentItemRequest({ ...tenancy, amountSen: 15_000 })).toEqual({ payableId: 't', amountSen: 15_000 });
    expect(paymentItemRequest(item('1'))).toEqual({ payableId: '1' });
    const charge = {
      customerName: 'A',
      totalNoOfPeople: 2,
      startDate: '2026-12-01',
      endDate: '2026-12-02',
      totalNoOfDays: 2,
    };
    expect(paymentItemRequest({ ...item('9'), charge })).toEqual({
      payableId: '9',
      charge: { customerName: 'A', totalNoOfPeople: 2, startDate: '2026-12-01', endDate: '2026-12-02' },
    });
  });
});

describe('memory cart store', () => {
  it('keeps items in the order they were added', async () => {
    const store = createMemoryCartStore([item('2'), item('1')]);
    await store.putAll([item('3')]);
    await store.remove(['2']);
    expect((await store.load()).map((stored) => stored.id)).toEqual(['1', '3']);
    await store.clear();
    expect(await store.load()).toEqual([]);
  });
});
