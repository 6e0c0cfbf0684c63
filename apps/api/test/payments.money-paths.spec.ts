import { PAYMENT_TOKEN_HEADER } from '@councilpay/domain';
import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PrismaService } from '../src/prisma/prisma.service';
import { CommandBus } from '@nestjs/cqrs';
import { RequeryPaymentCommand } from '../src/payments/commands/requery-payment/requery-payment.command';
import { cardRequestSource, cardResponseSource, signCardSource, verifyCardSignature } from '@councilpay/fpx';
import { translate } from '@councilpay/i18n';
import { RedisService } from '../src/redis/redis.module';
import {
  cardRequest,
  createPayment,
  fpxRequest,
  getPayment,
  makePayable,
  postDirectAc,
  postToGateway,
  signedAc,
  sim,
} from './payment-helpers';
import { createTestApi, startListeningApi, testConfig } from './test-app';
import { freePort, startWorker, until } from './worker-helpers';
import { ExpirePaymentCommand } from '../src/payments/commands/expire-payment/expire-payment.command';
import { lane } from './lane';

/** The ways money could be lost, over-credited or charged twice, each closed. */
describe('every sen accounted for', () => {
  let app: INestApplication;
  let prisma: PrismaService;

  beforeAll(async () => {
    app = await startListeningApi();
    prisma = app.get(PrismaService);
  });
  afterAll(async () => {
    await app.close();
  });

  const http = () => request(app.getHttpServer());
  const cancel = (created: { reference: string; paymentToken?: string }) =>
    http().post(`/api/payments/${created.reference}/cancel`).set(PAYMENT_TOKEN_HEADER, created.paymentToken!);

  it('six concurrent creations for one bill make one payment; the other five are told one is pending (409)', async () => {
    const bill = await makePayable(app, { balanceSen: 4_200 });
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        http()
          .post('/api/payments')
          .send(fpxRequest([bill.id])),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
    for (const refused of answers.filter((a) => a.status === 409)) {
      expect(refused.body.code).toBe('payment_pending');
    }
    expect(await prisma.payment.count({ where: { items: { some: { payableId: bill.id } } } })).toBe(1);

    // Confirming a retry still works, once, past the payment the payer was told of.
    const first = answers.find((a) => a.status === 201)!.body as { reference: string };
    const retried = await http()
      .post('/api/payments')
      .send(fpxRequest([bill.id], { confirmRetry: true }))
      .expect(201);
    expect(retried.body.reference).not.toBe(first.reference);
  });

  it('an idempotent replay of a cancelled payment answers its state and no gateway form', async () => {
    const bill = await makePayable(app, { balanceSen: 3_100 });
    const key = `money-replay-${Date.now()}`;
    const send = () =>
      http()
        .post('/api/payments')
        .set('Idempotency-Key', key)
        .send(fpxRequest([bill.id]));
    const created = (await send().expect(201)).body as { reference: string; paymentToken: string; redirect: unknown };
    expect(created.redirect).not.toBeNull();
    await cancel(created).expect(200);

    const replay = await send().expect(201);
    expect(replay.body).toMatchObject({ reference: created.reference, status: 'cancelled', redirect: null });
    expect(replay.body.paymentToken).toBeUndefined();
  });

  it('an approval after a cancel pays and credits the bill, flagged late', async () => {
    const bill = await makePayable(app, { balanceSen: 8_800 });
    const created = await createPayment(app, fpxRequest([bill.id]));
    expect((await cancel(created).expect(200)).body).toMatchObject({ outcome: 'move', to: 'cancelled' });

    // The payer was at the bank after all, and the bank took the money.
    expect((await postDirectAc(app, signedAc(created.redirect, '00')).expect(200)).text).toBe('OK');
    const paid = await getPayment(app, created.reference);
    expect(paid).toMatchObject({ status: 'paid', late: true, refundDueSen: 0 });
    expect(paid.items[0]).toMatchObject({ credited: true });
    expect(paid.items[0].receiptNo).not.toBeNull();
    expect((await prisma.payable.findUniqueOrThrow({ where: { id: bill.id } })).balanceSen).toBe(0);
  });

  it('an approval after a cancel, for a bill settled meanwhile by another payment, records a refund due', async () => {
    const bill = await makePayable(app, { balanceSen: 5_500 });
    const first = await createPayment(app, fpxRequest([bill.id]));
    await cancel(first).expect(200);
    const second = await createPayment(app, fpxRequest([bill.id]));
    await postDirectAc(app, signedAc(second.redirect, '00')).expect(200);

    await postDirectAc(app, signedAc(first.redirect, '00')).expect(200);
    const late = await getPayment(app, first.reference);
    expect(late).toMatchObject({ status: 'paid', late: true, refundDueSen: 5_500 });
    expect(late.items[0]).toMatchObject({ credited: false, receiptNo: null });
    expect((await prisma.payable.findUniqueOrThrow({ where: { id: bill.id } })).balanceSen).toBe(0);
  });

  it('a cancelled payment is asked of its bank like any other, and a found approval pays it', async () => {
    const bill = await makePayable(app, { balanceSen: 2_300 });
    const created = await createPayment(app, fpxRequest([bill.id]));
    await cancel(created).expect(200);
    // The payer's other tab had posted the form; the bank approves, and its direct AC is lost.
    await postToGateway(created.redirect);
    await sim(`/sim/fpx/${created.invoiceNo}/settle`, { action: 'approve', sendDirect: false });

    const result = await app.get(CommandBus).execute(new RequeryPaymentCommand(created.reference, 'requery'));
    expect(result).toMatchObject({ outcome: 'move', from: 'cancelled', to: 'paid' });
    expect(await getPayment(app, created.reference)).toMatchObject({ status: 'paid', late: true });
    expect((await prisma.payable.findUniqueOrThrow({ where: { id: bill.id } })).balanceSen).toBe(0);
  });

  it('a cancel is refused once the bank has the payment pending, and the pending answer is applied', async () => {
    const bill = await makePayable(app, { balanceSen: 1_900 });
    const created = await createPayment(app, fpxRequest([bill.id]));
    await postToGateway(created.redirect);
    await sim(`/sim/fpx/${created.invoiceNo}/decide`, { action: 'pending', returnBrowser: false, sendDirect: false });
    const refused = await cancel(created).expect(409);
    expect(refused.body).toMatchObject({ code: 'cancel_not_allowed', details: { status: 'pending' } });
    expect((await getPayment(app, created.reference)).status).toBe('pending');
  });

  it('an assessment is credited what was paid and no more, even when arrears were posted after pricing', async () => {
    const accountNo = `A${Date.now()}`;
    const bill = await prisma.payable.create({
      data: {
        councilCode: 'mdpg',
        type: 'assessment',
        accountNo,
        displayNo: accountNo,
        ownerName: 'PEMBAYAR UJIAN',
        balanceSen: 10_000,
        details: {
          asumYear: 2026,
          currentYearSen: 10_000,
          arrearsSen: 0,
          discountSen: 1_000,
          specialDiscountSen: 0,
          gstSen: 0,
        },
      },
    });
    // Selection 3: RM 90.00 pays the year's RM 100.00 with its RM 10.00 discount.
    const created = await createPayment(app, { ...fpxRequest([]), items: [{ payableId: bill.id, selection: 3 }] });
    expect(created.amountSen).toBe(9_000);

    // Before the approval the council posts RM 500.00 of new arrears.
    await prisma.payable.update({
      where: { id: bill.id },
      data: {
        balanceSen: 60_000,
        details: {
          asumYear: 2026,
          currentYearSen: 10_000,
          arrearsSen: 50_000,
          discountSen: 1_000,
          specialDiscountSen: 0,
          gstSen: 0,
        },
      },
    });
    await postDirectAc(app, signedAc(created.redirect, '00')).expect(200);

    expect((await getPayment(app, created.reference)).status).toBe('paid');
    const after = await prisma.payable.findUniqueOrThrow({ where: { id: bill.id } });
    expect(after.balanceSen).toBe(50_000);
    expect(after.details).toMatchObject({ arrearsSen: 50_000, currentYearSen: 0, discountSen: 0 });
  });

  it('a signed rejection brought back by the browser moves nothing and tells no one; our enquiry decides', async () => {
    const bill = await makePayable(app, { balanceSen: 3_300 });
    const created = await createPayment(app, fpxRequest([bill.id]));
    const back = await http().post('/api/gateways/fpx/indirect').type('form').send(signedAc(created.redirect, '51'));
    expect(back.status).toBe(303);
    // Back at the bill's council's own portal address, where the payer started.
    expect(back.headers.location).toContain(`/${bill.councilCode}#/receipt?reference=${created.reference}`);

    // The enquiry the return triggered: the bank has never seen this order.
    const payment = await prisma.payment.findUniqueOrThrow({ where: { reference: created.reference } });
    const asked = await until(
      () => prisma.paymentEvent.findFirst({ where: { paymentId: payment.id, type: 'gateway_unknown' } }),
      (e) => e !== null,
    );
    expect(asked).toMatchObject({ source: 'requery' });
    expect((await getPayment(app, created.reference)).status).toBe('in_progress');
    expect(await prisma.notification.count({ where: { paymentId: payment.id } })).toBe(0);
    const types = (await prisma.paymentEvent.findMany({ where: { paymentId: payment.id } })).map((e) => e.type);
    expect(types).toContain('browser_returned');
    expect(types).not.toContain('status_changed');
  });

  it('a signed answer whose gateway time is before the payment was created is refused as stale', async () => {
    const bill = await makePayable(app, { balanceSen: 2_700 });
    const created = await createPayment(app, fpxRequest([bill.id]));
    const old = signedAc(created.redirect, '00', { fpxTxnTime: new Date(Date.now() - 2 * 86_400_000) });
    const refused = await postDirectAc(app, old).expect(400);
    expect(refused.body.code).toBe('invalid_gateway_message');
    const payment = await getPayment(app, created.reference);
    expect(payment.status).toBe('in_progress');
    expect(payment.events.find((e) => e.type === 'callback_rejected')).toBeDefined();
    const future = signedAc(created.redirect, '00', { fpxTxnTime: new Date(Date.now() + 86_400_000) });
    await postDirectAc(app, future).expect(400);
    expect((await prisma.payable.findUniqueOrThrow({ where: { id: bill.id } })).balanceSen).toBe(2_700);
    // A fresh one is applied.
    await postDirectAc(app, signedAc(created.redirect, '00')).expect(200);
    expect((await getPayment(app, created.reference)).status).toBe('paid');
  });

  it('a signed AC in another currency than MYR, or with another message token, is refused', async () => {
    const bill = await makePayable(app, { balanceSen: 1_700 });
    const created = await createPayment(app, fpxRequest([bill.id]));
    await postDirectAc(app, signedAc(created.redirect, '00', { txnCurrency: 'USD' })).expect(400);
    await postDirectAc(app, signedAc(created.redirect, '00', { msgToken: '02' })).expect(400);
    const payment = await getPayment(app, created.reference);
    expect(payment.status).toBe('in_progress');
    expect(payment.events.filter((e) => e.type === 'callback_rejected')).toHaveLength(2);
    expect((await prisma.payable.findUniqueOrThrow({ where: { id: bill.id } })).balanceSen).toBe(1_700);
  });

  it('a card answer for another card method (paymentId) than the payment was made with is refused', async () => {
    const bill = await makePayable(app, { balanceSen: 2_100 });
    const created = await createPayment(app, cardRequest([bill.id], '48'));
    const fields = {
      merchantCode: created.redirect!.fields.merID,
      paymentId: '49',
      refNo: created.invoiceNo,
      amount: '21.00',
      currency: 'MYR',
      remark: '',
      transId: `T${Date.now()}`,
      authCode: '123456',
      status: '1',
      errDesc: '',
    };
    const signature = signCardSource(cardResponseSource(fields), testConfig().gateways.card.secret);
    await http()
      .post('/api/gateways/card/callback')
      .type('form')
      .send({ ...fields, signature })
      .expect(400);
    expect((await getPayment(app, created.reference)).status).toBe('in_progress');
    // The same answer for the method the payment was made with is applied.
    const right = { ...fields, paymentId: '48' };
    await http()
      .post('/api/gateways/card/callback')
      .type('form')
      .send({ ...right, signature: signCardSource(cardResponseSource(right), testConfig().gateways.card.secret) })
      .expect(200);
    expect((await getPayment(app, created.reference)).status).toBe('paid');
  });

  it('the card return and callback addresses are inside the signature: a changed callbackURL is refused by the gateway', async () => {
    const bill = await makePayable(app, { balanceSen: 1_300 });
    const created = await createPayment(app, cardRequest([bill.id]));
    const form = created.redirect!;
    expect(
      verifyCardSignature(
        cardRequestSource(form.fields),
        form.fields.securityKeyReq,
        testConfig().gateways.card.secret,
      ),
    ).toBe(true);
    const moved = { ...form, fields: { ...form.fields, callbackURL: 'https://attacker.example/steal' } };
    expect(
      verifyCardSignature(
        cardRequestSource(moved.fields),
        form.fields.securityKeyReq,
        testConfig().gateways.card.secret,
      ),
    ).toBe(false);
    expect((await postToGateway(moved)).status).toBe(400);
    expect((await postToGateway(form)).status).toBe(200);
  });

  it('an FPX bank listed offline is refused at creation with a translated 422, and nothing is written', async () => {
    const bill = await makePayable(app, { balanceSen: 1_100 });
    // The simulator is shared by every test file of the run: add one bank to its offline list, then put the
    // list back as it was (other files expect the banks it lists offline from the start).
    const listed = (await (await fetch(`${lane().simUrl}/sim/fpx/banks`)).json()) as {
      banks: { id: string; online: boolean }[];
    };
    const offlineBefore = listed.banks.filter((b) => !b.online).map((b) => b.id);
    await fetch(`${lane().simUrl}/sim/fpx/banks`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ offline: [...offlineBefore, 'HLB0224'] }),
    });
    const redis = app.get(RedisService);
    await redis.client.del(redis.key('fpx-bank-list'));
    try {
      const refused = await http()
        .post('/api/payments')
        .send(fpxRequest([bill.id], { method: { type: 'fpx', bankId: 'HLB0224' } }))
        .expect(422);
      expect(refused.body.code).toBe('bank_offline');
      // The portal shows it from the catalogues, in the payer's language.
      const texts = (['ms', 'en', 'zh'] as const).map((lang) => translate(lang, 'errors.bank_offline'));
      expect(new Set(texts).size).toBe(3);
      expect(texts[1]).toBe(refused.body.message);
      expect(await prisma.payment.count({ where: { items: { some: { payableId: bill.id } } } })).toBe(0);
    } finally {
      await fetch(`${lane().simUrl}/sim/fpx/banks`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ offline: offlineBefore }),
      });
      await redis.client.del(redis.key('fpx-bank-list'));
    }
  });
});

