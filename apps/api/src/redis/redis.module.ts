import { Global, Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';

/** A shared ioredis connection for health checks and small keys; BullMQ opens its own. */
@Injectable()
export class RedisService implements OnApplicationShutdown {
  readonly client: Redis;

  constructor(@Inject(APP_CONFIG) readonly config: AppConfig) {
    this.client = new Redis(config.redisUrl, {
      lazyConnect: true,
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      connectTimeout: 2000,
    });
    // Errors surface through health checks; without a listener ioredis would log them as unhandled.
    this.client.on('error', () => undefined);
  }

  /** Prefixes a key with this deployment's (or test run's) REDIS_PREFIX. */
  key(...parts: string[]): string {
    return [this.config.redisPrefix, ...parts].join(':');
  }

  async ensureConnected(): Promise<void> {
    if (this.client.status === 'wait' || this.client.status === 'end') await this.client.connect();
  }

  /** Last, after the HTTP server and the queue workers have stopped using it (see WorkerShutdown). */
  onApplicationShutdown(): void {
    this.client.disconnect();
  }
}

@Global()
@Module({ providers: [RedisService], exports: [RedisService] })
export class RedisModule {}
