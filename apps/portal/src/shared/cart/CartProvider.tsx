import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { checkAdditions, idsRemovedWith, type AdditionResult, type CartItem } from './cart-contents';
import { createMemoryCartStore, type CartStore } from './cart-store';
import { readStoredCart } from './stored-cart';

export interface Cart {
  items: readonly CartItem[];
  /** Number of items, for the top bar's badge. */
  count: number;
  /** False until the items have been read from the device. */
  ready: boolean;
  /**
   * Adds a bill (with the items depending on it) unless the cart is full or already holds one of them;
   * nothing is added then, and the answer names the code (`validation.*` key) and the item.
   */
  add: (items: readonly CartItem[]) => Promise<AdditionResult>;
  /** Replaces an item (a new selection or amount). */
  update: (item: CartItem) => Promise<void>;
  /** Removes an item and the items depending on it. */
  remove: (id: string) => Promise<void>;
  /** Removes the given items (e.g. those a payment settled). */
  removeIds: (ids: readonly string[]) => Promise<void>;
  clear: () => Promise<void>;
}

const CartContext = createContext<Cart | null>(null);

/** The device's cart store: IndexedDB through Dexie (its own chunk), memory where IndexedDB fails. */
async function openDeviceStore(): Promise<CartStore> {
  try {
    const { openDexieCartStore } = await import('./dexie-cart-store');
    return await openDexieCartStore();
  } catch {
    return createMemoryCartStore(); // Private browsing without IndexedDB: the cart lasts for the visit.
  }
}

/**
 * The cart, loaded from the device when the portal starts, after the first paint. Reading it needs only the
 * browser's IndexedDB (stored-cart.ts); the store and Dexie are fetched with the first change to the cart,
 * so a visit that only looks carries neither.
 */
export function CartProvider({ store: givenStore, children }: { store?: CartStore; children: ReactNode }) {
  const storeRef = useRef<Promise<CartStore> | null>(null);
  const [items, setItems] = useState<readonly CartItem[]>([]);
  const [ready, setReady] = useState(false);
  // The committed items, read by the callbacks so two quick additions both see each other.
  const itemsRef = useRef<readonly CartItem[]>(items);
  const commit = useCallback((next: readonly CartItem[]) => {
    itemsRef.current = next;
    setItems(next);
  }, []);

  const store = useCallback((): Promise<CartStore> => {
    storeRef.current ??= givenStore ? Promise.resolve(givenStore) : openDeviceStore();
    return storeRef.current;
  }, [givenStore]);

  useEffect(() => {
    let cancelled = false;
    void (givenStore ? givenStore.load() : readStoredCart())
      .then((loaded) => {
        if (cancelled) return;
        // Items added before the store answered (a very fast click) are kept after the stored ones.
        const added = itemsRef.current.filter((item) => !loaded.some((stored) => stored.id === item.id));
        commit([...loaded, ...added]);
        setReady(true);
      })
      .catch(() => {
        if (!cancelled) setReady(true);
      });
    return () => {
      cancelled = true;
    };
  }, [givenStore, commit]);

  const add = useCallback(
    async (candidates: readonly CartItem[]) => {
      const verdict = checkAdditions(itemsRef.current, candidates);
      if (!verdict.ok) return verdict;
      const before = itemsRef.current;
      commit([...before, ...candidates]);
      try {
        await (await store()).putAll(candidates);
      } catch (error) {
        const ids = new Set(candidates.map((item) => item.id));
        commit(itemsRef.current.filter((item) => !ids.has(item.id)));
        throw error;
      }
      return verdict;
    },
    [store, commit],
  );

  // A change is shown once it is stored: shown first, a reload or a closed tab in between would bring back what
  // the payer had changed or removed (the write to IndexedDB is not finished when the page goes).
  const update = useCallback(
    async (item: CartItem) => {
      await (await store()).put(item);
      commit(itemsRef.current.map((existing) => (existing.id === item.id ? item : existing)));
    },
    [store, commit],
  );

  const removeIds = useCallback(
    async (ids: readonly string[]) => {
      if (ids.length === 0) return;
      await (await store()).remove(ids);
      commit(itemsRef.current.filter((item) => !ids.includes(item.id)));
    },
    [store, commit],
  );

  const remove = useCallback((id: string) => removeIds(idsRemovedWith(itemsRef.current, id)), [removeIds]);

  const clear = useCallback(async () => {
    await (await store()).clear();
    commit([]);
  }, [store, commit]);

  const cart = useMemo<Cart>(
    () => ({ items, count: items.length, ready, add, update, remove, removeIds, clear }),
    [items, ready, add, update, remove, removeIds, clear],
  );
  return <CartContext.Provider value={cart}>{children}</CartContext.Provider>;
}

export function useCart(): Cart {
  const cart = useContext(CartContext);
  if (!cart) throw new Error('useCart must be used inside <CartProvider>');
  return cart;
}
