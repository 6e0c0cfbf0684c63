import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject, OnApplicationBootstrap } from '@nestjs/common';
import type { Job, Queue } from 'bullmq';
import { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { JobSchedules } from '../queues/job-schedules';
import { QueueName } from '../queues/queue-names';
import { NotificationDeliverer } from './notification-deliverer';
import { NotificationSweep } from './notification-sweep.service';
import { DELIVER_NOTIFICATION_JOB, DeliverNotificationData } from './queue-notification';

export const SWEEP_NOTIFICATIONS_JOB = 'SweepNotifications';

@Processor(QueueName.Notify, { concurrency: 5 })
export class NotifyProcessor extends WorkerHost implements OnApplicationBootstrap {
  constructor(
    private readonly deliverer: NotificationDeliverer,
    private readonly sweeper: NotificationSweep,
    private readonly schedules: JobSchedules,
    @InjectQueue(QueueName.Notify) private readonly queue: Queue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super();
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.schedules.keep(
      this.queue,
      'sweep-notifications',
      this.config.notifications.notifySweepEveryMs,
      SWEEP_NOTIFICATIONS_JOB,
    );
  }

  process(job: Job): Promise<unknown> {
    switch (job.name) {
      case DELIVER_NOTIFICATION_JOB:
        return this.deliverer.deliver((job.data as DeliverNotificationData).notificationId);
      case SWEEP_NOTIFICATIONS_JOB:
        return this.sweeper.sweep();
      default:
        throw new Error(`No handler for job ${job.name} on queue ${QueueName.Notify}`);
    }
  }
}
