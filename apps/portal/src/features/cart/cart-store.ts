import type { CartItem } from './cart';

/**
 * Where cart items are kept. The portal's real store is IndexedDB through Dexie (`cartDB` version 1,
 * store `items`, libs/domain CART_DB_*); until that lands the cart lives in memory for the visit.
 */
export interface CartStore {
  load(): Promise<CartItem[]>;
  put(item: CartItem): Promise<void>;
  remove(ids: readonly string[]): Promise<void>;
  clear(): Promise<void>;
}

/** A store that forgets everything on reload (placeholder and tests). */
export function createMemoryCartStore(initial: readonly CartItem[] = []): CartStore {
  const items = new Map(initial.map((item) => [item.id, item]));
  return {
    load: async () => [...items.values()].sort((a, b) => a.addedAt - b.addedAt),
    put: async (item) => {
      items.set(item.id, item);
    },
    remove: async (ids) => {
      for (const id of ids) items.delete(id);
    },
    clear: async () => {
      items.clear();
    },
  };
}