// 1/20000 of real time: a day is 4.3 s, so the slow (daily) schedule runs within a test.
const FAST = { REQUERY_TIME_SCALE: '0.00005' };

describe('an enquiry that fails never ends a payment', () => {
  let app: INestApplication;
  let worker: INestApplicationContext;

  beforeAll(async () => {
    app = await createTestApi(FAST);
    // The worker's gateway cannot be reached: every enquiry fails.
    worker = await startWorker({ ...FAST, FPX_AE_URL: `http://127.0.0.1:${await freePort()}/fpx/ae` });
  });
  afterAll(async () => {
    await worker.close();
    await app.close();
  });

  it('at 24 hours with a failed enquiry the payment stays open and is asked again', async () => {
    const prisma = app.get(PrismaService);
    const bill = await makePayable(app, { balanceSen: 2_600 });
    const created = await createPayment(app, fpxRequest([bill.id]));
    const payment = await prisma.payment.findUniqueOrThrow({ where: { reference: created.reference } });
    const expiry = payment.createdAt.getTime() + Math.round(86_400_000 * 0.00005);
    // Wait for two failed enquiries made after the expiry moment.
    const failedAfterExpiry = await until(
      () =>
        prisma.paymentEvent.count({
          where: { paymentId: payment.id, type: 'requery_failed', createdAt: { gt: new Date(expiry) } },
        }),
      (n) => n >= 2,
      60_000,
      200,
    );
    expect(failedAfterExpiry).toBeGreaterThanOrEqual(2);
    const after = await prisma.payment.findUniqueOrThrow({ where: { id: payment.id } });
    expect(after.status).toBe('in_progress');
    expect(after.finalAt).toBeNull();
  }, 300_000);
});

