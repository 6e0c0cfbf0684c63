import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { PrismaClient } from '../generated/prisma/client';
import { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { pgAdapter } from './pg-adapter';

/**
 * The database client. Prisma runs on its pure-JS engine through @prisma/adapter-pg (see prisma.config.ts
 * for why, and pg-adapter.ts for how a lost connection is given back); every module that needs the database
 * injects this service.
 */
@Injectable()
export class PrismaService extends PrismaClient implements OnApplicationShutdown {
  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    super({
      adapter: pgAdapter(config.databaseUrl, config.databasePoolSize),
      // Every interactive transaction may wait 10 s for a connection and take 30 s, not Prisma's 2 s and 5 s:
      // on a busy machine a healthy batch (a relay, a sweep, a refund) outlived those and failed. A
      // transaction that still cannot start or finish is refused (P2028), and callers answer 503, not 500.
      transactionOptions: { maxWait: 10_000, timeout: 30_000 },
    });
  }

  /** Last, after the HTTP server and the queue workers have stopped using the database (see WorkerShutdown). */
  async onApplicationShutdown(): Promise<void> {
    await this.$disconnect();
  }
}
