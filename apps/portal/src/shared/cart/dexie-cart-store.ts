import { CART_DB_NAME, CART_DB_STORE, CART_DB_VERSION } from '../constants';
import Dexie, { type Table } from 'dexie';
import type { CartItem } from './cart-contents';
import type { CartStore } from './cart-store';

/** The cart on the device: IndexedDB database `cartDB`, version 1, store `items`. */
class CartDatabase extends Dexie {
  readonly items!: Table<CartItem, string>;

  constructor() {
    super(CART_DB_NAME);
    this.version(CART_DB_VERSION).stores({ [CART_DB_STORE]: 'id, addedAt' });
  }
}

/** The Dexie-backed store; loaded lazily (its own chunk) after the first paint. */
export async function openDexieCartStore(): Promise<CartStore> {
  const db = new CartDatabase();
  await db.open();
  const table = db.table<CartItem, string>(CART_DB_STORE);
  return {
    load: () => table.orderBy('addedAt').toArray(),
    put: async (item) => {
      await table.put(item);
    },
    putAll: async (items) => {
      await table.bulkPut([...items]);
    },
    remove: async (ids) => {
      await table.bulkDelete([...ids]);
    },
    clear: () => table.clear(),
  };
}
