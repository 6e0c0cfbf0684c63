import type { CartItem } from './cart-contents';

/**
 * Where cart items are kept: IndexedDB through Dexie in the browser (`cartDB` version 1, store `items`,
 * see dexie-cart-store.ts), memory in tests and where IndexedDB is unavailable.
 */
export interface CartStore {
  /** Every item, oldest first. */
  load(): Promise<CartItem[]>;
  put(item: CartItem): Promise<void>;
  putAll(items: readonly CartItem[]): Promise<void>;
  remove(ids: readonly string[]): Promise<void>;
  clear(): Promise<void>;
}

/** A store that forgets everything on reload (tests, and browsers without IndexedDB). */
export function createMemoryCartStore(initial: readonly CartItem[] = []): CartStore {
  const items = new Map(initial.map((item) => [item.id, item]));
  return {
    load: async () => [...items.values()].sort((a, b) => a.addedAt - b.addedAt),
    put: async (item) => {
      items.set(item.id, item);
    },
    putAll: async (added) => {
      for (const item of added) items.set(item.id, item);
    },
    remove: async (ids) => {
      for (const id of ids) items.delete(id);
    },
    clear: async () => {
      items.clear();
    },
  };
}
