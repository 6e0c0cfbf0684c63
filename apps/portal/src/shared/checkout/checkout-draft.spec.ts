import { describe, expect, it } from 'vitest';
import { checkPayer, cleanPayer, paymentMethod, readDraft, saveDraft } from './checkout-draft';

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  };
}

describe('the payer details', () => {
  it('lose their spaces in e-mail, and the phone is sent in E.164', () => {
    expect(cleanPayer({ name: ' Aminah ', email: ' aminah @ example.my ', phone: '012 345 6789' })).toEqual({
      name: 'Aminah',
      email: 'aminah@example.my',
      phone: '+60123456789',
    });
  });

  it('take a phone as people write it (dashes, dots, brackets, +60)', () => {
    for (const phone of ['013-888 7766', '013.888.7766', '(013) 888 7766', '+60 13-888 7766', '60138887766']) {
      expect(checkPayer({ name: 'A', email: 'a@b.my', phone }), phone).toEqual({});
      expect(cleanPayer({ name: 'A', email: 'a@b.my', phone }).phone).toBe('+60138887766');
    }
  });

  it('are all required, with a valid e-mail and phone', () => {
    expect(checkPayer({ name: '', email: '', phone: '' })).toEqual({
      name: 'validation.field_required',
      email: 'validation.field_required',
      phone: 'validation.field_required',
    });
    expect(checkPayer({ name: 'A', email: 'a@b', phone: '12' })).toEqual({
      email: 'validation.email_format',
      phone: 'checkout.phone_format',
    });
    expect(checkPayer({ name: 'A', email: 'a @b.my', phone: '+60 12 345 6789' })).toEqual({});
  });
});

describe('the checkout draft', () => {
  it('survives in session storage and reads nothing from garbage', () => {
    const storage = memoryStorage();
    expect(readDraft(storage)).toEqual({ payer: null, method: null });
    const draft = {
      payer: { name: 'A', email: 'a@b.my', phone: '0123456789' },
      method: { type: 'card', cardMethod: '49' },
    } as const;
    saveDraft(draft, storage);
    expect(readDraft(storage)).toEqual(draft);
    storage.setItem('councilpay.checkout', '{not json');
    expect(readDraft(storage)).toEqual({ payer: null, method: null });
  });

  it("has a payment method only once FPX has its bank, or the card its bank (one of the card's list)", () => {
    expect(paymentMethod(null)).toBeNull();
    expect(paymentMethod({ type: 'fpx', bankId: null })).toBeNull();
    expect(paymentMethod({ type: 'fpx', bankId: 'MB2U0227' })).toEqual({ type: 'fpx', bankId: 'MB2U0227' });
    expect(paymentMethod({ type: 'card', cardMethod: '48', cardBank: 'MAYBANK' })).toEqual({
      type: 'card',
      cardMethod: '48',
      cardBank: 'MAYBANK',
    });
    // A draft saved before the card's bank was asked, or a bank not on the list: the bank is still to be chosen.
    expect(paymentMethod({ type: 'card', cardMethod: '48' })).toBeNull();
    expect(paymentMethod({ type: 'card', cardMethod: '48', cardBank: null })).toBeNull();
    expect(paymentMethod({ type: 'card', cardMethod: '48', cardBank: 'MB2U0227' })).toBeNull();
  });
});
