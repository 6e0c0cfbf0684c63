import { describe, expect, it } from 'vitest';
import { afterLoginDestination } from './after-login';

describe('after a successful login', () => {
  it('from home with bills in the cart, goes on to checkout', () => {
    expect(afterLoginDestination({ at: '/', origin: null, cartHasItems: true })).toBe('/checkout');
  });

  it('from home with an empty cart, stays home (never an empty checkout)', () => {
    expect(afterLoginDestination({ at: '/', origin: null, cartHasItems: false })).toBeNull();
  });

  it('returns to the page where the login was opened, after a failed try brought the payer home', () => {
    expect(afterLoginDestination({ at: '/', origin: '/history', cartHasItems: true })).toBe('/history');
    expect(afterLoginDestination({ at: '/faq', origin: null, cartHasItems: false })).toBeNull();
  });
});
