import { describe, expect, it } from 'vitest';
import {
  CART_DB_NAME,
  CART_DB_STORE,
  CART_DB_VERSION,
  DIALOG_MAX_WIDTH,
  FETCH_MIN_DELAY_MS,
  LOADING_BAR_DURATION_MS,
  LOADING_BAR_THROTTLE_MS,
  RELOAD_GUARD_MS,
  SNACKBAR_TIMEOUT_MS,
} from './constants';

describe('the portal constants', () => {
  it('have the values the screens are designed around', () => {
    expect(SNACKBAR_TIMEOUT_MS).toBe(10000);
    expect(DIALOG_MAX_WIDTH).toBe(800);
    expect(FETCH_MIN_DELAY_MS).toBe(200);
    expect(LOADING_BAR_THROTTLE_MS).toBe(200);
    expect(LOADING_BAR_DURATION_MS).toBe(5000);
    expect(RELOAD_GUARD_MS).toBe(60000);
  });

  it('keep the cart store a payer already has on the device (renaming it would empty every cart)', () => {
    expect([CART_DB_NAME, CART_DB_VERSION, CART_DB_STORE]).toEqual(['cartDB', 1, 'items']);
  });
});
