import { getQueueToken } from '@nestjs/bullmq';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { OutboxRelayService } from '../src/outbox/outbox-relay.service';
import { writeOutbox } from '../src/outbox/write-outbox';
import type { Outbox } from '../src/generated/prisma/client';
import { PrismaService } from '../src/prisma/prisma.service';
import { QueueName } from '../src/queues/queue-names';
import { WorkerModule } from '../src/worker.module';
import { testConfig } from './test-app';

async function startWorker(): Promise<INestApplicationContext> {
  const context = await NestFactory.createApplicationContext(
    WorkerModule.forRoot(testConfig({ OUTBOX_RELAY_EVERY_MS: '3600000' })),
    { logger: false },
  );
  await context.init();
  return context;
}

/**
 * Relays until the row of `jobId` is as wanted (up to 90 s). The worker's own scheduled relay may take the row
 * first (a relay skips rows another one holds), so the row is read, not the relay's answer.
 */
async function relayUntil(worker: INestApplicationContext, jobId: string, done: (row: Outbox) => boolean) {
  const prisma = worker.get(PrismaService);
  const relay = worker.get(OutboxRelayService);
  const deadline = Date.now() + 90_000;
  while (!done(await prisma.outbox.findUniqueOrThrow({ where: { jobId } })) && Date.now() < deadline) {
    await relay.relayBatch();
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('the transactional outbox, relayed to BullMQ on the real Redis', () => {
  let worker: INestApplicationContext;

  beforeAll(async () => {
    worker = await startWorker();
  });
  afterAll(async () => {
    await worker.close();
  });

  it('moves unsent rows to their queues with their own job ids, once', async () => {
    const prisma = worker.get(PrismaService);
    const jobId = `notify-test-${Date.now()}`;
    await prisma.$transaction((tx) =>
      writeOutbox(tx, [
        {
          queue: QueueName.Notify,
          jobName: 'DeliverNotification',
          jobId,
          // A message id that is no row: the job runs and answers "unknown", sending nothing.
          payload: { notificationId: '00000000-0000-4000-8000-000000000000' },
        },
      ]),
    );
    const relay = worker.get(OutboxRelayService);
    await relayUntil(worker, jobId, (row) => row.sentAt !== null);

    const notify = worker.get<Queue>(getQueueToken(QueueName.Notify));
    const job = await notify.getJob(jobId);
    expect(job?.data).toEqual({ notificationId: '00000000-0000-4000-8000-000000000000' });
    const row = await prisma.outbox.findUniqueOrThrow({ where: { jobId } });
    expect(row.sentAt).not.toBeNull();

    // A relay that died after Redis accepted the job but before marking the row re-adds it: BullMQ keeps one.
    await prisma.outbox.update({ where: { jobId }, data: { sentAt: null } });
    await relay.relayBatch();
    const jobs = await notify.getJobs(['waiting', 'delayed', 'active', 'completed', 'failed']);
    expect(jobs.filter((j) => j.id === jobId)).toHaveLength(1);
  });

  it('records why rows were not relayed and leaves them for the next relay, which sends them once', async () => {
    const prisma = worker.get(PrismaService);
    const notify = worker.get<Queue>(getQueueToken(QueueName.Notify));
    const stamp = Date.now();
    const jobId = `redis-refused-${stamp}`;
    const lost = `unknown-queue-${stamp}`;
    await prisma.$transaction((tx) =>
      writeOutbox(tx, [
        {
          queue: QueueName.Notify,
          jobName: 'DeliverNotification',
          jobId,
          payload: { notificationId: '00000000-0000-4000-8000-000000000000' },
        },
      ]),
    );
    await prisma.outbox.create({
      data: { queue: 'nowhere', jobName: 'DeliverNotification', jobId: lost, payload: {} },
    });
    const addBulk = vi.spyOn(notify, 'addBulk').mockRejectedValueOnce(new Error('Redis refused (test)'));
    try {
      await relayUntil(worker, jobId, (row) => row.attempts > 0);
      expect(await prisma.outbox.findUniqueOrThrow({ where: { jobId } })).toMatchObject({
        sentAt: null,
        attempts: 1,
        lastError: 'Redis refused (test)',
      });
      await relayUntil(worker, jobId, (row) => row.sentAt !== null);
      const row = await prisma.outbox.findUniqueOrThrow({ where: { jobId } });
      expect(row.sentAt).not.toBeNull();
      expect(row.attempts).toBe(2);
      expect((await notify.getJob(jobId))?.data).toEqual({ notificationId: '00000000-0000-4000-8000-000000000000' });
      const unknown = await prisma.outbox.findUniqueOrThrow({ where: { jobId: lost } });
      expect(unknown).toMatchObject({ sentAt: null, lastError: 'unknown queue nowhere' });
      expect(unknown.attempts).toBeGreaterThanOrEqual(2);
    } finally {
      addBulk.mockRestore();
      // The row of no queue would be retried by every later relay.
      await prisma.outbox.delete({ where: { jobId: lost } });
    }
  });

  it('refuses a job put on another queue than its own, and writes nothing', async () => {
    const prisma = worker.get(PrismaService);
    const jobId = `wrong-queue-${Date.now()}`;
    await expect(
      prisma.$transaction((tx) =>
        writeOutbox(tx, [
          { queue: QueueName.Requery, jobName: 'DeliverNotification', jobId, payload: { notificationId: 'x' } },
        ]),
      ),
    ).rejects.toThrow('Job DeliverNotification runs on queue notify, not requery');
    expect(await prisma.outbox.findUnique({ where: { jobId } })).toBeNull();
  });

  it('registers the relay schedule once however often the worker starts', async () => {
    const second = await startWorker();
    try {
      const outbox = worker.get<Queue>(getQueueToken(QueueName.Outbox));
      const schedulers = await outbox.getJobSchedulers();
      expect(schedulers.filter((s) => s.key === 'relay-outbox' || s.id === 'relay-outbox')).toHaveLength(1);
    } finally {
      await second.close();
    }
  });
});
