import { describe, expect, it } from 'vitest';
import { TEST_CARDS, cardBrand, cardOutcome, checkCardForm, luhnValid } from './test-cards';

describe('test cards', () => {
  it('every documented test card passes the Luhn check and has the brand it says', () => {
    for (const card of TEST_CARDS) {
      expect(luhnValid(card.number)).toBe(true);
      expect(cardBrand(card.number)).toBe(card.brand);
    }
  });

  it('maps the documented outcomes; other valid numbers approve', () => {
    expect(cardOutcome('4111111111111111')).toEqual({ kind: 'approve' });
    expect(cardOutcome('4000000000000002')).toEqual({ kind: 'decline', errDesc: 'Card declined' });
    expect(cardOutcome('4000000000009995')).toEqual({ kind: 'decline', errDesc: 'Insufficient funds' });
    expect(cardOutcome('4000000000000259')).toEqual({ kind: 'pending' });
    expect(cardOutcome('4012888888881881')).toEqual({ kind: 'approve' });
  });

  it('Luhn', () => {
    expect(luhnValid('4111111111111112')).toBe(false);
    expect(luhnValid('79927398713')).toBe(true);
    expect(luhnValid('')).toBe(false);
  });
});

describe('checkCardForm', () => {
  const now = new Date(2026, 4, 15); // May 2026
  const good = { cardNumber: '4111-1111 1111 1111', cardName: 'A', expMonth: '5', expYear: '2026', cvv: '123' };

  it('accepts a valid card this month, keeping only brand and last 4', () => {
    expect(checkCardForm(good, now)).toEqual({ errors: [], digits: '4111111111111111', brand: 'Visa', last4: '1111' });
  });

  it('refuses an expired card, a year out of range, a bad month, a missing name and a short CVV', () => {
    const fields = (form: Partial<typeof good>) => checkCardForm({ ...good, ...form }, now).errors.map((e) => e.field);
    expect(fields({ expMonth: '4' })).toEqual(['expMonth']);
    expect(fields({ expYear: '2037' })).toEqual(['expYear']);
    expect(fields({ expMonth: '0' })).toEqual(['expMonth']);
    expect(fields({ cardName: '  ' })).toEqual(['cardName']);
    expect(fields({ cvv: '12' })).toEqual(['cvv']);
    expect(fields({ cardNumber: '4111 abcd' })).toEqual(['cardNumber']);
  });
});
