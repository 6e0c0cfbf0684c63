import { describe, expect, it } from 'vitest';
import { expiresAt, nextRequeryAt, nextSlowRequeryAt, requeryDelayMs } from './requery-schedule';

describe('the requery schedule', () => {
  it('asks after about 2 minutes, then 10, 30, 60 and every hour', () => {
    expect([1, 2, 3, 4, 5, 9].map((n) => requeryDelayMs(n) / 60_000)).toEqual([2, 10, 30, 60, 60, 60]);
  });

  it('never schedules past the 24-hour expiry', () => {
    const created = new Date('2026-11-22T00:00:00Z');
    const late = new Date('2026-11-22T23:30:00Z');
    expect(nextRequeryAt(created, late, 20).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(expiresAt(created).toISOString()).toBe('2026-11-23T00:00:00.000Z');
  });

  it('shrinks every interval alike for tests', () => {
    expect(requeryDelayMs(1, 0.001)).toBe(120);
    expect(expiresAt(new Date(0), 0.001).getTime()).toBe(86_400);
  });

  it('asks an ended payment daily for 7 days after it ended, then no more', () => {
    const ended = new Date('2026-11-22T00:00:00Z');
    const day = 86_400_000;
    expect(nextSlowRequeryAt(ended, ended)?.toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(nextSlowRequeryAt(ended, new Date(ended.getTime() + 6 * day))?.toISOString()).toBe(
      '2026-11-29T00:00:00.000Z',
    );
    expect(nextSlowRequeryAt(ended, new Date(ended.getTime() + 7 * day))).toBeNull();
  });
});
