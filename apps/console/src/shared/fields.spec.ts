import { describe, expect, it } from 'vitest';
import { bankOrCardName, methodText } from './fields';

const translate = (key: string) => ({ 'checkout.card_visa': 'Visa', 'console.method_card': 'Card' })[key] ?? key;

describe("how staff see a payment's bank", () => {
  it("names a card payment's scheme and the card's bank, when the payment named one", () => {
    const card = { method: 'card' as const, bankId: null, cardMethod: '48' };
    expect(bankOrCardName(translate, { ...card, cardBank: 'PUBLIC_BANK' })).toBe('Visa · Public Bank');
    expect(methodText(translate, { ...card, cardBank: 'PUBLIC_BANK' })).toBe('Card · Visa · Public Bank');
    expect(bankOrCardName(translate, { ...card, cardBank: null })).toBe('Visa');
  });

  it('names an FPX bank by its display name', () => {
    expect(bankOrCardName(translate, { method: 'fpx', bankId: 'MB2U0227', cardMethod: null, cardBank: null })).toBe(
      'Maybank2U',
    );
  });
});
