import type { Job } from 'bullmq';
import { JobHandler, type HandlesJob } from '../queues/job-handler';
import type { JobData } from '../queues/jobs';
import { NotificationDeliverer } from './notification-deliverer';

/** Sends one queued message (email or SMS); the deliverer claims the row, so a message is sent at most once. */
@JobHandler('DeliverNotification')
export class DeliverNotificationJob implements HandlesJob<'DeliverNotification'> {
  constructor(private readonly deliverer: NotificationDeliverer) {}

  handle(job: Job<JobData<'DeliverNotification'>>): Promise<unknown> {
    return this.deliverer.deliver(job.data.notificationId);
  }
}
