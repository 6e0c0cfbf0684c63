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

const SWEEP: JobName = 'SweepNotifications';

/** The `notify` queue's worker: its jobs run through their handlers; the sweep is scheduled here. */
@Processor(QueueName.Notify, { concurrency: 5 })
export class NotifyProcessor extends QueueProcessor implements OnApplicationBootstrap {
  constructor(
    handlers: JobHandlers,
    private readonly schedules: JobSchedules,
    @InjectQueue(QueueName.Notify) private readonly queue: Queue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super(handlers, QueueName.Notify);
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.schedules.keep(this.queue, 'sweep-notifications', this.config.notifications.notifySweepEveryMs, SWEEP);
  }
}
