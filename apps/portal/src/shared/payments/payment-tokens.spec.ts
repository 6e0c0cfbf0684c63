import { describe, expect, it } from 'vitest';
import { MAX_REMEMBERED_TOKENS, paymentTokenFor, rememberPaymentToken } from './payment-tokens';

/** sessionStorage's interface over a Map (the unit tests run without a DOM). */
function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (index) => [...map.keys()][index] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, value),
  };
}

describe('payment tokens kept for this tab', () => {
  it('gives back the token of a payment made here, and nothing for another', () => {
    const storage = memoryStorage();
    rememberPaymentToken('CPAAAAAAAAAAAAAAAAAAAA', 'token-a', storage);
    expect(paymentTokenFor('CPAAAAAAAAAAAAAAAAAAAA', storage)).toBe('token-a');
    expect(paymentTokenFor('CPBBBBBBBBBBBBBBBBBBBB', storage)).toBeNull();
  });

  it(`remembers the last ${MAX_REMEMBERED_TOKENS} payments only`, () => {
    const storage = memoryStorage();
    for (let i = 0; i <= MAX_REMEMBERED_TOKENS; i += 1) rememberPaymentToken(`CP${i}`, `t${i}`, storage);
    expect(paymentTokenFor('CP0', storage)).toBeNull();
    expect(paymentTokenFor(`CP${MAX_REMEMBERED_TOKENS}`, storage)).toBe(`t${MAX_REMEMBERED_TOKENS}`);
  });

  it('survives storage that is missing or holds something else', () => {
    expect(paymentTokenFor('CP1', null)).toBeNull();
    const storage = memoryStorage();
    storage.setItem('cp_payment_tokens', '[not json');
    expect(paymentTokenFor('CP1', storage)).toBeNull();
    rememberPaymentToken('CP1', 't1', storage);
    expect(paymentTokenFor('CP1', storage)).toBe('t1');
  });
});
