import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { Queue } from 'bullmq';
import { Gauge } from 'prom-client';
import type { HealthReport } from '@councilpay/domain';
import { Metrics } from '../metrics/metrics';
import { QueueName } from '../queues/queue-names';
import { withinProbeTimeout } from '../metrics/probe-timeout';
import { GetHealthQuery } from './queries/get-health/get-health.query';

/** A scrape reads the health report at most this often (several API pods are scraped every 15 s or so). */
const REPORT_TTL_MS = 10_000;

/**
 * What the database and Redis hold, as gauges read at scrape time from the same report as GET /api/health (one
 * definition of each figure): PostgreSQL and Redis up, jobs per queue and state, how long the oldest job of each
 * queue has waited, the outbox's unsent rows and their age, messages not sent yet and failed, money owed back.
 * Every API pod reports the same figures: alert on their max.
 */
@Injectable()
export class HealthGauges {
  private report: { at: number; value: Promise<HealthReport> } | null = null;
  private readonly queues: Queue[];

  constructor(
    private readonly queryBus: QueryBus,
    metrics: Metrics,
    @InjectQueue(QueueName.Outbox) outbox: Queue,
    @InjectQueue(QueueName.Notify) notify: Queue,
    @InjectQueue(QueueName.Requery) requery: Queue,
    @InjectQueue(QueueName.Maintenance) maintenance: Queue,
  ) {
    this.queues = [outbox, notify, requery, maintenance];
    const registers = [metrics.registry];
    const health = () => this.health();
    new Gauge({
      name: 'councilpay_dependency_up',
      help: 'PostgreSQL and Redis answering (1) or not (0)',
      labelNames: ['dependency'] as const,
      registers,
      async collect() {
        const { checks } = await health();
        this.set({ dependency: 'postgres' }, checks.postgres.status === 'up' ? 1 : 0);
        this.set({ dependency: 'redis' }, checks.redis.status === 'up' ? 1 : 0);
      },
    });
    new Gauge({
      name: 'councilpay_queue_jobs',
      help: 'Jobs per queue and state (waiting, delayed, active, failed)',
      labelNames: ['queue', 'state'] as const,
      registers,
      async collect() {
        this.reset();
        for (const [queue, counts] of Object.entries((await health()).detail.queues ?? {}))
          for (const [state, n] of Object.entries(counts)) this.set({ queue, state }, n);
      },
    });
    const queues = this.queues;
    new Gauge({
      name: 'councilpay_queue_oldest_waiting_seconds',
      help: 'How long the oldest job waiting in each queue has waited (0: none waiting)',
      labelNames: ['queue'] as const,
      registers,
      async collect() {
        this.reset();
        // Asked only while Redis answers, and never longer than the health check waits: a scrape must not hang
        // on a queue whose connection is retrying.
        if ((await health()).checks.redis.status !== 'up') return;
        await Promise.all(
          queues.map(async (queue) => {
            const [oldest] = await withinProbeTimeout(queue.getJobs(['waiting'], 0, 0, true)).catch(() => []);
            this.set({ queue: queue.name }, oldest ? Math.max(0, (Date.now() - oldest.timestamp) / 1000) : 0);
          }),
        );
      },
    });
    new Gauge({
      name: 'councilpay_outbox_oldest_unsent_seconds',
      help: 'Age of the oldest outbox row not yet relayed to its queue (0: none)',
      registers,
      async collect() {
        this.set((await health()).detail.outbox?.oldestUnsentAgeSeconds ?? 0);
      },
    });
    new Gauge({
      name: 'councilpay_outbox_unsent',
      help: 'Outbox rows not yet relayed to their queue',
      registers,
      async collect() {
        this.set((await health()).detail.outbox?.unsent ?? 0);
      },
    });
    new Gauge({
      name: 'councilpay_notifications_oldest_unsent_seconds',
      help: 'Age of the oldest message to a payer not yet sent (every payer must hear within 24 h)',
      registers,
      async collect() {
        this.set((await health()).detail.notifications?.oldestUnsentAgeSeconds ?? 0);
      },
    });
    new Gauge({
      name: 'councilpay_notifications_failed',
      help: 'Messages to payers that gave up (status failed)',
      registers,
      async collect() {
        this.set((await health()).detail.notifications?.failed ?? 0);
      },
    });
    new Gauge({
      name: 'councilpay_refund_due_sen',
      help: 'Money taken and owed back to payers, not yet refunded, in sen (duplicate charges and refused credits)',
      registers,
      async collect() {
        const money = (await health()).detail.money;
        this.set((money?.refundDueSen ?? 0) + (money?.duplicateChargeRefundDueSen ?? 0));
      },
    });
  }

  /** The health report, shared by every gauge of one scrape (and the scrapes within REPORT_TTL_MS). */
  private health(): Promise<HealthReport> {
    if (!this.report || Date.now() - this.report.at > REPORT_TTL_MS) {
      const value = this.queryBus.execute<GetHealthQuery, HealthReport>(new GetHealthQuery());
      this.report = { at: Date.now(), value };
      value.catch(() => (this.report = null));
    }
    return this.report.value;
  }
}
