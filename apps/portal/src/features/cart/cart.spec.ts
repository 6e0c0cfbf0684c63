import { CART_CAPACITY } from '@councilpay/domain';
import { describe, expect, it } from 'vitest';
import { cartKey, checkAddition, idsRemovedWith, type CartItem } from './cart';
import { createMemoryCartStore } from './cart-store';

function item(id: string, overrides: Partial<CartItem> = {}): CartItem {
  return {
    id,
    council: 'mdpg',
    type: 'assessment',
    accountNo: `A${id}`,
    displayNo: `A-${id}`,
    amountSen: 1000,
    addedAt: Number(id.replace(/\D/g, '')) || 0,
    parentId: null,
    ...overrides,
  };
}

describe('cart rules', () => {
  it('identifies a bill by council, type and account number', () => {
    expect(cartKey(item('1'))).toBe('mdpg:assessment:A1');
  });

  it('refuses the same bill twice and a full cart', () => {
    expect(checkAddition([item('1')], item('2', { accountNo: 'A1' }))).toEqual({ ok: false, code: 'already_in_cart' });
    const full = Array.from({ length: CART_CAPACITY }, (_, i) => item(String(i + 1)));
    expect(checkAddition(full, item('99'))).toEqual({ ok: false, code: 'cart_full' });
    expect(checkAddition([], item('1'))).toEqual({ ok: true });
  });

  it('removes an item with everything that depends on it', () => {
    const items = [item('1'), item('2', { parentId: '1' }), item('3', { parentId: '2' }), item('4')];
    expect(idsRemovedWith(items, '1').sort()).toEqual(['1', '2', '3']);
    expect(idsRemovedWith(items, '4')).toEqual(['4']);
  });
});

describe('memory cart store', () => {
  it('keeps items in the order they were added', async () => {
    const store = createMemoryCartStore([item('2'), item('1')]);
    await store.put(item('3'));
    await store.remove(['2']);
    expect((await store.load()).map((stored) => stored.id)).toEqual(['1', '3']);
    await store.clear();
    expect(await store.load()).toEqual([]);
  });
});
