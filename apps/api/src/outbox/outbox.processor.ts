import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject, OnApplicationBootstrap } from '@nestjs/common';
import type { Job, Queue } from 'bullmq';
import { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { JobHandlers } from '../queues/job-handlers';
import { JobSchedules } from '../queues/job-schedules';
import type { JobName } from '../queues/jobs';
import { QueueName } from '../queues/queue-names';
import { RelayOutboxJob } from './relay-outbox.job';

const RELAY: JobName = 'RelayOutbox';

/**
 * The `outbox` queue's worker: its job runs through its handler. The relay's schedule is registered at worker
 * start; upserting by id makes a restart idempotent.
 */
@Processor(QueueName.Outbox)
export class OutboxProcessor extends WorkerHost implements OnApplicationBootstrap {
  constructor(
    private readonly handlers: JobHandlers,
    @InjectQueue(QueueName.Outbox) private readonly queue: Queue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly schedules: JobSchedules,
  ) {
    super();
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.schedules.keep(this.queue, RelayOutboxJob.schedulerId, this.config.outboxRelayEveryMs, RELAY);
  }

  process(job: Job): Promise<unknown> {
    return this.handlers.run(QueueName.Outbox, job, this.worker);
  }
}
