import { Global, Module } from '@nestjs/common';
import { SessionRedis } from '../redis/session-redis';
import { RateLimiter } from './rate-limiter';

/**
 * Rate limits stored in Redis, so they hold across API processes: login, registration, forgot-password,
 * payer actions on payments, gateway routes. Global: inject RateLimiter anywhere in the API. Its Redis
 * connection (SessionRedis, which also holds the sessions) waits for Redis while it reconnects.
 */
@Global()
@Module({ providers: [SessionRedis, RateLimiter], exports: [SessionRedis, RateLimiter] })
export class RateLimitModule {}
