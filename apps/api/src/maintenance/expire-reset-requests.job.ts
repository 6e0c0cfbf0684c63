import { Logger } from '@nestjs/common';
import { PrismaService } from '../prisma/prisma.service';
import { JobHandler, type HandlesJob } from '../queues/job-handler';

/** Expired requests are kept this long (so a late click still reads "already timeout"), then removed. */
export const EXPIRED_KEPT_MS = 7 * 24 * 3600_000;

/**
 * Password-reset links die 24 hours after creation: the identity module refuses them at use time; this job
 * marks the ones past their time as used (so none can be revived by a clock change) and removes them, and
 * unverified registrations, a week later.
 */
@JobHandler('ExpireResetRequests')
export class ExpireResetRequestsJob implements HandlesJob<'ExpireResetRequests'> {
  private readonly logger = new Logger(ExpireResetRequestsJob.name);

  constructor(private readonly prisma: PrismaService) {}

  handle(): Promise<unknown> {
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
