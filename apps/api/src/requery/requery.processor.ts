import { Processor } from '@nestjs/bullmq';
import { Inject, OnApplicationBootstrap } from '@nestjs/common';
import { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { JobHandlers } from '../queues/job-handlers';
import { QueueName } from '../queues/queue-names';
import { QueueProcessor } from '../queues/queue-processor';

/**
 * The `requery` queue's worker: its jobs run through their handlers, REQUERY_CONCURRENCY at once (the gateway
 * rate is shared by all workers whatever this is); the sweep's schedule is in job-schedules.ts.
 */
@Processor(QueueName.Requery)
export class RequeryProcessor extends QueueProcessor implements OnApplicationBootstrap {
  constructor(
    handlers: JobHandlers,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super(handlers, QueueName.Requery);
  }

  onApplicationBootstrap(): void {
    this.worker.concurrency = this.config.requery.concurrency;
  }
}
