import type { INestApplicationContext } from '@nestjs/common';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PrismaService } from '../src/prisma/prisma.service';
import { QueueWorkersWatch, type WatchedWorker } from '../src/queues/queue-workers-watch';
import { freePort, startRedisServer, startWorker, stopRedisServer, until } from './worker-helpers';
import { lane } from './lane';

const ROOT = resolve(__dirname, '../../..');

/** An outbox row of the housekeeping queue: relayed (sentAt set) only while the relay's schedule runs. */
async function outboxRow(prisma: PrismaService, tag: string): Promise<bigint> {
  const row = await prisma.outbox.create({
    data: { queue: 'maintenance', jobName: 'ExpireResetRequests', jobId: `life-${tag}`, payload: {} },
  });
  return row.id;
}

describe('Redis restarted without its data while the worker runs', () => {
  let port: number;
  let redis: ChildProcess | null = null;
  let worker: INestApplicationContext;

  beforeAll(async () => {
    port = await freePort();
    redis = await startRedisServer(port);
    worker = await startWorker({ REDIS_URL: `redis://127.0.0.1:${port}` });
  });
  afterAll(async () => {
    await worker.close();
    await stopRedisServer(redis);
  });

  // Found by the short chaos run on a busy machine: Redis came back empty, the worker's schedules were put back
  // only by a blind re-upsert once a minute, and a worker killed within that minute had relayed nothing since.
  it('the schedules are back within seconds: a row written after the restart is relayed', async () => {
    const prisma = worker.get(PrismaService);
    const before = await outboxRow(prisma, `before-${Date.now()}`);
    const relayed = (id: bigint) => () => prisma.outbox.findUniqueOrThrow({ where: { id } });
    expect((await until(relayed(before), (row) => row.sentAt !== null, 30_000, 100)).sentAt).not.toBeNull();

    await stopRedisServer(redis);
    redis = await startRedisServer(port); // a Redis without persistence: every schedule is gone
    const restartedAt = Date.now();
    const after = await outboxRow(prisma, `after-${Date.now()}`);
    const row = await until(relayed(after), (r) => r.sentAt !== null, 30_000, 100);
    expect(row.sentAt).not.toBeNull();
    // The check runs every 5 s; the old re-upsert came a minute after the worker started.
    expect(Date.now() - restartedAt).toBeLessThan(20_000);
  }, 90_000);
});

describe('the queue loops are watched', () => {
  const worker = (running: boolean, extra: Partial<WatchedWorker> = {}) => {
    const started: string[] = [];
    const w: WatchedWorker & { started: string[] } = {
      name: 'notify',
      isRunning: () => running,
      closing: undefined,
      isPaused: () => false,
      run: () => {
        started.push('run');
        return Promise.resolve();
      },
      started,
      ...extra,
    };
    return w;
  };
  const watch = new QueueWorkersWatch(undefined as never);

  it('a loop that ended unasked is started again; a running, closing or paused one is left alone', () => {
    const stopped = worker(false);
    const running = worker(true);
    const closing = worker(false, { closing: Promise.resolve() });
    const paused = worker(false, { isPaused: () => true });
    expect(watch.check([stopped, running, closing, paused])).toEqual(['notify']);
    expect(stopped.started).toEqual(['run']);
    expect([running.started, closing.started, paused.started]).toEqual([[], [], []]);
  });
});

describe('the worker process: it starts or says why, and never ends silently', () => {
  /** The built worker, reading its output; resolves with its exit code and everything it wrote. */
  function runWorker(env: Record<string, string>, timeoutMs: number): Promise<{ code: number | null; out: string }> {
    const child = spawn(process.execPath, [resolve(ROOT, 'apps/api/dist/worker.js')], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        DATABASE_URL: lane().databaseUrl,
        REDIS_PREFIX: `${lane().redisPrefix}-life`,
        DEV_KEYS_DIR: inject('devKeysDir'),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    return new Promise((done) => {
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      child.once('exit', (code) => {
        clearTimeout(timer);
        done({ code, out });
      });
    });
  }

  beforeAll(() => {
    // The worker runs from its build, like in production: make sure the build is this code.
    execFileSync(
      process.execPath,
      [resolve(ROOT, 'node_modules/nx/dist/bin/nx.js'), 'run', '@councilpay/api:build', '--output-style=stream'],
      { cwd: ROOT, env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' }, stdio: 'ignore' },
    );
  }, 600_000);

  it('a worker that cannot reach Redis exits 1 at its start deadline, naming the step it was on', async () => {
    const closedPort = await freePort();
    const started = Date.now();
    const { code, out } = await runWorker(
      { REDIS_URL: `redis://127.0.0.1:${closedPort}`, WORKER_START_TIMEOUT_MS: '3000' },
      120_000,
    );
    expect(code).toBe(1);
    const fatal = out
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { level: string | number; msg: string; step?: string })
      .find((line) => line.level === 'fatal');
    expect(fatal?.msg).toBe('Worker could not start within 3 s: still registering the job schedules in Redis');
    expect(fatal?.step).toBe('registering the job schedules in Redis');
    expect(Date.now() - started).toBeLessThan(60_000);
  }, 130_000);

  it('a worker whose Redis comes back before the deadline starts and keeps running', async () => {
    const port = await freePort();
    const late = new Promise<ChildProcess>((done) => setTimeout(() => void startRedisServer(port).then(done), 2_000));
    const child = spawn(process.execPath, [resolve(ROOT, 'apps/api/dist/worker.js')], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
        DATABASE_URL: lane().databaseUrl,
        REDIS_URL: `redis://127.0.0.1:${port}`,
        REDIS_PREFIX: `${lane().redisPrefix}-late`,
        DEV_KEYS_DIR: inject('devKeysDir'),
        WORKER_START_TIMEOUT_MS: '120000',
      },
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let out = '';
    child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    const redisLater = await late;
    try {
      await until(
        async () => out,
        (text) => text.includes('"msg":"Worker started"'),
        90_000,
        100,
      );
      expect(out).toContain('"msg":"Worker started"');
      expect(child.exitCode).toBeNull();
      // Stopped as asked: by the signal, with nothing reported as an unasked end.
      const ended = new Promise<NodeJS.Signals | null>((done) => child.once('exit', (_c, signal) => done(signal)));
      child.kill('SIGTERM');
      expect(await ended).toBe('SIGTERM');
      expect(out).not.toContain('"level":"fatal"');
    } finally {
      child.kill('SIGKILL');
      await stopRedisServer(redisLater);
    }
  }, 130_000);
});
