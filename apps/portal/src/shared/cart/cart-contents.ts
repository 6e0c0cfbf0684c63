/**
 * What the cart holds and the rules the cart itself applies on every change: identity of a bill, room and
 * duplicates when adding (libs/domain), removal with dependents. Kept apart from cart.ts (amounts and
 * payment lines) so the portal's first load carries only this.
 */
import {
  checkCartAddition,
  type AssessmentSelection,
  type CartAdditionError,
  type LocalGovernmentChargeRequest,
  type SearchResultDto,
  type Sen,
} from '@councilpay/domain';

/** The local government charge form as filled in, with the days it covers. */
export interface ChargeDetails extends LocalGovernmentChargeRequest {
  totalNoOfDays: number;
}

/**
 * One bill in the cart, kept on the device: the search result it was added from (without its status, which
 * the cart does not follow) and what the payer chose to pay for it.
 */
export interface CartItem extends Omit<SearchResultDto, 'status'> {
  /** What the payer pays for this item; 0 or less is skipped at payment. */
  amountSen: Sen;
  /** Assessment only: the selection 1-4 the payer chose. */
  selection: AssessmentSelection | null;
  /** Local government charge only. */
  charge: ChargeDetails | null;
  /** Epoch milliseconds (added_cart_at). */
  addedAt: number;
}

/** Two items are the same bill when council, type and account agree. */
export function cartKey(item: Pick<CartItem, 'council' | 'type' | 'accountNo'>): string {
  return `${item.council}:${item.type}:${item.accountNo}`;
}

export type AdditionResult = { ok: true } | { ok: false; code: CartAdditionError; item: CartItem };

/**
 * Whether `candidates` (a licence with its dependent items, or one bill) may all be added: each must be
 * new and the cart must have room for all of them. Nothing is added when one cannot be.
 */
export function checkAdditions(items: readonly CartItem[], candidates: readonly CartItem[]): AdditionResult {
  const keys = items.map(cartKey);
  for (const candidate of candidates) {
    const verdict = checkCartAddition(keys, cartKey(candidate));
    if (!verdict.ok) return { ok: false, code: verdict.code, item: candidate };
    keys.push(cartKey(candidate));
  }
  return { ok: true };
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
