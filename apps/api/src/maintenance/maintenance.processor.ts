import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger, OnApplicationBootstrap } from '@nestjs/common';
import type { Job, Queue } from 'bullmq';
import { PrismaService } from '../prisma/prisma.service';
import { JobSchedules } from '../queues/job-schedules';
import { QueueName } from '../queues/queue-names';

export const EXPIRE_RESET_REQUESTS_JOB = 'ExpireResetRequests';
export type ExpireResetRequestsData = Record<string, never>;

/** Expired requests are kept this long (so a late click still reads "already timeout"), then removed. */
export const EXPIRED_KEPT_MS = 7 * 24 * 3600_000;

/**
 * Housekeeping. Password-reset links die 24 hours after creation: the identity module refuses them at use
 * time; this job marks the ones past their time as used (so none can be revived by a clock change) and
 * removes them, and unverified registrations, a week later.
 */
@Processor(QueueName.Maintenance)
export class MaintenanceProcessor extends WorkerHost implements OnApplicationBootstrap {
  private readonly logger = new Logger(MaintenanceProcessor.name);

  constructor(
    private readonly prisma: PrismaService,
    @InjectQueue(QueueName.Maintenance) private readonly queue: Queue,
    private readonly schedules: JobSchedules,
  ) {
    super();
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.schedules.keep(this.queue, 'expire-reset-requests', 15 * 60_000, EXPIRE_RESET_REQUESTS_JOB);
  }

  async process(job: Job): Promise<unknown> {
    if (job.name !== EXPIRE_RESET_REQUESTS_JOB)
      throw new Error(`No handler for job ${job.name} on queue ${QueueName.Maintenance}`);
    return this.expireResetRequests();
  }

  async expireResetRequests(now = new Date()): Promise<{ expired: number; removed: number }> {
    const expired = await this.prisma.passwordReset.updateMany({
      where: { usedAt: null, expiresAt: { lte: now } },
      data: { usedAt: now },
    });
    const before = new Date(now.getTime() - EXPIRED_KEPT_MS);
    const removed = await this.prisma.passwordReset.deleteMany({ where: { expiresAt: { lte: before } } });
    await this.prisma.phoneVerification.deleteMany({ where: { expiresAt: { lte: before } } });
    await this.prisma.emailVerification.deleteMany({ where: { expiresAt: { lte: before } } });
    if (expired.count || removed.count)
      this.logger.log({ expired: expired.count, removed: removed.count }, 'Reset requests expired');
    return { expired: expired.count, removed: removed.count };
  }
}
