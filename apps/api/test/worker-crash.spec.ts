import type { INestApplication } from '@nestjs/common';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PrismaService } from '../src/prisma/prisma.service';
import { createUser, signIn } from './identity-helpers';
import { createPayment, fpxRequest, makePayable, postToGateway, sim } from './payment-helpers';
import { startListeningApi } from './test-app';
import { until } from './worker-helpers';
import { lane } from './lane';

const ROOT = resolve(__dirname, '../../..');
const COUNT = 200;
// 24 hours last 432 s and the first requery comes after 600 ms: on a loaded 2-core machine, making the 200
// payments and restarting the worker alone took over 86 s (the earlier scale, 0.001), without anything being late.
const SCALE = '0.005';

/** The built worker as its own process, killable with SIGKILL. */
function spawnWorker(): ChildProcess {
  return spawn(process.execPath, [resolve(ROOT, 'apps/api/dist/worker.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: lane().databaseUrl,
      REDIS_URL: inject('redisUrl'),
      REDIS_PREFIX: lane().redisPrefix,
      DEV_KEYS_DIR: inject('devKeysDir'),
      SIM_PUBLIC_URL: lane().simUrl,
      PUBLIC_URL: `http://127.0.0.1:${lane().apiPort}`,
      REQUERY_TIME_SCALE: SCALE,
      REQUERY_SWEEP_EVERY_MS: '250',
      REQUERY_RATE_PER_SECOND: '40',
      NOTIFY_SENDING_LEASE_MS: '3000',
      NOTIFY_SWEEP_EVERY_MS: '500',
      OUTBOX_RELAY_EVERY_MS: '250',
      // Its start is read from its log ("Worker started"), so the test waits for the worker, not the clock.
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
}

/**
 * Resolves once the worker says it started (every schedule in Redis); fails if it ends first. A loaded machine
 * has taken most of a minute to start it: what the test measures begins there.
 */
function workerStarted(worker: ChildProcess): Promise<void> {
  return new Promise((resolveStarted, reject) => {
    let tail = '';
    const onData = (chunk: Buffer) => {
      tail = (tail + chunk.toString()).slice(-4096);
      if (tail.includes('"msg":"Worker started"')) {
        worker.stdout!.off('data', onData);
        worker.stdout!.resume(); // keep draining what it writes after
        resolveStarted();
      }
    };
    worker.stdout!.on('data', onData);
    worker.once('exit', (code, signal) => reject(new Error(`the worker ended before it started: ${signal ?? code}`)));
  });
}

describe('a worker killed with SIGKILL in the middle of 200 pending payments', () => {
  let app: INestApplication;
  let worker: ChildProcess | null = null;

  beforeAll(async () => {
    // The worker runs from its build, like in production: make sure the build is this code.
    execFileSync(
      process.execPath,
      [resolve(ROOT, 'node_modules/nx/dist/bin/nx.js'), 'run', '@councilpay/api:build', '--output-style=stream'],
      {
        cwd: ROOT,
        env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' },
        stdio: 'ignore',
      },
    );
    app = await startListeningApi({ REQUERY_TIME_SCALE: SCALE });
    // A build with no cache on a loaded 2-core machine has taken over three minutes.
  }, 600_000);
  afterAll(async () => {
    worker?.kill('SIGKILL');
    await app.close();
  });

  it('after a restart all 200 reach a final state and no payer gets two emails, each within the (scaled) 24 hours', async () => {
    const prisma = app.get(PrismaService);
    const runTag = Date.now().toString(36);
    const references: string[] = [];
    for (let i = 0; i < COUNT; i += 1) {
      const bill = await makePayable(app, { balanceSen: 1_000 + i });
      const created = await createPayment(app, {
        ...fpxRequest([bill.id]),
        payer: { name: 'Batch Payer', email: `batch-${runTag}-${i}@example.my`, phone: '0123456789' },
      });
      await postToGateway(created.redirect);
      await sim(`/sim/fpx/${created.invoiceNo}/decide`, { action: 'pending', returnBrowser: false });
      // The bank settles them while nobody is looking: two thirds approved, one third rejected.
      await sim(
        `/sim/fpx/${created.invoiceNo}/settle`,
        i % 3 === 2 ? { action: 'reject', code: '51' } : { action: 'approve' },
      );
      references.push(created.reference);
    }
    const finalCount = () =>
      prisma.payment.count({ where: { reference: { in: references }, status: { in: ['paid', 'failed', 'expired'] } } });

    worker = spawnWorker();
    await workerStarted(worker);
    const partly = await until(finalCount, (n) => n >= 20, 60_000, 50);
    expect(partly).toBeGreaterThanOrEqual(20);
    worker.kill('SIGKILL');
    const atKill = await finalCount();
    expect(atKill).toBeLessThan(COUNT);

    worker = spawnWorker();
    await workerStarted(worker);
    expect(await until(finalCount, (n) => n === COUNT, 300_000, 250)).toBe(COUNT);

    const payments = await prisma.payment.findMany({
      where: { reference: { in: references } },
      select: { id: true, status: true, finalAt: true, createdAt: true },
    });
    const ids = payments.map((p) => p.id);
    const notifications = await until(
      () => prisma.notification.findMany({ where: { paymentId: { in: ids } } }),
      (rows) => rows.length === COUNT && rows.every((r) => r.status === 'sent'),
      90_000,
      250,
    );
    expect(notifications.filter((n) => n.status === 'sent')).toHaveLength(COUNT);
    const sinks = await prisma.sinkMessage.findMany({ where: { recipient: { startsWith: `batch-${runTag}-` } } });
    const perPayer = new Map<string, number>();
    for (const s of sinks) perPayer.set(s.recipient, (perPayer.get(s.recipient) ?? 0) + 1);
    expect(perPayer.size).toBe(COUNT);
    expect([...perPayer.values()].every((n) => n === 1)).toBe(true);

    // Every payer heard within the (scaled) 24 hours of their payment, and health shows nothing waiting.
    const day = 86_400_000 * Number(SCALE);
    for (const n of notifications) {
      const payment = payments.find((p) => p.id === n.paymentId)!;
      expect(n.sentAt!.getTime() - payment.createdAt.getTime()).toBeLessThan(day);
    }
    // The operators' view (an _admin's: anyone else is told up or down only)
    const operator = await signIn(app, (await createUser(app, { roles: ['_admin'], verified: true })).email);
    const health = await operator.agent.get('/api/health').expect(200);
    // The metric exists (other test files leave failed messages of their own in this database).
    expect(typeof health.body.detail.notifications.failed).toBe('number');
    expect(typeof health.body.detail.notifications.oldestUnsentAgeSeconds).toBe('number');
    process.stdout.write(
      `[worker crash] ${atKill}/${COUNT} final when killed; all ${COUNT} final after restart; ${sinks.length} emails for ${COUNT} payers\n`,
    );
  }, 900_000);
});
