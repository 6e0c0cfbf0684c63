import { BullModule } from '@nestjs/bullmq';
import { DynamicModule, Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { AppConfig } from '../config/config';
import { ALL_QUEUES } from './queue-names';
import { QueueErrors } from './queue-errors';
import { WorkerShutdown } from './worker-shutdown';

/** Central job defaults: retried with backoff, failed jobs kept for operators to see. */
export const DEFAULT_JOB_OPTIONS = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 5_000 },
  removeOnComplete: { age: 24 * 3600, count: 10_000 },
  removeOnFail: { age: 14 * 24 * 3600 },
};

@Global()
@Module({})
export class QueuesModule {
  static forRoot(config: AppConfig): DynamicModule {
    const registered = BullModule.registerQueue(...ALL_QUEUES.map((name) => ({ name })));
    return {
      module: QueuesModule,
      global: true,
      imports: [
        DiscoveryModule,
        BullModule.forRoot({
          prefix: config.redisPrefix,
          connection: { url: config.redisUrl, maxRetriesPerRequest: null },
          defaultJobOptions: DEFAULT_JOB_OPTIONS,
        }),
        registered,
      ],
      providers: [WorkerShutdown, QueueErrors],
      exports: [registered],
    };
  }
}
