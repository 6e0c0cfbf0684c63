import { describe, expect, it } from 'vitest';
import { nextRetryAt } from './retry-schedule';

describe('webhook retry schedule', () => {
  const made = new Date('2026-12-06T00:00:00Z');
  const after = (failures: number, now = made) => (nextRetryAt(failures, made, now)?.getTime() ?? NaN) - now.getTime();

  it('waits 30 s, then doubles each failure, up to 6 hours', () => {
    expect([1, 2, 3, 4, 5].map((n) => after(n))).toEqual([30_000, 60_000, 120_000, 240_000, 480_000]);
    expect(after(10)).toBe(30_000 * 512);
    expect(after(11)).toBe(6 * 3600_000);
    expect(after(50)).toBe(6 * 3600_000);
  });

  it('stops 72 hours after the delivery was made', () => {
    const late = new Date(made.getTime() + 72 * 3600_000 - 60_000);
    expect(nextRetryAt(1, made, late)).not.toBeNull();
    expect(nextRetryAt(2, made, late)).not.toBeNull();
    expect(nextRetryAt(3, made, late)).toBeNull();
    // Retried until then: about 25 tries in all.
    let now = made;
    let failures = 0;
    for (;;) {
      failures += 1;
      const next = nextRetryAt(failures, made, now);
      if (!next) break;
      now = next;
    }
    expect(failures).toBeGreaterThan(15);
    expect(now.getTime() - made.getTime()).toBeLessThanOrEqual(72 * 3600_000);
  });
});
