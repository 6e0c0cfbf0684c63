import { describe, expect, it } from 'vitest';
import { PAYER_REQUERY_WINDOW_MS, PAYMENT_ACTIONS_PER_ADDRESS } from '@councilpay/domain';
import {
  FAST_REQUERY_FOR_MS,
  FIRST_REQUERY_AFTER_MS,
  isFollowed,
  requeryDue,
  REQUERY_EVERY_MS,
  SLOW_REQUERY_EVERY_MS,
  statusTone,
} from './payment-status';

describe('following a payment', () => {
  it('stops once the payment is final', () => {
    expect(isFollowed('in_progress')).toBe(true);
    expect(isFollowed('pending')).toBe(true);
    for (const status of ['paid', 'failed', 'cancelled', 'expired', 'refunded'] as const) {
      expect(isFollowed(status)).toBe(false);
    }
  });

  it('asks the gateway after a first delay, then at most once per window (the API allows one per 10 s)', () => {
    const since = 1_000_000;
    expect(requeryDue(since, null, since + FIRST_REQUERY_AFTER_MS - 1)).toBe(false);
    expect(requeryDue(since, null, since + FIRST_REQUERY_AFTER_MS)).toBe(true);
    const last = since + FIRST_REQUERY_AFTER_MS;
    expect(requeryDue(since, last, last + REQUERY_EVERY_MS - 1)).toBe(false);
    expect(requeryDue(since, last, last + REQUERY_EVERY_MS)).toBe(true);
    expect(REQUERY_EVERY_MS).toBeGreaterThan(PAYER_REQUERY_WINDOW_MS);
  });

  it('asks less often after the first minutes, so a receipt left open keeps its address within its allowance', () => {
    const since = 1_000_000;
    const late = since + FAST_REQUERY_FOR_MS;
    expect(requeryDue(since, late - REQUERY_EVERY_MS, late)).toBe(false);
    expect(requeryDue(since, late, late + SLOW_REQUERY_EVERY_MS - 1)).toBe(false);
    expect(requeryDue(since, late, late + SLOW_REQUERY_EVERY_MS)).toBe(true);

    // A page followed for one whole allowance window, checking every POLL-ish second: at most a third of it.
    const [allowed, windowMs] = PAYMENT_ACTIONS_PER_ADDRESS;
    let last: number | null = null;
    let asks = 0;
    for (let now = since; now <= since + windowMs; now += 1_000) {
      if (requeryDue(since, last, now)) {
        asks += 1;
        last = now;
      }
    }
    expect(asks).toBeLessThanOrEqual(allowed / 3);
  });

  it('colours paid green, failed red, waiting blue', () => {
    expect(statusTone('paid')).toBe('success');
    expect(statusTone('failed')).toBe('error');
    expect(statusTone('pending')).toBe('info');
    expect(statusTone('expired')).toBe('warning');
  });
});
