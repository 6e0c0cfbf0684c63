import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';

/**
 * The Redis connection of sessions and rate limits (login throttles among them), provided by RateLimitModule.
 * Unlike the shared health-check connection (RedisService) it queues commands while it (re)connects, so the
 * first requests after a start or a blip wait for Redis instead of failing; a command still fails after two
 * retries when Redis stays away.
 */
@Injectable()
export class SessionRedis implements OnApplicationShutdown {
  readonly client: Redis;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.client = new Redis(config.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 2, connectTimeout: 2000 });
    // Failures surface on the commands (and in /api/health); without a listener ioredis logs them as unhandled.
    this.client.on('error', () => undefined);
  }

  /** A key under this deployment's (or test run's) REDIS_PREFIX. */
  key(...parts: string[]): string {
    return [this.config.redisPrefix, ...parts].join(':');
  }

  onApplicationShutdown(): void {
    this.client.disconnect();
  }
}

/**
 * connect-redis 9 speaks node-redis; this gives it the five commands it uses over ioredis, so the API keeps
 * one Redis client library.
 */
export class SessionStoreClient {
  constructor(private readonly redis: Redis) {}

  get(key: string): Promise<string | null> {
    return this.redis.get(key);
  }

  async set(key: string, value: string, options?: { expiration?: { type: 'EX'; value: number } }): Promise<void> {
    if (options?.expiration) await this.redis.set(key, value, 'EX', options.expiration.value);
    else await this.redis.set(key, value);
  }

  expire(key: string, seconds: number): Promise<number> {
    return this.redis.expire(key, seconds);
  }

  del(keys: string[]): Promise<number> {
    return this.redis.del(...keys);
  }

  mGet(keys: string[]): Promise<(string | null)[]> {
    return this.redis.mget(...keys);
  }

  async *scanIterator({ MATCH, COUNT }: { MATCH: string; COUNT: number }): AsyncGenerator<string[]> {
    let cursor = '0';
    do {
      const [next, keys] = await this.redis.scan(cursor, 'MATCH', MATCH, 'COUNT', COUNT);
      cursor = next;
      if (keys.length) yield keys;
    } while (cursor !== '0');
  }
}
