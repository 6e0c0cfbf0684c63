import { describe, expect, it } from 'vitest';
import { FIRST_REQUERY_AFTER_MS, isFollowed, requeryDue, REQUERY_EVERY_MS, statusTone } from './payment-status';

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
    expect(REQUERY_EVERY_MS).toBeGreaterThanOrEqual(10_000);
  });

  it('colours paid green, failed red, waiting blue', () => {
    expect(statusTone('paid')).toBe('success');
    expect(statusTone('failed')).toBe('error');
    expect(statusTone('pending')).toBe('info');
    expect(statusTone('expired')).toBe('warning');
  });
});
