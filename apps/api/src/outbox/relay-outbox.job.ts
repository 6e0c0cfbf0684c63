import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bullmq';
import type { Job, Queue } from 'bullmq';
import { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { JobSchedules } from '../queues/job-schedules';
import { QueueName } from '../queues/queue-names';
import { OutboxRelayService, RelayResult } from './outbox-relay.service';

/** The repeatable job that drains the outbox. It carries no data. */
export class RelayOutbox {
  static readonly schedulerId = 'relay-outbox';
}
export type RelayOutboxData = Record<string, never>;

@Processor(QueueName.Outbox)
export class OutboxProcessor extends WorkerHost {
  constructor(private readonly relay: OutboxRelayService) {
    super();
  }

  async process(job: Job<RelayOutboxData>): Promise<RelayResult> {
    if (job.name !== RelayOutbox.name) throw new Error(`No handler for job ${job.name} on queue ${QueueName.Outbox}`);
    return this.relay.relayBatch();
  }
}

/** Registers the relay's schedule at worker start; upserting by id makes a restart idempotent. */
@Injectable()
export class OutboxScheduler implements OnApplicationBootstrap {
  constructor(
    @InjectQueue(QueueName.Outbox) private readonly queue: Queue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly schedules: JobSchedules,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.schedules.keep(this.queue, RelayOutbox.schedulerId, this.config.outboxRelayEveryMs, RelayOutbox.name);
  }
}
