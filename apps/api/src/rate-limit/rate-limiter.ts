import { Injectable } from '@nestjs/common';
import { ApiError } from '../http/api-error';
import { SessionRedis } from '../redis/session-redis';

const GIVE_BACK = `local v = tonumber(redis.call('GET', KEYS[1]) or '0')
if v > 0 then return redis.call('DECR', KEYS[1]) end
return 0`;

/**
 * Fixed-window counters in Redis, shared by every API process: `hit` counts one event and returns the count
 * so far in its window; `take` also refuses it with 429 beyond a limit. Keys live under
 * `<REDIS_PREFIX>:limit:`; name them `<what>:<scope>:<who>` (`login:address:1.2.3.4`, `payment-action:...`).
 * Any module may inject it: RateLimitModule is global.
 */
@Injectable()
export class RateLimiter {
  constructor(private readonly redis: SessionRedis) {}

  /** Counts one event under `key`; the window starts with the first. Returns the count and when the window ends. */
  async hit(key: string, windowMs: number): Promise<{ count: number; retryAfterMs: number }> {
    const k = this.redis.key('limit', key);
    const [, [, count], [, ttl]] = (await this.redis.client
      .multi()
      .set(k, '0', 'PX', windowMs, 'NX')
      .incr(k)
      .pttl(k)
      .exec()) as [unknown, [null, number], [null, number]];
    return { count, retryAfterMs: Math.max(Number(ttl), 0) };
  }

  /** The events counted under `key` in its current window (0 when none). */
  async peek(key: string): Promise<number> {
    return Number((await this.redis.client.get(this.redis.key('limit', key))) ?? 0);
  }

  /** Forgets the events counted under `key`. */
  async reset(key: string): Promise<void> {
    await this.redis.client.del(this.redis.key('limit', key));
  }

  /** Takes one event back (a count never goes below zero, nor is a new window started). */
  async giveBack(key: string): Promise<void> {
    await this.redis.client.eval(GIVE_BACK, 1, this.redis.key('limit', key));
  }

  /** Counts one event and refuses it with 429 when it is over `max` in the window. */
  async take(key: string, [max, windowMs]: readonly [number, number], message: string): Promise<void> {
    const { count, retryAfterMs } = await this.hit(key, windowMs);
    if (count > max) throw tooManyRequests(message, retryAfterMs);
  }
}

/** 429 with `retryAfterSeconds` (at least 1), and any further details the client acts on. */
export function tooManyRequests(
  message: string,
  retryAfterMs: number,
  details: Record<string, unknown> = {},
): ApiError {
  return new ApiError(429, 'too_many_requests', message, {
    ...details,
    retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)),
  });
}