describe('payments ended without an approval are asked again on the slow schedule', () => {
  let app: INestApplication;
  let worker: INestApplicationContext;

  beforeAll(async () => {
    app = await createTestApi(FAST);
    worker = await startWorker(FAST);
  });
  afterAll(async () => {
    await worker.close();
    await app.close();
  });

  it('an expired payment whose approval was lost is found by the daily enquiry, paid late and credited', async () => {
    const prisma = app.get(PrismaService);
    const bill = await makePayable(app, { balanceSen: 4_400 });
    const created = await createPayment(app, fpxRequest([bill.id]));
    await app.get(CommandBus).execute(new ExpirePaymentCommand(created.reference));
    expect((await getPayment(app, created.reference)).status).toBe('expired');
    // The bank approved; its direct AC never arrived.
    await postToGateway(created.redirect);
    await sim(`/sim/fpx/${created.invoiceNo}/settle`, { action: 'approve', sendDirect: false });

    const paid = await until(
      () => prisma.payment.findUniqueOrThrow({ where: { reference: created.reference } }),
      (p) => p.status === 'paid',
      60_000,
      200,
    );
    expect(paid).toMatchObject({ status: 'paid', late: true });
    const moved = await prisma.paymentEvent.findFirstOrThrow({ where: { paymentId: paid.id, toStatus: 'paid' } });
    expect(moved).toMatchObject({ fromStatus: 'expired', source: 'requery', type: 'paid_late' });
    expect((await prisma.payable.findUniqueOrThrow({ where: { id: bill.id } })).balanceSen).toBe(0);
  }, 300_000);
});

