import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { withinProbeTimeout } from '../metrics/probe-timeout';
import { RedisService } from '../redis/redis.module';
import { JobSchedules } from './job-schedules';
import { bullWorkers } from './queue-workers-watch';

/** A schedule is late when its next run is this many periods past (and at least a minute). */
const LATE_PERIODS = 3;
const LATE_AT_LEAST_MS = 60_000;

export interface WorkerHealthReport {
  status: 'ok' | 'down';
  checks: {
    redis?: { status: 'up' | 'down'; error?: string };
    queues: { name: string; running: boolean }[];
    schedules?: { id: string; status: 'ok' | 'late' | 'missing' | 'unknown'; lateMs?: number }[];
  };
}

/**
 * The worker's health, served on WORKER_HEALTH_PORT for the orchestrator's probes:
 * - `GET /live`: the process answers (its event loop turns) and every queue's loop is running. A Redis outage
 *   does not fail it: restarting every worker would not bring Redis back.
 * - `GET /ready` (and `/health`): also Redis answers, and every schedule is in Redis and not late (a schedule
 *   whose next run is long past means nobody is taking that queue's jobs).
 * 200 when healthy, 503 with the report otherwise.
 */
@Injectable()
export class WorkerHealth implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(WorkerHealth.name);
  private server: Server | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly discovery: DiscoveryService,
    private readonly schedules: JobSchedules,
    private readonly redis: RedisService,
  ) {}

  /** The port the endpoints listen on (null: not served). */
  get port(): number | null {
    return (this.server?.address() as AddressInfo | null)?.port ?? null;
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.workerHealthPort === null) return;
    const server = createServer((req, res) => {
      const path = (req.url ?? '/').split('?')[0];
      const answer = (report: WorkerHealthReport) => {
        res.writeHead(report.status === 'ok' ? 200 : 503, { 'content-type': 'application/json' });
        res.end(JSON.stringify(report));
      };
      if (req.method !== 'GET') return void res.writeHead(405).end();
      if (path === '/live') return answer(this.liveness());
      if (path === '/ready' || path === '/health') return void this.readiness().then(answer);
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.config.workerHealthPort!, this.config.host, () => resolve());
    });
    this.server = server;
    this.logger.log({ port: this.port }, 'Worker health endpoints listening');
  }

  liveness(): WorkerHealthReport {
    const queues = this.queues();
    return { status: queues.every((q) => q.running) ? 'ok' : 'down', checks: { queues } };
  }

  async readiness(now = Date.now()): Promise<WorkerHealthReport> {
    const queues = this.queues();
    const redis = await this.pingRedis();
    let schedules: NonNullable<WorkerHealthReport['checks']['schedules']>;
    try {
      schedules = (await withinProbeTimeout(this.schedules.states())).map(({ id, everyMs, next }) => {
        if (next === null) return { id, status: 'missing' as const };
        const lateMs = now - next;
        return lateMs > Math.max(LATE_PERIODS * everyMs, LATE_AT_LEAST_MS)
          ? { id, status: 'late' as const, lateMs }
          : { id, status: 'ok' as const };
      });
    } catch {
      schedules = [{ id: '*', status: 'unknown' }];
    }
    const ok = redis.status === 'up' && queues.every((q) => q.running) && schedules.every((s) => s.status === 'ok');
    return { status: ok ? 'ok' : 'down', checks: { redis, queues, schedules } };
  }

  private queues(): { name: string; running: boolean }[] {
    return bullWorkers(this.discovery).map((worker) => ({ name: worker.name, running: worker.isRunning() }));
  }

  private async pingRedis(): Promise<{ status: 'up' | 'down'; error?: string }> {
    try {
      await withinProbeTimeout(
        (async () => {
          await this.redis.ensureConnected();
          await this.redis.client.ping();
        })(),
      );
      return { status: 'up' };
    } catch (error) {
      return { status: 'down', error: (error as Error).message };
    }
  }

  async beforeApplicationShutdown(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
