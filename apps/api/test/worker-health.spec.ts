import type { INestApplicationContext } from '@nestjs/common';
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_SCHEDULES } from '../src/queues/job-schedules';
import { WorkerHealth, type WorkerHealthReport } from '../src/queues/worker-health';
import { freePort, startRedisServer, startWorker, stopRedisServer, until } from './worker-helpers';

/** One of the worker's health endpoints: its status code and report. */
async function probe(port: number, path: string): Promise<{ status: number; body: WorkerHealthReport }> {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, { signal: AbortSignal.timeout(10_000) });
  return { status: res.status, body: (await res.json()) as WorkerHealthReport };
}

describe("the worker's health endpoints, for the orchestrator's probes", () => {
  let redisPort: number;
  let healthPort: number;
  let redis: ChildProcess | null = null;
  let worker: INestApplicationContext;

  beforeAll(async () => {
    redisPort = await freePort();
    healthPort = await freePort();
    redis = await startRedisServer(redisPort);
    worker = await startWorker({ REDIS_URL: `redis://127.0.0.1:${redisPort}`, WORKER_HEALTH_PORT: String(healthPort) });
  }, 60_000);
  afterAll(async () => {
    await worker?.close();
    await stopRedisServer(redis);
  });

  it('ready and live while Redis answers, every queue takes jobs and every schedule is in Redis', async () => {
    expect(worker.get(WorkerHealth).port).toBe(healthPort);
    const ready = await probe(healthPort, '/ready');
    expect(ready.status).toBe(200);
    expect(ready.body.checks.redis).toEqual({ status: 'up' });
    expect(ready.body.checks.queues.length).toBeGreaterThanOrEqual(4);
    expect(ready.body.checks.queues.every((q) => q.running)).toBe(true);
    expect(ready.body.checks.schedules!.map((s) => `${s.id}:${s.status}`)).toEqual(
      JOB_SCHEDULES.map((schedule) => `${schedule.id}:ok`),
    );
    expect(JOB_SCHEDULES.map((schedule) => schedule.id)).toContain('relay-outbox');
    expect((await probe(healthPort, '/live')).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${healthPort}/nothing`)).status).toBe(404);
  });

  it('with Redis stopped: not ready (Redis down), still live; ready again once Redis is back', async () => {
    await stopRedisServer(redis);
    redis = null;
    const down = await until(
      () => probe(healthPort, '/ready'),
      (r) => r.status === 503,
      15_000,
      200,
    );
    expect(down.status).toBe(503);
    expect(down.body.status).toBe('down');
    expect(down.body.checks.redis?.status).toBe('down');
    // Restarting every worker would not bring Redis back: liveness stays up.
    expect((await probe(healthPort, '/live')).status).toBe(200);

    redis = await startRedisServer(redisPort); // empty: the schedules come back by the worker's own check
    const back = await until(
      () => probe(healthPort, '/ready'),
      (r) => r.status === 200,
      30_000,
      250,
    );
    expect(back.body.checks.redis).toEqual({ status: 'up' });
  }, 90_000);

  it('a schedule whose next run is long past (nobody takes its jobs) makes the worker not ready', async () => {
    const health = worker.get(WorkerHealth);
    const report = await health.readiness(Date.now() + 16 * 60_000 * 3);
    expect(report.status).toBe('down');
    expect(report.checks.schedules!.filter((s) => s.status === 'late').map((s) => s.id)).toContain('relay-outbox');
  });
});
