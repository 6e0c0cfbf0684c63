import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { PrismaService } from '../prisma/prisma.service';
import type { JobData, JobName } from '../queues/jobs';
import { QueueName } from '../queues/queue-names';

const BATCH = 500;

/**
 * The safety net of notify: messages whose sender died while sending (claim older than the lease) and queued
 * messages whose job was lost (a Redis that lost its data) get a new job. Sending stays at most once: the new
 * job must claim the row like any other.
 */
@Injectable()
export class NotificationSweep {
  private readonly logger = new Logger(NotificationSweep.name);

  constructor(
    private readonly prisma: PrismaService,
    @InjectQueue(QueueName.Notify) private readonly queue: Queue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async sweep(now = new Date()): Promise<{ requeued: number }> {
    // A queued message normally leaves within seconds (the outbox relay); one still queued after a lease's
    // length lost its job (a Redis that lost its data, a job that stalled twice in a killed worker).
    const leaseEnd = new Date(now.getTime() - this.config.notifications.notifySendingLeaseMs);
    const queuedEnd = leaseEnd;
    const stuck = await this.prisma.notification.findMany({
      where: {
        OR: [
          { status: 'sending', updatedAt: { lt: leaseEnd } },
          { status: 'queued', createdAt: { lt: queuedEnd } },
        ],
      },
      select: { id: true, attempts: true, status: true },
      orderBy: { createdAt: 'asc' },
      take: BATCH,
    });
    for (const n of stuck) {
      const data: JobData<'DeliverNotification'> = { notificationId: n.id };
      await this.queue.add('DeliverNotification' satisfies JobName, data, {
        jobId: `notify-${n.id}-again-${n.attempts}`,
      });
    }
    if (stuck.length > 0) this.logger.warn({ requeued: stuck.length }, 'Stuck messages queued again');
    return { requeued: stuck.length };
  }
}
