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
import { RelayOutboxJob } from './relay-outbox.job';

const RELAY: JobName = 'RelayOutbox';

/**
 * The `outbox` queue's worker: its job runs through its handler. The relay's schedule is registered at worker
 * start; upserting by id makes a restart idempotent.
 */
@Processor(QueueName.Outbox)
export class OutboxProcessor extends QueueProcessor implements OnApplicationBootstrap {
  constructor(
    handlers: JobHandlers,
    @InjectQueue(QueueName.Outbox) private readonly queue: Queue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly schedules: JobSchedules,
  ) {
    super(handlers, QueueName.Outbox);
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.schedules.keep(this.queue, RelayOutboxJob.schedulerId, this.config.outboxRelayEveryMs, RELAY);
  }
}
