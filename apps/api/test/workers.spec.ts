import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { pdfText } from '@councilpay/testing';
import { ExpireResetRequestsJob } from '../src/maintenance/expire-reset-requests.job';
import { NotificationDeliverer } from '../src/notifications/notification-deliverer';
import { PrismaService } from '../src/prisma/prisma.service';
import { createPayment, fpxRequest, makePayable, postDirectAc, postToGateway, signedAc, sim } from './payment-helpers';
import { startListeningApi } from './test-app';
import { freePort, startRedisServer, startSmtpServer, startWorker, stopRedisServer, until } from './worker-helpers';

describe('notify: email through SMTP, once', () => {
  let app: INestApplication;
  let worker: INestApplicationContext;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await startListeningApi();
    worker = await startWorker({ SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await worker.close();
    await app.close();
    await smtp.close();
  });

  it('a paid payment produces one real email in the payer language, with amounts, reference and receipt numbers', async () => {
    const a = await makePayable(app, { balanceSen: 12_345 });
    const b = await makePayable(app, { balanceSen: 100_000, council: 'mps' });
    const email = `smtp-${Date.now()}@example.my`;
    const created = await createPayment(app, {
      ...fpxRequest([a.id, b.id]),
      payer: { name: 'Lim Ah Kow', email, phone: '0123456789' },
      language: 'en',
    });
    await postDirectAc(app, signedAc(created.redirect, '00')).expect(200);

    const received = await until(
      async () => smtp.messages.filter((m) => m.to && JSON.stringify(m.to).includes(email)),
      (list) => list.length > 0,
    );
    expect(received).toHaveLength(1);
    const mail = received[0];
    expect(mail.subject).toBe(`Payment successful: ${created.reference}`);
    expect(mail.text).toContain('RM 1,123.45');
    expect(mail.text).toContain('RM 123.45');
    expect(mail.text).toContain(created.reference);
    const items = await app
      .get(PrismaService)
      .paymentItem.findMany({ where: { payment: { reference: created.reference } } });
    for (const item of items) expect(mail.text).toContain(item.receiptNo as string);
    expect(mail.text).toContain('Penampang District Council');
    // Bills of two councils: the status link is the portal's own address.
    expect(mail.text).toContain(`/#/receipt?reference=${created.reference}`);
    expect(mail.attachments.map((x) => [x.filename, x.contentType])).toEqual([
      [`receipt-${created.reference}.pdf`, 'application/pdf'],
    ]);
    const pdf = await pdfText(mail.attachments[0].content);
    for (const item of items) expect(pdf).toContain(item.receiptNo as string);
    expect(pdf).toContain(created.reference);

    // The same delivery run again (a retried job, or a worker that died before acknowledging) sends nothing.
    const notification = await app.get(PrismaService).notification.findFirstOrThrow({ where: { recipient: email } });
    expect(notification.status).toBe('sent');
    expect(await worker.get(NotificationDeliverer).deliver(notification.id)).toEqual({
      sent: false,
      reason: 'already_sent',
    });
    await new Promise((r) => setTimeout(r, 500));
    expect(smtp.messages.filter((m) => JSON.stringify(m.to).includes(email))).toHaveLength(1);
  });

  it('a failed payment is told in Malay by default, with the bank reason', async () => {
    const bill = await makePayable(app, { balanceSen: 5_000 });
    const email = `ms-${Date.now()}@example.my`;
    const created = await createPayment(app, {
      ...fpxRequest([bill.id]),
      payer: { name: 'Siti', email, phone: '0123456789' },
      language: undefined,
    });
    await postDirectAc(app, signedAc(created.redirect, '51')).expect(200);
    const [mail] = await until(
      async () => smtp.messages.filter((m) => JSON.stringify(m.to).includes(email)),
      (list) => list.length > 0,
    );
    expect(mail.subject).toBe(`Pembayaran tidak berjaya: ${created.reference}`);
    // The bank's reason in Malay too, with its code for the helpline.
    expect(mail.text).toContain('Baki tidak mencukupi (kod 51)');
    expect(mail.text).not.toContain('Insufficient Funds');
    // One council's bill: the status link opens that council's own portal address.
    expect(mail.text).toContain(`/${bill.councilCode}#/receipt?reference=${created.reference}`);
  });
});

