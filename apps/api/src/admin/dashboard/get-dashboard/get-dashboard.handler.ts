import { InjectQueue } from '@nestjs/bullmq';
import { IQueryHandler, QueryBus, QueryHandler } from '@nestjs/cqrs';
import type { Queue } from 'bullmq';
import {
  malaysiaDay,
  OPEN_PAYMENT_STATES,
  sumMoney,
  type AdminDashboard,
  type ReconciliationReport,
} from '@councilpay/domain';
import { councilScope } from '../../../auth/roles';
import { PrismaService } from '../../../prisma/prisma.service';
import { QueueName } from '../../../queues/queue-names';
import { visibleNotifications } from '../../notifications/notification-row';
import { visiblePayments } from '../../payments/payment-scope';
import { MoneyLedger } from '../../../money/money-ledger';
import { GetReconciliationQuery } from '../../reconciliation/reconciliation.query';
import { visibleChecksSql } from '../../settlements/settlement-checks';
import { GetDashboardQuery } from './get-dashboard.query';

const QUEUE_TIMEOUT_MS = 2000;

/**
 * The console's morning view, within the caller's councils: today's money per council and method, counted by
 * the MoneyLedger as reconciliation and every list count it (a payment of two councils counts for each, with
 * its items' amounts); mismatches nobody has resolved (lines of kept settlement checks, and reconciliation's of
 * the last 7 days); payments still waiting for their bank, messages not sent yet and, for `_admin`, failed jobs
 * per queue.
 */
@QueryHandler(GetDashboardQuery)
export class GetDashboardHandler implements IQueryHandler<GetDashboardQuery, AdminDashboard> {
  private readonly queues: Queue[];

  constructor(
    private readonly prisma: PrismaService,
    private readonly money: MoneyLedger,
    private readonly queryBus: QueryBus,
    @InjectQueue(QueueName.Outbox) outbox: Queue,
    @InjectQueue(QueueName.Notify) notify: Queue,
    @InjectQueue(QueueName.Requery) requery: Queue,
    @InjectQueue(QueueName.Maintenance) maintenance: Queue,
    @InjectQueue(QueueName.Webhooks) webhooks: Queue,
  ) {
    this.queues = [outbox, notify, requery, maintenance, webhooks];
  }

  async execute({ principal, now }: GetDashboardQuery): Promise<AdminDashboard> {
    const scope = councilScope(principal);
    // Today in Malaysia (UTC+8 all year), and the instant it began.
    const day = malaysiaDay(0, now);
    const start = new Date(`${day}T00:00:00+08:00`);
    const pendingWhere = {
      AND: [visiblePayments(scope), { status: { in: [...OPEN_PAYMENT_STATES] } }],
    };
    const unsentWhere = {
      AND: [
        visibleNotifications(scope),
        { status: { in: ['queued' as const, 'sending' as const, 'failed' as const] } },
      ],
    };
    const [
      money,
      settlementUnresolved,
      reconciliation,
      pendingCount,
      oldestPending,
      unsentCount,
      failedCount,
      oldestUnsent,
      failedJobs,
    ] = await Promise.all([
      this.money.rows({
        start,
        end: new Date(start.getTime() + 86_400_000),
        councils: scope.all ? null : scope.councils,
        method: null,
      }),
      this.prisma.$queryRaw<{ n: bigint }[]>`
          SELECT count(*) AS n FROM "SettlementCheckLine" l
          WHERE l."resolvedAt" IS NULL AND l."result" <> 'matched'
            AND l."checkId" IN (SELECT "id" FROM "SettlementCheck" WHERE ${visibleChecksSql(scope)})`,
      this.queryBus.execute<GetReconciliationQuery, ReconciliationReport>(
        new GetReconciliationQuery(principal, { from: malaysiaDay(-6, now), to: day }),
      ),
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
      takings: money.map(({ day: _day, ...figures }) => figures),
      takingsTotal: sumMoney(money),
      mismatches: {
        settlement: Number(settlementUnresolved[0].n),
        reconciliation: reconciliation.mismatches.length,
      },
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
