import { JobHandler, type HandlesJob } from '../queues/job-handler';
import { NotificationSweep } from './notification-sweep';

/** The repeatable safety net of notify: messages whose job was lost or whose sender died get a new job. */
@JobHandler('SweepNotifications')
export class SweepNotificationsJob implements HandlesJob<'SweepNotifications'> {
  constructor(private readonly sweeper: NotificationSweep) {}

  handle(): Promise<unknown> {
    return this.sweeper.sweep();
  }
}