describe('a cancel the bank cannot be asked about yet', () => {
  let app: INestApplication;

  beforeAll(async () => {
    app = await createTestApi({ FPX_AE_URL: `http://127.0.0.1:${await freePort()}/fpx/ae` });
  });
  afterAll(async () => {
    await app.close();
  });

  it('is a request: the payment stays open, marked, until an enquiry settles it', async () => {
    const prisma = app.get(PrismaService);
    const bill = await makePayable(app, { balanceSen: 1_600 });
    const created = await createPayment(app, fpxRequest([bill.id]));
    const res = await request(app.getHttpServer())
      .post(`/api/payments/${created.reference}/cancel`)
      .set(PAYMENT_TOKEN_HEADER, created.paymentToken!)
      .expect(200);
    expect(res.body).toMatchObject({ outcome: 'requested', to: 'in_progress' });
    const payment = await prisma.payment.findUniqueOrThrow({ where: { reference: created.reference } });
    expect(payment.status).toBe('in_progress');
    expect(payment.cancelRequestedAt).not.toBeNull();
  });
});

describe('gateway routes are rate-limited per source address', () => {
  let app: INestApplication;

  beforeAll(async () => {
    app = await createTestApi({ GATEWAY_RATE_PER_MINUTE: '20' });
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers 429 beyond the limit of messages from one address in a minute', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) {
      const res = await request(app.getHttpServer())
        .post('/api/gateways/fpx/direct')
        .type('form')
        .send({ fpx_sellerOrderNo: '1' });
      statuses.push(res.status);
    }
    expect(statuses.slice(-5)).toEqual([429, 429, 429, 429, 429]);
    expect(statuses.every((s) => s === 400 || s === 429)).toBe(true);
  });
});
