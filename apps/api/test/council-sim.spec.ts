import type { Server } from 'node:http';
import type { INestApplication } from '@nestjs/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER, type WebhookDeliveryRow } from '@councilpay/domain';
import { createCouncilSim, type CouncilSim } from '../../council-sim/src/app';
import { registerDemoWebhook } from '../../../scripts/demo-webhook.mjs';
import { PrismaService } from '../src/prisma/prisma.service';
import { WebhookDeliverer } from '../src/webhooks/delivery/webhook-deliverer';
import { authenticators, clearLimits, createUser, PASSWORD, signIn, type Browser } from './identity-helpers';
import { createPayment, fpxRequest, makePayable, postDirectAc, signedAc } from './payment-helpers';
import { freePort } from './ports';
import { isolatedDatabaseUrl, startListeningApi } from './test-app';
import { lane } from './lane';

/**
 * The demo's payments out, as `npm start` sets them up: the council simulator receives mdpg's webhooks, checks
 * each signature with libs/webhooks' verifier, and can be told to fail; the API's delivery worker sends, retries
 * and sends again on request. A database of its own: its deliveries are this test's.
 */
describe('the council simulator receives the demo council’s webhooks', () => {
  let app: INestApplication;
  let prisma: PrismaService;
  let deliverer: WebhookDeliverer;
  let sim: CouncilSim;
  let server: Server;
  let simUrl: string;
  let admin: Browser;
  let email: string;

  beforeAll(async () => {
    app = await startListeningApi({ DATABASE_URL: await isolatedDatabaseUrl() });
    prisma = app.get(PrismaService);
    deliverer = app.get(WebhookDeliverer);
    await clearLimits(app);
    email = (await createUser(app, { roles: ['_admin'], verified: true })).email;
    admin = await signIn(app, email);
    sim = createCouncilSim();
    const port = await freePort();
    server = await new Promise<Server>((resolve) => {
      const s = sim.app.listen(port, '127.0.0.1', () => resolve(s));
    });
    simUrl = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await app?.close();
  });

  const register = () =>
    registerDemoWebhook({
      apiUrl: `http://127.0.0.1:${lane().apiPort}`,
      simUrl,
      email,
      password: PASSWORD,
      // The admin's second factor, as the test helpers enrolled it.
      totpSecret: authenticators.get(email)?.secret,
    });
  const pay = async () => {
    const bill = await makePayable(app, { balanceSen: 2_500 });
    const created = await createPayment(app, fpxRequest([bill.id]));
    await postDirectAc(app, signedAc(created.redirect, '00')).expect(200);
    return created.reference;
  };
  const deliveryOf = async (reference: string) => {
    const event = (await prisma.webhookEvent.findMany({ where: { type: 'bill.credited' } })).find(
      (e) => (e.data as { paymentReference?: string }).paymentReference === reference,
    )!;
    return prisma.webhookDelivery.findFirstOrThrow({ where: { eventId: event.id } });
  };
  const control = (body: object) =>
    fetch(`${simUrl}/control/mode`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('a paid payment arrives signed; a failing receiver is retried; sent again on request it arrives', async () => {
    const endpointId = await register();
    expect(sim.state.secrets).toHaveLength(1);

    const paid = await pay();
    await deliverer.deliverDue(new Date());
    expect(sim.received[0]).toMatchObject({ type: 'bill.credited', council: 'mdpg', verified: true, status: 200 });
    expect(JSON.parse(sim.received[0].body).data.paymentReference).toBe(paid);
    expect(await deliveryOf(paid)).toMatchObject({ status: 'delivered', attempts: 1, lastStatusCode: 200 });

    // The receiver fails: the delivery stays pending, its call and answer recorded, the next call later.
    expect((await control({ mode: 'fail' })).status).toBe(200);
    const failing = await pay();
    await deliverer.deliverDue(new Date());
    const failed = await deliveryOf(failing);
    expect(failed).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: 500 });
    expect(failed.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    expect(sim.received[0]).toMatchObject({ verified: true, status: 500 });
    expect((await deliverer.deliverDue(new Date())).claimed).toBe(0); // its retry is not due yet

    // Back up, and sent again from the console's route: it arrives at once.
    expect((await control({ mode: 'ok' })).status).toBe(200);
    await admin.agent
      .post(`/api/admin/webhook-endpoints/${endpointId}/redeliveries`)
      .set(CSRF_HEADER, admin.csrf)
      .send({ deliveryIds: [failed.id.toString()] })
      .expect(202);
    await deliverer.deliverDue(new Date());
    expect(await deliveryOf(failing)).toMatchObject({ status: 'delivered', lastStatusCode: 200 });
    expect(sim.received[0]).toMatchObject({ verified: true, status: 200 });
    const rows = (await admin.agent.get(`/api/admin/webhook-endpoints/${endpointId}/deliveries`).expect(200))
      .body as WebhookDeliveryRow[];
    expect(rows.map((r) => r.status)).toEqual(['delivered', 'delivered']);
  });

  it('a restart registers the same endpoint again with a rotated secret, and the simulator verifies with it', async () => {
    const before = await prisma.webhookEndpoint.count();
    await register();
    expect(await prisma.webhookEndpoint.count()).toBe(before);
    expect(sim.state.secrets).toHaveLength(2);
    sim.state.secrets.splice(0, 1); // the old secret is no use any more
    await pay();
    await deliverer.deliverDue(new Date());
    expect(sim.received[0]).toMatchObject({ verified: true, status: 200 });
  });
});
