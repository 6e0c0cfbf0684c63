import type { INestApplication } from '@nestjs/common';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  CSRF_HEADER,
  WEBHOOK_DISABLE_AFTER_MS,
  WEBHOOK_SIGNATURE_HEADER,
  type WebhookDeliveryRow,
  type WebhookEndpointWithSecret,
  type WebhookEvent,
} from '@councilpay/domain';
import { verifyWebhookSignature } from '@councilpay/webhooks';
import { PrismaService } from '../src/prisma/prisma.service';
import { recordCouncilEvents } from '../src/webhooks/council-events';
import { WebhookDeliverer } from '../src/webhooks/delivery/webhook-deliverer';
import { clearLimits, createUser, signIn, type Browser } from './identity-helpers';
import { createTestApi, isolatedDatabaseUrl } from './test-app';

interface Arrival {
  event: WebhookEvent<'bill.credited'>;
  signature: string;
  verified: boolean;
  at: number;
}

/**
 * The delivery worker against a receiver started here: signed calls, order per bill, retries on the schedule
 * with a clock the test moves, give-up after 72 hours, an endpoint turned off after failing for three days. A
 * database of its own: it sends every pending delivery there is.
 */
describe('webhook delivery: signed, in order per bill, retried with backoff, given up, endpoint turned off', () => {
  let app: INestApplication;
  let prisma: PrismaService;
  let deliverer: WebhookDeliverer;
  let admin: Browser;
  let server: Server;
  let url: string;
  let arrivals: Arrival[] = [];
  /** How the receiver answers the next call (status and body), by the event. */
  let answer: (event: WebhookEvent<'bill.credited'>) => { status: number; body?: string; hang?: boolean } = () => ({
    status: 200,
  });
  let endpoint: WebhookEndpointWithSecret;
  let council = 'mdpg';

  beforeAll(async () => {
    app = await createTestApi({ DATABASE_URL: await isolatedDatabaseUrl() });
    prisma = app.get(PrismaService);
    deliverer = app.get(WebhookDeliverer);
    await clearLimits(app);
    admin = await signIn(app, (await createUser(app, { roles: ['_admin'], verified: true })).email);
    server = createServer((req: IncomingMessage, res: ServerResponse) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const event = JSON.parse(raw) as WebhookEvent<'bill.credited'>;
        const signature = String(req.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()] ?? '');
        // The signature is checked against the time it was made (the test's clock moves, the receiver's does not).
        const t = Number(/t=(\d+)/.exec(signature)?.[1] ?? 0) * 1000;
        arrivals.push({
          event,
          signature,
          verified: verifyWebhookSignature(endpoint.secret, signature, raw, t).ok,
          at: t,
        });
        const reply = answer(event);
        if (reply.hang) return;
        res.writeHead(reply.status, { 'Content-Type': 'text/plain' }).end(reply.body ?? 'ok');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    await app?.close();
  });

  beforeEach(async () => {
    arrivals = [];
    answer = () => ({ status: 200 });
    // A council of its own for each test, so earlier tests' deliveries do not mix in.
    council = ['mdpg', 'mps', 'mdkb', 'mdblr'][expect.getState().currentTestName!.length % 4];
    await prisma.webhookEndpoint.updateMany({
      data: { enabled: false, disabledReason: 'staff', disabledAt: new Date() },
    });
    endpoint = (
      await admin.agent
        .post('/api/admin/webhook-endpoints')
        .set(CSRF_HEADER, admin.csrf)
        .send({ council, url, events: ['bill.credited', 'refund.made'] })
        .expect(201)
    ).body as WebhookEndpointWithSecret;
  });

  const credited = (bill: string, n: number) => ({
    council,
    type: 'bill.credited' as const,
    billKeys: [bill],
    data: {
      receiptNo: `R-${bill}-${n}`,
      accountNo: bill,
      payableType: 'compound' as const,
      amountSen: 100 * n,
      creditSen: 100 * n,
      paymentReference: `CP-${bill}-${n}`,
      gatewayTxnId: null,
      method: 'fpx' as const,
      paidAt: new Date().toISOString(),
      late: false,
      itemId: `${bill}-${n}`,
    },
  });
  const record = (events: ReturnType<typeof credited>[], at: Date) =>
    prisma.$transaction((tx) => recordCouncilEvents(tx, events, at));
  const deliveries = () =>
    prisma.webhookDelivery.findMany({ where: { endpointId: endpoint.id }, orderBy: { eventSeq: 'asc' } });

  it('sends each event signed with the endpoint secret, with its id; a 2xx is delivered, its answer kept', async () => {
    const t0 = new Date();
    await record([credited('A', 1), credited('B', 1)], t0);
    answer = () => ({ status: 204, body: '' });
    expect(await deliverer.deliverDue(t0)).toMatchObject({ claimed: 2, delivered: 2, failed: 0 });
    // Two bills: sent side by side, in any order.
    expect(arrivals.map((a) => [a.event.type, a.event.data.accountNo, a.verified]).sort()).toEqual([
      ['bill.credited', 'A', true],
      ['bill.credited', 'B', true],
    ]);
    expect(arrivals[0].event).toMatchObject({ version: 1, council, id: expect.stringMatching(/^evt_/) });
    const rows = await deliveries();
    expect(rows.map((d) => [d.status, d.attempts, d.lastStatusCode])).toEqual([
      ['delivered', 1, 204],
      ['delivered', 1, 204],
    ]);
    // Delivered once: the next round has nothing to send.
    expect((await deliverer.deliverDue(new Date(t0.getTime() + 3600_000))).claimed).toBe(0);
  });

  it('events on one bill arrive in order: a later one waits until the earlier one is delivered', async () => {
    const t0 = new Date();
    await record([credited('X', 1), credited('Y', 1), credited('X', 2)], t0);
    let failX1 = true;
    answer = (e) => {
      if (e.data.accountNo === 'X' && e.data.amountSen === 100 && failX1) {
        failX1 = false;
        return { status: 503, body: 'busy' };
      }
      return { status: 200 };
    };
    const at = (ms: number) => new Date(t0.getTime() + ms);
    expect(await deliverer.deliverDue(at(0))).toMatchObject({ claimed: 2, delivered: 1, failed: 1 });
    expect(await deliverer.deliverDue(at(1_000))).toMatchObject({ claimed: 0 });
    expect(await deliverer.deliverDue(at(30_000))).toMatchObject({ claimed: 1, delivered: 1 });
    expect(await deliverer.deliverDue(at(30_001))).toMatchObject({ claimed: 1, delivered: 1 });
    const sent = arrivals.map((a) => `${a.event.data.accountNo}${a.event.data.amountSen / 100}`);
    // Bill X in its order (X2 only after X1 was delivered); Y, another bill, went out beside X's first try.
    expect(sent.filter((e) => e.startsWith('X'))).toEqual(['X1', 'X1', 'X2']);
    expect(sent.filter((e) => e.startsWith('Y'))).toEqual(['Y1']);
    expect(sent.indexOf('Y1')).toBeLessThan(2);
    const rows = await deliveries();
    expect(rows[0]).toMatchObject({ status: 'delivered', attempts: 2, lastStatusCode: 200 });
  });

  it('retries a failing delivery at 30 s, 1, 2, 4 min … up to 6 h, then gives up 72 h after the event', async () => {
    const t0 = new Date(Date.now() - 100 * 3600_000);
    await record([credited('R', 1)], t0);
    answer = () => ({ status: 500, body: 'x'.repeat(10_000) });
    let now = t0;
    const attemptsAt: number[] = [];
    for (let round = 0; round < 60; round += 1) {
      const r = await deliverer.deliverDue(now);
      if (r.claimed) attemptsAt.push(now.getTime() - t0.getTime());
      const [row] = await deliveries();
      if (row.status !== 'pending') break;
      now = row.nextAttemptAt;
    }
    const gaps = attemptsAt.slice(1).map((t, i) => t - attemptsAt[i]);
    expect(gaps.slice(0, 5)).toEqual([30_000, 60_000, 120_000, 240_000, 480_000]);
    expect(Math.max(...gaps)).toBe(6 * 3600_000);
    const [row] = await deliveries();
    expect(row).toMatchObject({ status: 'failed', lastStatusCode: 500 });
    expect(row.attempts).toBe(attemptsAt.length);
    expect(attemptsAt.at(-1)!).toBeLessThanOrEqual(72 * 3600_000);
    expect(row.responseExcerpt).toHaveLength(1_000);
  });

  it('turns an endpoint off once its calls have failed for three days, and sends it nothing more', async () => {
    const councilAdmin = await createUser(app, { roles: ['council_admin'], councils: [council], verified: true });
    const t0 = new Date(Date.now() - 100 * 3600_000);
    await record([credited('D', 1)], t0);
    answer = () => ({ status: 502 });
    await deliverer.deliverDue(t0);
    // A day later, and two, new events keep failing; on the third day the endpoint is turned off.
    const day = 24 * 3600_000;
    await record([credited('E', 1)], new Date(t0.getTime() + 2 * day));
    await deliverer.deliverDue(new Date(t0.getTime() + 2 * day));
    expect((await prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).enabled).toBe(true);
    const third = await deliverer.deliverDue(new Date(t0.getTime() + WEBHOOK_DISABLE_AFTER_MS + 60_000));
    expect(third.disabledEndpoints).toEqual([endpoint.id]);
    const row = await prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
    expect(row).toMatchObject({ enabled: false, disabledReason: 'failing' });
    // The council's admins are told by email (through the outbox, with the change).
    const told = await prisma.notification.findMany({ where: { template: 'webhook_endpoint_disabled' } });
    expect(told.map((n) => n.recipient)).toContain(councilAdmin.email);
    expect(told.find((n) => n.recipient === councilAdmin.email)?.data).toMatchObject({ council, url });
    const before = arrivals.length;
    expect((await deliverer.deliverDue(new Date(t0.getTime() + 90 * 3600_000))).claimed).toBe(0);
    expect(arrivals).toHaveLength(before);
  });

  it('a 2xx clears the failing streak: an endpoint that recovers is not turned off', async () => {
    const t0 = new Date(Date.now() - 100 * 3600_000);
    await record([credited('F', 1)], t0);
    answer = () => ({ status: 500 });
    await deliverer.deliverDue(t0);
    answer = () => ({ status: 200 });
    await deliverer.deliverDue(new Date(t0.getTime() + 30_000));
    await record([credited('G', 1)], new Date(t0.getTime() + 80 * 3600_000));
    answer = () => ({ status: 500 });
    const r = await deliverer.deliverDue(new Date(t0.getTime() + 80 * 3600_000));
    expect(r).toMatchObject({ failed: 1, disabledEndpoints: [] });
  });

  it('a redirect is not followed and counts as a failure; a receiver that does not answer in 10 s is a failure', async () => {
    const t0 = new Date();
    await record([credited('H', 1)], t0);
    answer = () => ({ status: 302, body: 'moved' });
    expect(await deliverer.deliverDue(t0)).toMatchObject({ failed: 1 });
    expect((await deliveries())[0]).toMatchObject({ status: 'pending', lastStatusCode: 302 });
    expect(arrivals).toHaveLength(1);

    answer = () => ({ status: 200, hang: true });
    const started = Date.now();
    expect(await deliverer.deliverDue(new Date(t0.getTime() + 30_000))).toMatchObject({ failed: 1 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(10_000);
    expect((await deliveries())[0]).toMatchObject({
      status: 'pending',
      lastStatusCode: null,
      lastError: 'no answer within 10000 ms',
    });
  });

  it('the console lists the deliveries with attempts, status, times and the answer; redelivers one or a range', async () => {
    const t0 = new Date();
    await record([credited('K', 1), credited('L', 1)], t0);
    answer = (e) => (e.data.accountNo === 'K' ? { status: 500, body: 'database down' } : { status: 200 });
    await deliverer.deliverDue(t0);
    const list = (await admin.agent.get(`/api/admin/webhook-endpoints/${endpoint.id}/deliveries`).expect(200))
      .body as WebhookDeliveryRow[];
    expect(list.map((d) => [d.eventType, d.status, d.attempts, d.lastStatusCode, d.responseExcerpt])).toEqual([
      ['bill.credited', 'delivered', 1, 200, 'ok'],
      ['bill.credited', 'pending', 1, 500, 'database down'],
    ]);
    expect(list[1].nextAttemptAt).not.toBeNull();
    const failing = (
      await admin.agent.get(`/api/admin/webhook-endpoints/${endpoint.id}/deliveries?status=pending`).expect(200)
    ).body as WebhookDeliveryRow[];
    expect(failing.map((d) => d.id)).toEqual([list[1].id]);

    // Another council's admin does not see them, nor can send them again.
    const other = await signIn(
      app,
      (
        await createUser(app, {
          roles: ['council_admin'],
          councils: [council === 'mps' ? 'mdpg' : 'mps'],
          verified: true,
        })
      ).email,
    );
    await other.agent.get(`/api/admin/webhook-endpoints/${endpoint.id}/deliveries`).expect(404);
    await other.agent
      .post(`/api/admin/webhook-endpoints/${endpoint.id}/redeliveries`)
      .set(CSRF_HEADER, other.csrf)
      .send({ deliveryIds: [list[0].id] })
      .expect(404);

    // The delivered one, sent again on request: the same event id arrives a second time.
    const redeliver = (body: Record<string, unknown>) =>
      admin.agent
        .post(`/api/admin/webhook-endpoints/${endpoint.id}/redeliveries`)
        .set(CSRF_HEADER, admin.csrf)
        .send(body);
    expect((await redeliver({ deliveryIds: [list[0].id] }).expect(202)).body).toEqual({ queued: 1 });
    answer = () => ({ status: 200 });
    const now = new Date();
    expect(await deliverer.deliverDue(now)).toMatchObject({ claimed: 1, delivered: 1 });
    expect(arrivals.filter((a) => a.event.data.accountNo === 'L').map((a) => a.event.id)).toEqual([
      list[0].eventId,
      list[0].eventId,
    ]);
    // A range: both, whatever their state, sent now; their retries start again.
    expect(
      (await redeliver({ from: new Date(t0.getTime() - 1000).toISOString(), to: new Date().toISOString() }).expect(202))
        .body,
    ).toEqual({ queued: 2 });
    expect(await deliverer.deliverDue(new Date())).toMatchObject({ claimed: 2, delivered: 2 });

    await redeliver({}).expect(400);
    await redeliver({ deliveryIds: [list[0].id], from: t0.toISOString(), to: t0.toISOString() }).expect(400);
    await redeliver({ from: new Date().toISOString(), to: t0.toISOString() }).expect(400);
    await redeliver({ deliveryIds: ['x'] }).expect(400);
    const audit = await prisma.staffAudit.findMany({ where: { action: 'webhook_redeliver', targetId: endpoint.id } });
    expect(audit).toHaveLength(2);
  });
});
