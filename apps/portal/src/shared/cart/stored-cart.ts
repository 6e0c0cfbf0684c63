import { CART_DB_NAME, CART_DB_STORE } from '../constants';
import type { CartItem } from './cart-contents';

function settle<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

/**
 * The items kept on the device, oldest first, read with the browser's own IndexedDB API: showing the cart
 * on the first page needs no Dexie, which loads with the first change to the cart (dexie-cart-store.ts owns
 * the database's schema). Never creates the database: where there is none yet, the cart is empty.
 */
export async function readStoredCart(): Promise<CartItem[]> {
  if (typeof indexedDB === 'undefined') return [];
  const opening = indexedDB.open(CART_DB_NAME);
  opening.onupgradeneeded = () => opening.transaction?.abort(); // no database yet: leave creating it to Dexie
  let db: IDBDatabase;
  try {
    db = await settle(opening);
  } catch {
    return [];
  }
  try {
    if (!db.objectStoreNames.contains(CART_DB_STORE)) return [];
    const items = await settle(db.transaction(CART_DB_STORE, 'readonly').objectStore(CART_DB_STORE).getAll());
    return (items as CartItem[]).sort((a, b) => a.addedAt - b.addedAt);
  } finally {
    db.close();
  }
}
