import { InjectQueue } from '@nestjs/bullmq';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { Queue } from 'bullmq';
import { OPEN_PAYMENT_STATES, type DependencyStatus, type HealthReport, type QueueCounts } from '@councilpay/domain';
import { PrismaService } from '../../../prisma/prisma.service';
import { GetHealthQuery } from './get-health.query';
import { QueueName } from '../../../queues/queue-names';
import { RedisService } from '../../../redis/redis.module';
import { withinProbeTimeout } from '../../../metrics/probe-timeout';

async function timed(probe: () => Promise<string>): Promise<DependencyStatus> {
  const started = performance.now();
  try {
    const version = await withinProbeTimeout(probe());
    return { status: 'up', latencyMs: Math.round(performance.now() - started), version };
  } catch (error) {
    return { status: 'down', latencyMs: Math.round(performance.now() - started), error: (error as Error).message };
  }
}

/**
 * Reachability of PostgreSQL and Redis, and for operators: job counts per queue and how old the oldest
 * message still waiting to be sent is (every payer must hear within 24 hours).
 */
@QueryHandler(GetHealthQuery)
export class GetHealthHandler implements IQueryHandler<GetHealthQuery, HealthReport> {
  private readonly queues: Queue[];

  constructor(
    private readonly prisma: PrismaService,
    private readonly redis: RedisService,
    @InjectQueue(QueueName.Outbox) outbox: Queue,
    @InjectQueue(QueueName.Notify) notify: Queue,
    @InjectQueue(QueueName.Requery) requery: Queue,
    @InjectQueue(QueueName.Maintenance) maintenance: Queue,
    @InjectQueue(QueueName.Webhooks) webhooks: Queue,
  ) {
    this.queues = [outbox, notify, requery, maintenance, webhooks];
  }

  async execute(): Promise<HealthReport> {
    const [postgres, redis] = await Promise.all([
      timed(async () => {
        const rows = await this.prisma.$queryRaw<
          { version: string }[]
        >`SELECT current_setting('server_version') AS version`;
        return `PostgreSQL ${rows[0].version}`;
      }),
      timed(async () => {
        await this.redis.ensureConnected();
        const info = await this.redis.client.info('server');
        return `Redis ${/redis_version:(\S+)/.exec(info)?.[1] ?? 'unknown'}`;
      }),
    ]);
    const [queues, notifications, outbox, money] = await Promise.all([
      redis.status === 'up' ? this.queueCounts() : Promise.resolve(null),
      postgres.status === 'up' ? this.notificationDetail() : Promise.resolve(null),
      postgres.status === 'up' ? this.outboxDetail() : Promise.resolve(null),
      postgres.status === 'up' ? this.moneyDetail() : Promise.resolve(null),
    ]);
    return {
      status: postgres.status === 'up' && redis.status === 'up' ? 'ok' : 'error',
      checks: { postgres, redis },
      detail: { queues, notifications, outbox, money },
    };
  }

  private async queueCounts(): Promise<Record<string, QueueCounts> | null> {
    try {
      const counts = await withinProbeTimeout(
        Promise.all(this.queues.map((q) => q.getJobCounts('waiting', 'delayed', 'active', 'failed'))),
      );
      return Object.fromEntries(this.queues.map((q, i) => [q.name, counts[i] as unknown as QueueCounts]));
    } catch {
      return null;
    }
  }

  private async notificationDetail() {
    const [oldest, failed] = await Promise.all([
      this.prisma.notification.findFirst({
        where: { status: { in: ['queued', 'sending', 'failed'] } },
        orderBy: { createdAt: 'asc' },
        select: { createdAt: true },
      }),
      this.prisma.notification.count({ where: { status: 'failed' } }),
    ]);
    return {
      oldestUnsentAgeSeconds: oldest ? Math.round((Date.now() - oldest.createdAt.getTime()) / 1000) : 0,
      failed,
    };
  }

  /**
   * Money owed back and not yet refunded (duplicate charges, payments whose credit was refused; refunds made
   * count, net of their corrections: one awaiting approval has given nothing back yet), and open
   * payments the bank cannot be asked about (enquiries failing for 7 days).
   */
  private async moneyDetail() {
    const [charges, payments, silent] = await Promise.all([
      this.prisma.$queryRaw<{ n: bigint; due: bigint | null }[]>`
        SELECT count(*) AS n, sum(a."refundDueSen" - COALESCE(r.made, 0)) AS due
        FROM "GatewayAnswer" a
        LEFT JOIN (SELECT "gatewayAnswerId",
                          sum(CASE WHEN "correctsRefundId" IS NULL THEN "amountSen" ELSE -"amountSen" END) AS made
                   FROM "Refund" WHERE "gatewayAnswerId" IS NOT NULL AND "state" = 'made'
                   GROUP BY "gatewayAnswerId") r ON r."gatewayAnswerId" = a."id"
        WHERE a."verdict" = 'duplicate_charge' AND a."refundDueSen" > COALESCE(r.made, 0)`,
      this.prisma.$queryRaw<{ n: bigint; due: bigint | null }[]>`
        SELECT count(*) AS n, sum(p."refundDueSen" - COALESCE(r.made, 0)) AS due
        FROM "Payment" p
        LEFT JOIN (SELECT "paymentId",
                          sum(CASE WHEN "correctsRefundId" IS NULL THEN "amountSen" ELSE -"amountSen" END) AS made
                   FROM "Refund" WHERE "gatewayAnswerId" IS NULL AND "state" = 'made'
                   GROUP BY "paymentId") r ON r."paymentId" = p."id"
        WHERE p."refundDueSen" > 0 AND p."refundDueSen" > COALESCE(r.made, 0)`,
      this.prisma.payment.count({ where: { bankSilentAt: { not: null }, status: { in: [...OPEN_PAYMENT_STATES] } } }),
    ]);
    return {
      duplicateCharges: Number(charges[0].n),
      duplicateChargeRefundDueSen: Number(charges[0].due ?? 0),
      paymentsWithRefundDue: Number(payments[0].n),
      refundDueSen: Number(payments[0].due ?? 0),
      paymentsBankCannotAnswer: silent,
    };
  }

  private async outboxDetail() {
    const oldest = await this.prisma.outbox.findFirst({
      where: { sentAt: null },
      orderBy: { id: 'asc' },
      select: { createdAt: true },
    });
    return {
      unsent: await this.prisma.outbox.count({ where: { sentAt: null } }),
      oldestUnsentAgeSeconds: oldest ? Math.round((Date.now() - oldest.createdAt.getTime()) / 1000) : 0,
    };
  }
}
