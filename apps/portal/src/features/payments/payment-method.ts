import { CARD_METHODS, isCardMethod } from '@councilpay/domain';
import type { FieldValue } from '../../shared/ui/result-fields';

/** What the receipt and the history need to name how a payment was made. */
export interface PaidWith {
  method: 'fpx' | 'card';
  /** The bank's display name (never its FPX code): FPX's bank, or the card's bank. */
  bankName: string | null;
  cardMethod: string | null;
}

/** "FPX online banking (Maybank2U)", "Visa (Public Bank)", "Visa", or "Credit or debit card". */
export function paymentMethodValue(payment: PaidWith): FieldValue {
  if (payment.method === 'card') {
    if (!isCardMethod(payment.cardMethod)) return { key: 'checkout.method_card' };
    const scheme = CARD_METHODS[payment.cardMethod];
    // The card's bank, when the payment named it.
    return payment.bankName
      ? { key: `checkout.card_${scheme}_with_bank`, values: { bank: payment.bankName } }
      : { key: `checkout.card_${scheme}` };
  }
  return payment.bankName
    ? { key: 'checkout.fpx_with_bank', values: { bank: payment.bankName } }
    : { key: 'checkout.method_fpx' };
}
