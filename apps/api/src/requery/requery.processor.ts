import { InjectQueue, Processor } from '@nestjs/bullmq';
import { Inject, OnApplicationBootstrap } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { JobHandlers } from '../queues/job-handlers';
import { JobSchedules } from '../queues/job-schedules';
import type { JobName } from '../queues/jobs';
import { QueueName } from '../queues/queue-names';
import { QueueProcessor } from '../queues/queue-processor';

const SWEEP: JobName = 'SweepOpenPayments';

/**
 * The `requery` queue's worker: its jobs run through their handlers, REQUERY_CONCURRENCY at once (the gateway
 * rate is shared by all workers whatever this is); the sweep is scheduled here.
 */
@Processor(QueueName.Requery)
export class RequeryProcessor extends QueueProcessor implements OnApplicationBootstrap {
  constructor(
    handlers: JobHandlers,
    @InjectQueue(QueueName.Requery) private readonly queue: Queue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly schedules: JobSchedules,
  ) {
    super(handlers, QueueName.Requery);
  }

  /** Its concurrency; the sweep's schedule, upserted by id: starting a worker again never adds a second one. */
  async onApplicationBootstrap(): Promise<void> {
    this.worker.concurrency = this.config.requery.concurrency;
    await this.schedules.keep(this.queue, 'sweep-open-payments', this.config.requery.sweepEveryMs, SWEEP);
  }
}
