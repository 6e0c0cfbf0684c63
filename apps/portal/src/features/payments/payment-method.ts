import { CARD_METHODS, isCardMethod } from '@councilpay/domain';
import type { FieldValue } from '../../shared/ui/result-fields';

/** What the receipt and the history need to name how a payment was made. */
export interface PaidWith {
  method: 'fpx' | 'card';
  /** The bank's display name (never its FPX code), for FPX. */
  bankName: string | null;
  cardMethod: string | null;
}

/** "FPX online banking (Maybank2U)", "Visa", or "Credit or debit card". */
export function paymentMethodValue(payment: PaidWith): FieldValue {
  if (payment.method === 'card') {
    return isCardMethod(payment.cardMethod)
      ? { key: `checkout.card_${CARD_METHODS[payment.cardMethod]}` }
      : { key: 'checkout.method_card' };
  }
  return payment.bankName
    ? { key: 'checkout.fpx_with_bank', values: { bank: payment.bankName } }
    : { key: 'checkout.method_fpx' };
}
