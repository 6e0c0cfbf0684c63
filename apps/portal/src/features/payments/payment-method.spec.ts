import { describe, expect, it } from 'vitest';
import { paymentMethodValue } from './payment-method';

describe('how a payment was made, as the receipt and history show it', () => {
  it('names the FPX bank by its display name', () => {
    expect(paymentMethodValue({ method: 'fpx', bankName: 'Maybank2U', cardMethod: null })).toEqual({
      key: 'checkout.fpx_with_bank',
      values: { bank: 'Maybank2U' },
    });
    expect(paymentMethodValue({ method: 'fpx', bankName: null, cardMethod: null })).toEqual({
      key: 'checkout.method_fpx',
    });
  });

  it('names the card scheme', () => {
    expect(paymentMethodValue({ method: 'card', bankName: null, cardMethod: '48' })).toEqual({
      key: 'checkout.card_visa',
    });
    expect(paymentMethodValue({ method: 'card', bankName: null, cardMethod: null })).toEqual({
      key: 'checkout.method_card',
    });
  });

  it("names the card's bank with the scheme, when the payment named it", () => {
    expect(paymentMethodValue({ method: 'card', bankName: 'Public Bank', cardMethod: '49' })).toEqual({
      key: 'checkout.card_mastercard_with_bank',
      values: { bank: 'Public Bank' },
    });
  });
});
