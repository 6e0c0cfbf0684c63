/**
 * The payment this tab made for the bills in the cart that is still waiting for its bank: what the payer who
 * comes back from the bank's page (Back, a reload) or who is told "an earlier payment is still waiting" needs
 * to see. Found among the payments this tab holds the proof of (payment-tokens.ts), never anyone else's.
 */
import { isOpen, type PaymentDto } from '@councilpay/domain';
import type { CartItem } from '../../shared/cart/cart';
import { getPayment } from '../../shared/payments/payments-api';
import { rememberedReferences } from '../../shared/payments/payment-tokens';

/** How many of this tab's newest payments are looked at. */
const LOOKED_AT = 5;

const billKey = (bill: { council: string; type: string; accountNo: string }) =>
  `${bill.council}|${bill.type}|${bill.accountNo}`;

/** Whether a payment is open and for any of the cart's bills. */
export function waitsForCart(payment: PaymentDto, items: readonly CartItem[]): boolean {
  const inCart = new Set(items.map(billKey));
  return isOpen(payment.status) && payment.items.some((item) => inCart.has(billKey(item)));
}

/** The newest payment made in this tab that still waits for its bank for a bill in the cart, or null. */
export async function ownWaitingPayment(items: readonly CartItem[], signal?: AbortSignal): Promise<string | null> {
  if (items.length === 0) return null;
  for (const reference of rememberedReferences().slice(0, LOOKED_AT)) {
    const payment = await getPayment(reference, signal).catch(() => null);
    if (signal?.aborted) return null;
    if (payment && payment.view === 'full' && waitsForCart(payment, items)) return reference;
  }
  return null;
}
