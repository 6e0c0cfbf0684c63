import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../generated/prisma/client';
import { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';

/**
 * The database client. Prisma runs on its pure-JS engine through @prisma/adapter-pg (see prisma.config.ts
 * for why); every module that needs the database injects this service.
 */
@Injectable()
export class PrismaService extends PrismaClient implements OnApplicationShutdown {
  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    super({ adapter: new PrismaPg({ connectionString: config.databaseUrl, max: 10 }) });
  }

  /** Last, after the HTTP server and the queue workers have stopped using the database (see WorkerShutdown). */
  async onApplicationShutdown(): Promise<void> {
    await this.$disconnect();
  }
}
