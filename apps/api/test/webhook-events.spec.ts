import type { INestApplication } from '@nestjs/common';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CSRF_HEADER,
  malaysiaDay,
  PAYMENT_TOKEN_HEADER,
  type BillCreditedData,
  type DaySignedOffData,
  type LateApprovalData,
  type RefundMadeData,
  WEBHOOK_EVENT_TYPES,
  type WebhookEndpoint,
} from '@councilpay/domain';
import { PrismaService } from '../src/prisma/prisma.service';
import { webhookBody } from '../src/webhooks/council-events';
import { clearLimits, createUser, signIn, type Browser } from './identity-helpers';
import {
  createPayment,
  fpxRequest,
  getPayment,
  makePayable,
  postDirectAc,
  refundEverything,
  signedAc,
} from './payment-helpers';
import { isolatedDatabaseUrl, startListeningApi } from './test-app';

/**
 * Council events are written in the transaction of what they tell (a credit, a late approval, a refund made, a
 * day signed off), one `bill.credited` per paid item, each with one delivery per enabled endpoint of its council
 * that chose its type. A database of its own: it counts every event and delivery of a council.
 */
describe('council events: written with the credit, the late approval, the refund and the sign-off', () => {
  let app: INestApplication;
  let prisma: PrismaService;
  let admin: Browser;
  const endpoints = {} as Record<'all' | 'daysOnly' | 'off' | 'otherCouncil', string>;

  beforeAll(async () => {
    app = await startListeningApi({ DATABASE_URL: await isolatedDatabaseUrl() });
    prisma = app.get(PrismaService);
    await clearLimits(app);
    admin = await signIn(app, (await createUser(app, { roles: ['_admin'], verified: true })).email);
    const add = async (council: string, events: string[]) =>
      (
        (
          await admin.agent
            .post('/api/admin/webhook-endpoints')
            .set(CSRF_HEADER, admin.csrf)
            .send({ council, url: 'http://127.0.0.1:5700/hooks', events })
            .expect(201)
        ).body as WebhookEndpoint
      ).id;
    endpoints.all = await add('mdpg', ['bill.credited', 'payment.late_approval', 'refund.made', 'day.signed_off']);
    endpoints.daysOnly = await add('mdpg', ['day.signed_off']);
    endpoints.off = await add('mdpg', ['bill.credited']);
    endpoints.otherCouncil = await add('mps', ['bill.credited']);
    await admin.agent
      .put(`/api/admin/webhook-endpoints/${endpoints.off}`)
      .set(CSRF_HEADER, admin.csrf)
      .send({ enabled: false })
      .expect(200);
  });
  afterAll(async () => {
    await app?.close();
  });

  const eventsOf = async (reference: string) =>
    (await prisma.webhookEvent.findMany({ orderBy: { seq: 'asc' }, include: { deliveries: true } })).filter(
      (e) => (e.data as { paymentReference?: string }).paymentReference === reference,
    );

  it('a paid cart of two bills is two bill.credited events, each delivered to the enabled endpoints that chose it', async () => {
    const bills = [await makePayable(app, { balanceSen: 12_300 }), await makePayable(app, { balanceSen: 4_500 })];
    const created = await createPayment(app, fpxRequest(bills.map((b) => b.id)));
    await postDirectAc(app, signedAc(created.redirect, '00')).expect(200);
    const paid = await getPayment(app, created.reference);
    const payment = await prisma.payment.findUniqueOrThrow({ where: { reference: created.reference } });

    const events = await eventsOf(created.reference);
    expect(events.map((e) => [e.type, e.councilCode, e.version, e.billKeys])).toEqual([
      ['bill.credited', 'mdpg', 1, [bills[0].id]],
      ['bill.credited', 'mdpg', 1, [bills[1].id]],
    ]);
    expect(events.map((e) => e.data as unknown as BillCreditedData)).toEqual(
      paid.items.map((item, i) => ({
        receiptNo: item.receiptNo,
        accountNo: bills[i].accountNo,
        payableType: 'compound',
        amountSen: [12_300, 4_500][i],
        creditSen: [12_300, 4_500][i],
        paymentReference: created.reference,
        gatewayTxnId: payment.gatewayTxnId,
        method: 'fpx',
        paidAt: payment.paidAt!.toISOString(),
        late: false,
        itemId: expect.any(String),
      })),
    );
    for (const e of events) {
      expect(e.id).toMatch(/^evt_[0-9A-Z]{26}$/);
      expect(e.deliveries.map((d) => [d.endpointId, d.status, d.eventSeq])).toEqual([
        [endpoints.all, 'pending', e.seq],
      ]);
    }
  });

  it('no credit without its events: when the events cannot be written, the payment is not paid either', async () => {
    const bill = await makePayable(app, { balanceSen: 3_000 });
    const created = await createPayment(app, fpxRequest([bill.id]));
    await prisma.$executeRawUnsafe(`
      CREATE FUNCTION "test_refuse_events"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'events refused by the test'; END; $$`);
    await prisma.$executeRawUnsafe(`CREATE TRIGGER "test_refuse_events" BEFORE INSERT ON "WebhookEvent"
      FOR EACH ROW EXECUTE FUNCTION "test_refuse_events"()`);
    const ac = signedAc(created.redirect, '00');
    try {
      await postDirectAc(app, ac);
    } finally {
      await prisma.$executeRawUnsafe(`DROP TRIGGER "test_refuse_events" ON "WebhookEvent"`);
      await prisma.$executeRawUnsafe(`DROP FUNCTION "test_refuse_events"()`);
    }
    expect((await getPayment(app, created.reference)).status).toBe('in_progress');
    expect((await prisma.payable.findUniqueOrThrow({ where: { id: bill.id } })).balanceSen).toBe(3_000);
    expect(await eventsOf(created.reference)).toEqual([]);

    // The same answer again (the bank repeats it): paid, credited and told together.
    await postDirectAc(app, ac).expect(200);
    expect((await getPayment(app, created.reference)).status).toBe('paid');
    expect((await eventsOf(created.reference)).map((e) => e.type)).toEqual(['bill.credited']);
  });

  it('a late approval is told first, then the credit flagged late; a bill settled meanwhile is owed back, not credited', async () => {
    const bill = await makePayable(app, { balanceSen: 5_500 });
    const first = await createPayment(app, fpxRequest([bill.id]));
    await request(app.getHttpServer())
      .post(`/api/payments/${first.reference}/cancel`)
      .set(PAYMENT_TOKEN_HEADER, first.paymentToken!)
      .expect(200);
    await postDirectAc(app, signedAc(first.redirect, '00')).expect(200);
    const events = await eventsOf(first.reference);
    expect(events.map((e) => e.type)).toEqual(['payment.late_approval', 'bill.credited']);
    expect(events[0].seq < events[1].seq).toBe(true);
    const late = events[0].data as unknown as LateApprovalData;
    expect(late).toMatchObject({ paymentReference: first.reference, previousStatus: 'cancelled', method: 'fpx' });
    expect(late.items).toEqual([expect.objectContaining({ credited: true, amountSen: 5_500, refundDueSen: 0 })]);
    expect((events[1].data as unknown as BillCreditedData).late).toBe(true);

    const other = await makePayable(app, { balanceSen: 2_000 });
    const cancelled = await createPayment(app, fpxRequest([other.id]));
    await request(app.getHttpServer())
      .post(`/api/payments/${cancelled.reference}/cancel`)
      .set(PAYMENT_TOKEN_HEADER, cancelled.paymentToken!)
      .expect(200);
    const second = await createPayment(app, fpxRequest([other.id]));
    await postDirectAc(app, signedAc(second.redirect, '00')).expect(200);
    await postDirectAc(app, signedAc(cancelled.redirect, '00')).expect(200);
    const owed = await eventsOf(cancelled.reference);
    expect(owed.map((e) => e.type)).toEqual(['payment.late_approval']);
    expect((owed[0].data as unknown as LateApprovalData).items).toEqual([
      expect.objectContaining({ credited: false, receiptNo: null, refundDueSen: 2_000 }),
    ]);
  });

  it("a refund made is one refund.made per council with that council's share", async () => {
    const bills = [
      await makePayable(app, { balanceSen: 7_000 }),
      await makePayable(app, { balanceSen: 1_000, council: 'mps' }),
    ];
    const created = await createPayment(app, fpxRequest(bills.map((b) => b.id)));
    await postDirectAc(app, signedAc(created.redirect, '00')).expect(200);
    const result = await refundEverything(app, created.reference);
    const events = await eventsOf(created.reference);
    expect(events.map((e) => [e.type, e.councilCode])).toEqual([
      ['bill.credited', 'mdpg'],
      ['bill.credited', 'mps'],
      ['refund.made', 'mdpg'],
      ['refund.made', 'mps'],
    ]);
    const mdpgRefund = events[2].data as unknown as RefundMadeData;
    expect(mdpgRefund).toMatchObject({
      paymentReference: created.reference,
      amountSen: 7_000,
      refundDay: malaysiaDay(),
    });
    expect(mdpgRefund.refundId).toBe(result.refund.id);
    expect(mdpgRefund.items).toEqual([expect.objectContaining({ accountNo: bills[0].accountNo, amountSen: 7_000 })]);
    expect((events[3].data as unknown as RefundMadeData).amountSen).toBe(1_000);
    // mps's endpoint chose bill.credited only; mdpg's `all` endpoint receives its refund.
    expect(events[2].deliveries.map((d) => d.endpointId)).toEqual([endpoints.all]);
    expect(events[3].deliveries).toEqual([]);
    expect(events[1].deliveries.map((d) => d.endpointId)).toEqual([endpoints.otherCouncil]);
  });

  it('a day signed off is one day.signed_off event with the signed figures, to the endpoints that chose it', async () => {
    const day = malaysiaDay(-400);
    const report = await admin.agent
      .post(`/api/admin/day-close/mdpg/${day}/sign`)
      .set(CSRF_HEADER, admin.csrf)
      .expect(200);
    const events = (
      await prisma.webhookEvent.findMany({ where: { type: 'day.signed_off' }, include: { deliveries: true } })
    ).filter((e) => (e.data as unknown as DaySignedOffData).day === day);
    expect(events).toHaveLength(1);
    expect(events[0].data).toMatchObject({
      day,
      paidSen: report.body.signed.figures.total.paidSen,
      netSen: report.body.signed.figures.total.netSen,
    });
    expect(events[0].billKeys).toEqual([]);
    expect(new Set(events[0].deliveries.map((d) => d.endpointId))).toEqual(
      new Set([endpoints.all, endpoints.daysOnly]),
    );
  });

  it("every event written is a body the OpenAPI document's webhooks section describes, and only that", async () => {
    const doc = (await request(app.getHttpServer()).get('/api/docs-json').expect(200)).body as {
      openapi: string;
      webhooks: Record<string, { post: { requestBody: { content: { 'application/json': { schema: object } } } } }>;
    };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.webhooks)).toEqual([...WEBHOOK_EVENT_TYPES]);
    const ajv = new Ajv2020({ allErrors: true, strict: true });
    addFormats(ajv);
    const validators = Object.fromEntries(
      WEBHOOK_EVENT_TYPES.map((type) => [
        type,
        ajv.compile(doc.webhooks[type].post.requestBody.content['application/json'].schema),
      ]),
    );
    // The body exactly as the deliverer sends it, for every event the tests above wrote (each type at least once).
    const events = await prisma.webhookEvent.findMany({ orderBy: { seq: 'asc' } });
    expect(new Set(events.map((e) => e.type))).toEqual(new Set(WEBHOOK_EVENT_TYPES));
    for (const event of events) {
      const body = JSON.parse(JSON.stringify(webhookBody(event))) as unknown;
      const validate = validators[event.type];
      expect(validate(body) ? [] : validate.errors, `${event.type} ${event.id}`).toEqual([]);
    }
    // And the schemas are closed: a field the document does not name is refused.
    const sample = JSON.parse(JSON.stringify(webhookBody(events[0]))) as { data: Record<string, unknown> };
    sample.data.surprise = 1;
    expect(validators[events[0].type](sample)).toBe(false);
  });

  it('the database keeps events as written', async () => {
    const event = await prisma.webhookEvent.findFirstOrThrow();
    await expect(
      prisma.webhookEvent.update({ where: { id: event.id }, data: { councilCode: 'mps' } }),
    ).rejects.toThrow();
    await expect(prisma.webhookEvent.delete({ where: { id: event.id } })).rejects.toThrow();
  });
});
