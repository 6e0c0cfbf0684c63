import { InjectQueue } from '@nestjs/bullmq';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { Queue } from 'bullmq';
import { malaysiaDay, OPEN_PAYMENT_STATES, type AdminDashboard } from '@councilpay/domain';
import { Prisma } from '../../../generated/prisma/client';
import { councilScope } from '../../../auth/roles';
import { PrismaService } from '../../../prisma/prisma.service';
import { QueueName } from '../../../queues/queue-names';
import { visibleNotifications } from '../../notifications/notification-row';
import { visiblePayments } from '../../payments/payment-scope';
import { GetDashboardQuery } from './get-dashboard.query';

const QUEUE_TIMEOUT_MS = 2000;

/**
 * The console's morning view, within the caller's councils: today's takings per council and method (a
 * payment of two councils counts for each, with its items' amounts), payments still waiting for their bank,
 * messages not sent yet and, for `_admin`, failed jobs per queue.
 */
@QueryHandler(GetDashboardQuery)
export class GetDashboardHandler implements IQueryHandler<GetDashboardQuery, AdminDashboard> {
  private readonly queues: Queue[];

  constructor(
    private readonly prisma: PrismaService,
    @InjectQueue(QueueName.Outbox) outbox: Queue,
    @InjectQueue(QueueName.Notify) notify: Queue,
    @InjectQueue(QueueName.Requery) requery: Queue,
    @InjectQueue(QueueName.Maintenance) maintenance: Queue,
  ) {
    this.queues = [outbox, notify, requery, maintenance];
  }

  async execute({ principal, now }: GetDashboardQuery): Promise<AdminDashboard> {
    const scope = councilScope(principal);
    // Today in Malaysia (UTC+8 all year), and the instant it began.
    const day = malaysiaDay(0, now);
    const start = new Date(`${day}T00:00:00+08:00`);
    const councilFilter = scope.all ? Prisma.empty : Prisma.sql`AND i."councilCode" = ANY(${scope.councils})`;
    const pendingWhere = {
      AND: [visiblePayments(scope), { status: { in: [...OPEN_PAYMENT_STATES] } }],
    };
    const unsentWhere = {
      AND: [
        visibleNotifications(scope),
        { status: { in: ['queued' as const, 'sending' as const, 'failed' as const] } },
      ],
    };
    const [takings, pendingCount, oldestPending, unsentCount, failedCount, oldestUnsent, failedJobs] =
      await Promise.all([
        this.prisma.$queryRaw<{ council: string; method: 'fpx' | 'card'; count: number; amountSen: bigint }[]>`
          SELECT i."councilCode" AS "council", p."method"::text AS "method",
                 count(DISTINCT p."id")::int AS "count", sum(i."amountSen")::bigint AS "amountSen"
          FROM "Payment" p JOIN "PaymentItem" i ON i."paymentId" = p."id"
          WHERE p."status" = 'paid' AND p."finalAt" >= ${start} ${councilFilter}
          GROUP BY 1, 2 ORDER BY 1, 2`,
        this.prisma.payment.count({ where: pendingWhere }),
        this.prisma.payment.findFirst({
          where: pendingWhere,
          orderBy: { createdAt: 'asc' },
          select: { reference: true, createdAt: true },
        }),
        this.prisma.notification.count({ where: unsentWhere }),
        this.prisma.notification.count({ where: { AND: [visibleNotifications(scope), { status: 'failed' }] } }),
        this.prisma.notification.findFirst({
          where: unsentWhere,
          orderBy: { createdAt: 'asc' },
          select: { createdAt: true },
        }),
        scope.all ? this.failedJobs() : Promise.resolve(null),
      ]);
    return {
      day,
      takings: takings.map((t) => ({ ...t, amountSen: Number(t.amountSen) })),
      pending: {
        count: pendingCount,
        oldestAt: oldestPending?.createdAt.toISOString() ?? null,
        oldestReference: oldestPending?.reference ?? null,
      },
      unsent: { count: unsentCount, failed: failedCount, oldestAt: oldestUnsent?.createdAt.toISOString() ?? null },
      failedJobs,
    };
  }

  /** Failed jobs per queue, or null when Redis does not answer in time. */
  private async failedJobs(): Promise<Record<string, number> | null> {
    const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), QUEUE_TIMEOUT_MS).unref());
    const counts = Promise.all(this.queues.map((q) => q.getFailedCount())).then(
      (n) => Object.fromEntries(this.queues.map((q, i) => [q.name, n[i] ?? 0])),
      () => null,
    );
    return Promise.race([counts, timeout]);
  }
}
