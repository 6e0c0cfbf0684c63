import type { CartAdditionError, RuleResult } from '@councilpay/domain';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { checkAddition, idsRemovedWith, type CartItem } from './cart';
import { createMemoryCartStore, type CartStore } from './cart-store';

export interface Cart {
  items: readonly CartItem[];
  /** Number of items, for the top bar's badge. */
  count: number;
  /** False until the items have been read from the store. */
  ready: boolean;
  /** Adds an item unless the cart is full or already holds it (the code is an i18n key under `validation`). */
  add: (item: CartItem) => Promise<RuleResult<CartAdditionError>>;
  /** Removes an item and the items depending on it. */
  remove: (id: string) => Promise<void>;
  clear: () => Promise<void>;
}

const CartContext = createContext<Cart | null>(null);

export function CartProvider({ store: givenStore, children }: { store?: CartStore; children: ReactNode }) {
  // TODO(cart): pass the Dexie store (cartDB v1, store `items`) from App once the cart feature lands.
  const store = useMemo(() => givenStore ?? createMemoryCartStore(), [givenStore]);
  const [items, setItems] = useState<readonly CartItem[]>([]);
  const [ready, setReady] = useState(false);
  // The committed items, read by the callbacks so two quick additions both see each other.
  const itemsRef = useRef<readonly CartItem[]>(items);
  const commit = useCallback((next: readonly CartItem[]) => {
    itemsRef.current = next;
    setItems(next);
  }, []);

  useEffect(() => {
    let cancelled = false;
    void store.load().then((loaded) => {
      if (cancelled) return;
      commit(loaded);
      setReady(true);
    });
    return () => {
      cancelled = true;
    };
  }, [store, commit]);

  const add = useCallback(
    async (item: CartItem) => {
      const before = itemsRef.current;
      const verdict = checkAddition(before, item);
      if (!verdict.ok) return verdict;
      commit([...before, item]);
      try {
        await store.put(item);
      } catch (error) {
        commit(itemsRef.current.filter((existing) => existing.id !== item.id));
        throw error;
      }
      return verdict;
    },
    [store, commit],
  );

  const remove = useCallback(
    async (id: string) => {
      const ids = idsRemovedWith(itemsRef.current, id);
      await store.remove(ids);
      commit(itemsRef.current.filter((item) => !ids.includes(item.id)));
    },
    [store, commit],
  );

  const clear = useCallback(async () => {
    await store.clear();
    commit([]);
  }, [store, commit]);

  const cart = useMemo<Cart>(
    () => ({ items, count: items.length, ready, add, remove, clear }),
    [items, ready, add, remove, clear],
  );
  return <CartContext.Provider value={cart}>{children}</CartContext.Provider>;
}

export function useCart(): Cart {
  const cart = useContext(CartContext);
  if (!cart) throw new Error('useCart must be used inside <CartProvider>');
  return cart;
}