describe('notify: a message that cannot be sent', () => {
  let worker: INestApplicationContext;
  beforeAll(async () => {
    worker = await startWorker({ SMTP_URL: `smtp://127.0.0.1:${await freePort()}` });
  });
  afterAll(async () => {
    await worker.close();
  });

  it('is recorded as failed with its error and attempts, for operators to see, and retried later', async () => {
    const prisma = worker.get(PrismaService);
    const notification = await prisma.notification.create({
      data: {
        channel: 'email',
        recipient: 'nobody@example.my',
        template: 'password_reset',
        language: 'en',
        data: { link: 'x', name: 'X' },
        dedupeKey: `fail-${Date.now()}`,
      },
    });
    const deliverer = worker.get(NotificationDeliverer);
    await expect(deliverer.deliver(notification.id)).rejects.toThrow();
    await expect(deliverer.deliver(notification.id)).rejects.toThrow();
    const row = await prisma.notification.findUniqueOrThrow({ where: { id: notification.id } });
    expect(row).toMatchObject({ status: 'failed', attempts: 2 });
    expect(row.lastError).toMatch(/ECONNREFUSED|connect/i);
  });
});

describe('notify: the safety net', () => {
  let worker: INestApplicationContext;
  beforeAll(async () => {
    worker = await startWorker({ NOTIFY_SENDING_LEASE_MS: '1000', NOTIFY_SWEEP_EVERY_MS: '200' });
  });
  afterAll(async () => {
    await worker.close();
  });

  it('sends, once, a message whose sender died mid-send and one whose job was lost', async () => {
    const prisma = worker.get(PrismaService);
    const tag = Date.now();
    const old = new Date(Date.now() - 10 * 60_000);
    const orphan = (kind: string, status: 'sending' | 'queued') =>
      prisma.notification.create({
        data: {
          channel: 'sms',
          recipient: `+60${kind}${tag}`,
          template: 'phone_code',
          language: 'ms',
          data: { code: '123456' },
          sensitive: true,
          dedupeKey: `${kind}-${tag}`,
          status,
          createdAt: old,
        },
      });
    const died = await orphan('111', 'sending');
    const lost = await orphan('222', 'queued');
    await prisma.$executeRaw`UPDATE "Notification" SET "updatedAt" = ${old} WHERE "id" IN (${died.id}::uuid, ${lost.id}::uuid)`;
    const rows = await until(
      () => prisma.notification.findMany({ where: { id: { in: [died.id, lost.id] } } }),
      (list) => list.every((n) => n.status === 'sent'),
    );
    expect(rows.map((n) => n.status)).toEqual(['sent', 'sent']);
    expect(rows.every((n) => n.body === null)).toBe(true); // a one-time code is not kept once sent
    const sinks = await prisma.sinkMessage.findMany({ where: { notificationId: { in: [died.id, lost.id] } } });
    expect(sinks).toHaveLength(2);
    expect(sinks[0].body).toContain('123456');
  });
  // Found by `npm run chaos`: a sender slower than its lease and the worker that took the row over both wrote it.
  it('a sender whose lease ran out before it wrote writes nothing: the message goes once, by the new holder', async () => {
    const prisma = worker.get(PrismaService);
    const deliverer = worker.get(NotificationDeliverer);
    const tag = Date.now();
    const notification = await prisma.notification.create({
      data: {
        channel: 'sms',
        recipient: `+60333${tag}`,
        template: 'phone_code',
        language: 'ms',
        data: { code: '654321' },
        sensitive: true,
        dedupeKey: `slow-${tag}`,
      },
    });
    let release = () => undefined as void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    // The first sender stalls after its claim, before it writes (a process paused for longer than its lease:
    // its renewals stop with it) ...
    type Writer = { write: (...args: unknown[]) => Promise<boolean> };
    const write = (deliverer as unknown as Writer).write.bind(deliverer);
    const slow = vi
      .spyOn(deliverer as unknown as Writer, 'write')
      .mockImplementationOnce(async (...args: unknown[]) => {
        await gate;
        return write(...args);
      });
    // A paused process renews nothing either (here only its write is held, so its renewals are held too: left
    // running, one could land after the lease is turned back below, on a busy machine).
    type Renewer = { keepClaim: (...args: unknown[]) => { stop: () => void } };
    const paused = vi
      .spyOn(deliverer as unknown as Renewer, 'keepClaim')
      .mockImplementationOnce(() => ({ stop: () => undefined }));
    const first = deliverer.deliver(notification.id);
    await until(
      () => prisma.notification.findUniqueOrThrow({ where: { id: notification.id } }),
      (n) => n.status === 'sending',
    );
    // ... past its lease, so another sender claims the row and sends it.
    await prisma.$executeRaw`UPDATE "Notification" SET "updatedAt" = now() - interval '10 minutes' WHERE "id" = ${notification.id}::uuid`;
    const second = await deliverer.deliver(notification.id);
    expect([true, 'already_sent']).toContain(second.sent || (second as { reason: string }).reason);
    release();
    expect(await first).toEqual({ sent: false, reason: 'in_flight' });
    slow.mockRestore();
    paused.mockRestore();
    const sinks = await prisma.sinkMessage.findMany({ where: { notificationId: notification.id } });
    expect(sinks).toHaveLength(1);
    const row = await prisma.notification.findUniqueOrThrow({ where: { id: notification.id } });
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
  });
});

