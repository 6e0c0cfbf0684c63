import { Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { QueueName } from '../queues/queue-names';
import { DeliveryResult, NotificationDeliverer } from './notification-deliverer';
import { DELIVER_NOTIFICATION_JOB, DeliverNotificationData } from './queue-notification';

@Processor(QueueName.Notify, { concurrency: 5 })
export class NotifyProcessor extends WorkerHost {
  constructor(private readonly deliverer: NotificationDeliverer) {
    super();
  }

  process(job: Job<DeliverNotificationData>): Promise<DeliveryResult> {
    if (job.name !== DELIVER_NOTIFICATION_JOB)
      throw new Error(`No handler for job ${job.name} on queue ${QueueName.Notify}`);
    return this.deliverer.deliver(job.data.notificationId);
  }
}
