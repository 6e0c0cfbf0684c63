import { randomBytes } from 'node:crypto';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A new event id: `evt_` and 26 Crockford base32 characters, 10 of the time in milliseconds then 16 random
 * (80 bits), so ids sort by time of making (a ULID's layout).
 */
export function newEventId(nowMs: number = Date.now()): string {
  let time = '';
  let t = nowMs;
  for (let i = 0; i < 10; i += 1) {
    time = CROCKFORD[t % 32] + time;
    t = Math.floor(t / 32);
  }
  const bytes = randomBytes(16);
  let random = '';
  for (const b of bytes) random += CROCKFORD[b % 32];
  return `evt_${time}${random}`;
}