describe('notify: a provider slower than the lease', () => {
  let app: INestApplication;
  let worker: INestApplicationContext;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

  beforeAll(async () => {
    // Each email takes 3 s to be accepted, three times the lease, while the sweep looks for lapsed claims five
    // times a second: what a busy machine or a slow provider does to a real deployment's 2-minute lease.
    smtp = await startSmtpServer({ acceptAfterMs: 3_000 });
    app = await startListeningApi();
    worker = await startWorker({ SMTP_URL: smtp.url, NOTIFY_SENDING_LEASE_MS: '1000', NOTIFY_SWEEP_EVERY_MS: '200' });
  });
  afterAll(async () => {
    await worker.close();
    await app.close();
    await smtp.close();
  });

  // Found by the short chaos run on a busy machine: every sender outlived its lease, the sweep gave the row to
  // another sender each time, and no payer was told (with a real provider: each was told again and again).
  it('a sender keeps its claim while the provider is slow: each payer gets one email and the row is sent', async () => {
    const prisma = worker.get(PrismaService);
    const tag = Date.now();
    const rows = await Promise.all(
      [1, 2, 3].map((i) =>
        prisma.notification.create({
          data: {
            channel: 'email',
            recipient: `slow-${tag}-${i}@example.my`,
            template: 'email_verification',
            language: 'en',
            data: { link: 'http://localhost/verify', name: 'Slow Provider' },
            dedupeKey: `slow-provider-${tag}-${i}`,
          },
        }),
      ),
    );
    const sent = await until(
      () => prisma.notification.findMany({ where: { id: { in: rows.map((r) => r.id) } } }),
      (list) => list.every((n) => n.status === 'sent'),
      60_000,
      200,
    );
    expect(sent.map((n) => n.status)).toEqual(['sent', 'sent', 'sent']);
    // Let any second sender the sweep started finish before counting.
    await new Promise((r) => setTimeout(r, 4_000));
    for (const row of rows) {
      expect(smtp.messages.filter((m) => JSON.stringify(m.to).includes(row.recipient))).toHaveLength(1);
    }
    const after = await prisma.notification.findMany({ where: { id: { in: rows.map((r) => r.id) } } });
    expect(after.map((n) => n.attempts)).toEqual([1, 1, 1]);
  }, 120_000);
});

describe('requery and expiry, on a test-scaled 24 hours', () => {
  let app: INestApplication;
  let worker: INestApplicationContext;
  // 1/5000 of real time: first requery after 24 ms, expiry after 17.3 s.
  const scale = { REQUERY_TIME_SCALE: '0.0002' };

  beforeAll(async () => {
    app = await startListeningApi(scale);
    worker = await startWorker(scale);
  });
  afterAll(async () => {
    await worker.close();
    await app.close();
  });

  it('a payment left pending at the bank becomes paid by the scheduled requery, without any browser', async () => {
    const bill = await makePayable(app, { balanceSen: 6_000 });
    const created = await createPayment(app, fpxRequest([bill.id]));
    await postToGateway(created.redirect);
    await sim(`/sim/fpx/${created.invoiceNo}/decide`, { action: 'pending', returnBrowser: false });
    const prisma = app.get(PrismaService);
    expect(
      (
        await until(
          () => prisma.payment.findUniqueOrThrow({ where: { reference: created.reference } }),
          (p) => p.status === 'pending',
        )
      ).status,
    ).toBe('pending');

    await sim(`/sim/fpx/${created.invoiceNo}/settle`, { action: 'approve' });
    const paid = await until(
      () => prisma.payment.findUniqueOrThrow({ where: { reference: created.reference } }),
      (p) => p.status === 'paid',
    );
    expect(paid.status).toBe('paid');
    const events = await prisma.paymentEvent.findMany({
      where: { paymentId: paid.id, toStatus: 'paid', fromStatus: 'pending' },
    });
    expect(events.map((e) => e.source)).toEqual(['requery']);
    expect(paid.requeryAttempts).toBeGreaterThanOrEqual(1);
  });

  it('a payment with no answer at all is expired 24 (scaled) hours after creation, and its payer told', async () => {
    const bill = await makePayable(app, { balanceSen: 6_000 });
    const created = await createPayment(app, fpxRequest([bill.id])); // the browser never reaches the bank
    const prisma = app.get(PrismaService);
    const expired = await until(
      () => prisma.payment.findUniqueOrThrow({ where: { reference: created.reference } }),
      (p) => p.status === 'expired',
      90_000,
      500,
    );
    expect(expired.status).toBe('expired');
    const age = expired.finalAt!.getTime() - expired.createdAt.getTime();
    expect(age).toBeGreaterThanOrEqual(17_280);
    const sent = await until(
      () => prisma.notification.findFirst({ where: { paymentId: expired.id, template: 'payment_expired' } }),
      (n) => n?.status === 'sent',
    );
    expect(sent?.status).toBe('sent');
  }, 120_000);
});

