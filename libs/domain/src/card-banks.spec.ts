import { describe, expect, it } from 'vitest';
import { CARD_BANK_LIST, CARD_BANKS, cardBankName, isCardBank, paymentBankName } from './card-banks';

describe('the banks a card may be issued by', () => {
  it('are one list of sixteen, Affin through RHB in alphabetical order, each code and name once', () => {
    expect(CARD_BANK_LIST).toHaveLength(16);
    expect(CARD_BANK_LIST[0]).toEqual({ code: 'AFFIN', name: 'Affin Bank' });
    expect(CARD_BANK_LIST[15]).toEqual({ code: 'RHB', name: 'RHB Bank' });
    expect(CARD_BANKS).toEqual(CARD_BANK_LIST.map((b) => b.name));
    expect(new Set(CARD_BANK_LIST.map((b) => b.code)).size).toBe(16);
    for (const { code } of CARD_BANK_LIST) expect(code).toMatch(/^[A-Z_]{2,20}$/);
  });

  it('take only a listed code, exactly; a name is shown for a code', () => {
    expect(isCardBank('MAYBANK')).toBe(true);
    for (const other of ['maybank', ' MAYBANK', 'MB2U0227', 'Maybank', '', null, undefined, 48])
      expect(isCardBank(other), String(other)).toBe(false);
    expect(cardBankName('CIMB')).toBe('CIMB Bank');
    expect(cardBankName('NOPE')).toBe('NOPE');
  });

  it("name a payment's bank: FPX's bank, or the card's bank", () => {
    expect(paymentBankName({ method: 'fpx', bankId: 'MB2U0227', cardBank: null })).toBe('Maybank2U');
    expect(paymentBankName({ method: 'card', bankId: null, cardBank: 'PUBLIC_BANK' })).toBe('Public Bank');
    expect(paymentBankName({ method: 'card', bankId: null, cardBank: null })).toBeNull();
  });
});
