/**
 * The cart's rules, independent of where items are stored: what identifies an item, whether one may be
 * added (capacity and duplicates, libs/domain) and removal of an item with the items that depend on it.
 */
import {
  checkCartAddition,
  type CartAdditionError,
  type PayableType,
  type RuleResult,
  type Sen,
} from '@councilpay/domain';

/** One bill in the cart, kept on the device. */
export interface CartItem {
  /** The search result's id. */
  id: string;
  council: string;
  type: PayableType;
  accountNo: string;
  /** The account number as shown to people. */
  displayNo: string;
  amountSen: Sen;
  /** Epoch milliseconds. */
  addedAt: number;
  /** The item this one belongs to (e.g. a signboard on a licence): removed together with it. */
  parentId: string | null;
}

/** Two items are the same bill when council, type and account agree. */
export function cartKey(item: Pick<CartItem, 'council' | 'type' | 'accountNo'>): string {
  return `${item.council}:${item.type}:${item.accountNo}`;
}

export function checkAddition(items: readonly CartItem[], candidate: CartItem): RuleResult<CartAdditionError> {
  return checkCartAddition(items.map(cartKey), cartKey(candidate));
}

/** The ids removed with `id`: the item itself and, transitively, every item depending on it. */
export function idsRemovedWith(items: readonly CartItem[], id: string): string[] {
  const removed = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const item of items) {
      if (item.parentId !== null && removed.has(item.parentId) && !removed.has(item.id)) {
        removed.add(item.id);
        grew = true;
      }
    }
  }
  return [...removed];
}