describe('housekeeping', () => {
  let worker: INestApplicationContext;
  beforeAll(async () => {
    worker = await startWorker();
  });
  afterAll(async () => {
    await worker.close();
  });

  it('reset requests die 24 hours after creation and are removed a week later', async () => {
    const prisma = worker.get(PrismaService);
    const user = await prisma.user.create({
      data: { email: `reset-${Date.now()}@example.my`, fullName: 'Reset Test', passwordHash: 'x', roles: ['user'] },
    });
    const now = new Date();
    const hour = 3_600_000;
    await prisma.passwordReset.createMany({
      data: [
        {
          id: `fresh-${user.id}`,
          userId: user.id,
          createdAt: new Date(now.getTime() - 23 * hour),
          expiresAt: new Date(now.getTime() + hour),
        },
        {
          id: `stale-${user.id}`,
          userId: user.id,
          createdAt: new Date(now.getTime() - 25 * hour),
          expiresAt: new Date(now.getTime() - hour),
        },
        {
          id: `ancient-${user.id}`,
          userId: user.id,
          createdAt: new Date(now.getTime() - 9 * 24 * hour),
          expiresAt: new Date(now.getTime() - 8 * 24 * hour),
        },
      ],
    });
    await worker.get(ExpireResetRequestsJob).expireResetRequests(now);
    const rows = await prisma.passwordReset.findMany({ where: { userId: user.id }, orderBy: { id: 'asc' } });
    expect(rows.map((r) => [r.id.split('-')[0], r.usedAt !== null])).toEqual([
      ['fresh', false],
      ['stale', true],
    ]);
  });
});

describe('Redis outage: payments go on, and every message flows when Redis returns', () => {
  let redis: ChildProcess | null = null;
  let port: number;
  let app: INestApplication;
  let worker: INestApplicationContext;

  const startRedis = async () => {
    redis = await startRedisServer(port);
  };
  const stopRedis = async () => {
    await stopRedisServer(redis);
    redis = null;
  };

  beforeAll(async () => {
    port = await freePort();
    await startRedis();
    const env = { REDIS_URL: `redis://127.0.0.1:${port}` };
    app = await startListeningApi(env);
    worker = await startWorker(env);
  });
  afterAll(async () => {
    await worker.close();
    await app.close();
    await stopRedis();
  });

  it('creates and pays payments with Redis stopped; after it restarts every outbox row is relayed and every message sent', async () => {
    await stopRedis();
    const prisma = app.get(PrismaService);
    const references: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const bill = await makePayable(app, { balanceSen: 1_000 + i });
      const created = await createPayment(app, {
        ...fpxRequest([bill.id]),
        payer: { name: 'Outage', email: `outage-${i}-${Date.now()}@example.my`, phone: '0123456789' },
      });
      await postDirectAc(app, signedAc(created.redirect, '00')).expect(200);
      references.push(created.reference);
    }
    const payments = await prisma.payment.findMany({
      where: { reference: { in: references } },
      select: { id: true, status: true },
    });
    expect(payments.map((p) => p.status)).toEqual(Array(5).fill('paid'));
    const waiting = await prisma.outbox.count({ where: { sentAt: null } });
    expect(waiting).toBeGreaterThanOrEqual(5);

    await startRedis();
    const ids = payments.map((p) => p.id);
    const sent = await until(
      () => prisma.notification.findMany({ where: { paymentId: { in: ids } }, select: { status: true } }),
      (rows) => rows.length === 5 && rows.every((r) => r.status === 'sent'),
      60_000,
      250,
    );
    expect(sent.map((r) => r.status)).toEqual(Array(5).fill('sent'));
    expect(
      await until(
        () => prisma.outbox.count({ where: { sentAt: null } }),
        (n) => n === 0,
      ),
    ).toBe(0);
    const sinks = await prisma.sinkMessage.findMany({ where: { recipient: { startsWith: 'outage-' } } });
    expect(sinks).toHaveLength(5);
  }, 120_000);
});
