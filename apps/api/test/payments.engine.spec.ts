import { PAYMENT_TOKEN_HEADER } from '@councilpay/domain';
import type { INestApplication } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../src/http/api-error';
import { CreatePaymentCommand } from '../src/payments/commands/create-payment/create-payment.command';
import { ExpirePaymentCommand } from '../src/payments/commands/expire-payment/expire-payment.command';
import { PrismaService } from '../src/prisma/prisma.service';
import {
  cardRequest,
  createPayment,
  FPX_BANK,
  fpxRequest,
  getPayment,
  makePayable,
  postDirectAc,
  postToGateway,
  refundEverything,
  signedAc,
  sim,
} from './payment-helpers';
import { createTestApi, isolatedDatabaseUrl, startListeningApi } from './test-app';

describe('the payment engine never charges twice and never loses an answer', () => {
  let app: INestApplication;
  let prisma: PrismaService;

  beforeAll(async () => {
    app = await startListeningApi();
    prisma = app.get(PrismaService);
  });
  afterAll(async () => {
    await app.close();
  });

  const eventsOf = (reference: string) =>
    prisma.paymentEvent.findMany({ where: { payment: { reference } }, orderBy: { id: 'asc' } });

  it('a duplicate approval credits the bill once: 50 direct ACs, the browser AC and a requery at the same time', async () => {
    const bill = await makePayable(app, { balanceSen: 20_000 });
    const created = await createPayment(app, fpxRequest([bill.id]));
    await postToGateway(created.redirect);
    const decided = await sim(`/sim/fpx/${created.invoiceNo}/decide`, {
      action: 'approve',
      sendDirect: false,
      returnBrowser: false,
    });
    const ac = decided.ac as Record<string, string>;

    const deliveries = [
      ...Array.from({ length: 50 }, () => postDirectAc(app, ac)),
      request(app.getHttpServer()).post('/api/gateways/fpx/indirect').type('form').send(ac),
      request(app.getHttpServer())
        .post(`/api/payments/${created.reference}/requery`)
        .set(PAYMENT_TOKEN_HEADER, created.paymentToken!),
    ];
    const answers = await Promise.all(deliveries);
    expect(answers.slice(0, 50).map((r) => `${r.status} ${r.text}`)).toEqual(Array(50).fill('200 OK'));
    expect(answers[50].status).toBe(303);
    expect(answers[50].headers.location).toContain(`#/receipt?reference=${created.reference}`);
    expect(answers[51].status).toBe(200);

    const events = await eventsOf(created.reference);
    expect(events.filter((e) => e.toStatus === 'paid' && e.fromStatus !== 'paid')).toHaveLength(1);
    expect(events.filter((e) => e.type === 'credited')).toHaveLength(1);
    // 49 of the 50 direct ACs repeat the approval; the browser's AC moves nothing (recorded, then our enquiry asks).
    expect(events.filter((e) => e.type === 'answer_repeated').length).toBeGreaterThanOrEqual(49);
    expect(events.filter((e) => e.type === 'browser_returned')).toHaveLength(1);
    const items = await prisma.paymentItem.findMany({ where: { payment: { reference: created.reference } } });
    expect(items).toHaveLength(1);
    expect(items[0].receiptNo).toMatch(/^MDPG-/);
    expect((await prisma.payable.findUniqueOrThrow({ where: { id: bill.id } })).balanceSen).toBe(0);
    const notifications = await prisma.notification.findMany({
      where: { dedupeKey: { startsWith: `payment-${created.reference}` } },
    });
    expect(notifications.map((n) => n.dedupeKey)).toEqual([`payment-${created.reference}-paid-email`]);
  });

  it('refuses a direct AC with one checksum character changed: 400, nothing written, no state change', async () => {
    const bill = await makePayable(app, { balanceSen: 5_000 });
    const created = await createPayment(app, fpxRequest([bill.id]));
    const ac = signedAc(created.redirect, '00');
    const sum = ac.fpx_checkSum;
    const tampered = { ...ac, fpx_checkSum: `${sum.slice(0, 10)}${sum[10] === 'A' ? 'B' : 'A'}${sum.slice(11)}` };
    const res = await postDirectAc(app, tampered).expect(400);
    expect(res.body.code).toBe('invalid_gateway_message');
    const payment = await getPayment(app, created.reference);
    expect(payment.status).toBe('in_progress');
    // Anyone could send it: a forged message writes nothing, on this payment's timeline or anywhere.
    expect(payment.events.map((e) => e.type)).not.toContain('callback_rejected');
    expect((await prisma.payable.findUniqueOrThrow({ where: { id: bill.id } })).balanceSen).toBe(5_000);

    // A tampered amount with the original checksum is refused the same way.
    await postDirectAc(app, { ...ac, fpx_txnAmount: '0.01' }).expect(400);
    // The payer's browser bringing the tampered message back sees a page in all three languages, and nothing changes.
    const page = await request(app.getHttpServer())
      .post('/api/gateways/fpx/indirect')
      .type('form')
      .send(tampered)
      .expect(400);
    expect(page.text).toContain('Maklumat daripada bank tidak sah');
    expect(page.text).toContain("The bank's message could not be verified");
    expect(page.text).toContain('无法验证银行的信息');
    expect((await getPayment(app, created.reference)).status).toBe('in_progress');
    // The genuine message still works afterwards.
    expect((await postDirectAc(app, ac).expect(200)).text).toBe('OK');
  });

  it("the waiting guard shows the caller's own earlier payment, never a stranger's reference", async () => {
    const bill = await makePayable(app, { balanceSen: 4_200 });
    const suffix = `${Date.now()}`.slice(-8);
    const user = await prisma.user.create({
      data: {
        email: `owner.${suffix}@example.my`,
        fullName: 'Pemilik Bil',
        nricNo: `8801${suffix}`,
        phone: '0123456789',
        passwordHash: 'x',
        roles: ['user'],
        councils: [],
      },
    });
    const bus = app.get(CommandBus);
    const mine = await bus.execute(new CreatePaymentCommand(fpxRequest([bill.id]), null, user.id));

    // A stranger paying the same bill is warned, without the owner's reference.
    const stranger = await request(app.getHttpServer())
      .post('/api/payments')
      .send(fpxRequest([bill.id]))
      .expect(409);
    expect(stranger.body).toMatchObject({ code: 'payment_pending', details: { references: [], othersWaiting: true } });
    expect(JSON.stringify(stranger.body)).not.toContain(mine.reference);

    // The owner, signed in, is shown their own payment to check.
    const owner = await bus
      .execute(new CreatePaymentCommand(fpxRequest([bill.id]), null, user.id))
      .then(() => null)
      .catch((error: ApiError) => error.getResponse());
    expect(owner).toMatchObject({
      code: 'payment_pending',
      details: { references: [mine.reference], othersWaiting: false },
    });
  });

  it('two payments racing for one bill: the second is paid but not credited, and left for refund', async () => {
    const bill = await makePayable(app, { balanceSen: 12_000 });
    const first = await createPayment(app, fpxRequest([bill.id]));
    // The second is made while the first has not reached its bank: the payer must confirm the retry.
    const refused = await request(app.getHttpServer())
      .post('/api/payments')
      .send(fpxRequest([bill.id]))
      .expect(409);
    // Made by a guest: no reference is shown (the portal finds its own from the tokens it holds).
    expect(refused.body).toMatchObject({ code: 'payment_pending', details: { references: [], othersWaiting: true } });
    const second = await createPayment(app, fpxRequest([bill.id], { confirmRetry: true }));

    // Both banks approve, concurrently.
    await Promise.all([
      postDirectAc(app, signedAc(first.redirect, '00')).expect(200),
      postDirectAc(app, signedAc(second.redirect, '00')).expect(200),
    ]);
    const payments = await Promise.all([getPayment(app, first.reference), getPayment(app, second.reference)]);
    expect(payments.map((p) => p.status)).toEqual(['paid', 'paid']);
    const credited = payments.filter((p) => p.items[0].credited);
    const refund = payments.filter((p) => !p.items[0].credited);
    expect(credited).toHaveLength(1);
    expect(refund).toHaveLength(1);
    // Why: whichever answer locked the bill first settled it; the other found the balance gone.
    expect(refund[0]).toMatchObject({ refundDueSen: 12_000 });
    expect(refund[0].items[0].receiptNo).toBeNull();
    expect(refund[0].events.find((e) => e.type === 'credit_refused')).toBeDefined();
    expect((await prisma.payable.findUniqueOrThrow({ where: { id: bill.id } })).balanceSen).toBe(0);
  });

  it('a late approval after expiry makes the payment paid, flagged late; a late rejection after paid changes nothing', async () => {
    const bill = await makePayable(app, { balanceSen: 7_000 });
    const created = await createPayment(app, fpxRequest([bill.id]));
    await app.get(CommandBus).execute(new ExpirePaymentCommand(created.reference));
    expect((await getPayment(app, created.reference)).status).toBe('expired');

    await postDirectAc(app, signedAc(created.redirect, '00')).expect(200);
    const paid = await getPayment(app, created.reference);
    expect(paid).toMatchObject({ status: 'paid', late: true });
    expect(paid.events.map((e) => e.type)).toContain('paid_late');

    await postDirectAc(app, signedAc(created.redirect, '51')).expect(200);
    const after = await getPayment(app, created.reference);
    expect(after.status).toBe('paid');
    expect(after.events.at(-1)).toMatchObject({ type: 'transition_refused', fromStatus: 'paid', toStatus: 'paid' });
    expect((await prisma.payable.findUniqueOrThrow({ where: { id: bill.id } })).balanceSen).toBe(0);
  });

  it('timeout then retry: the earlier payment is asked of its bank first, and nothing is charged twice', async () => {
    const bill = await makePayable(app, { balanceSen: 9_900 });
    const first = await createPayment(app, fpxRequest([bill.id]));
    await postToGateway(first.redirect);
    // The bank is slow: the payer's browser times out with the payment pending at the bank.
    await sim(`/sim/fpx/${first.invoiceNo}/decide`, { action: 'pending', returnBrowser: false });

    const warned = await request(app.getHttpServer())
      .post('/api/payments')
      .send(fpxRequest([bill.id]))
      .expect(409);
    expect(warned.body).toMatchObject({ code: 'payment_pending', details: { references: [], othersWaiting: true } });

    // Meanwhile the bank approved; the payer tries again.
    await sim(`/sim/fpx/${first.invoiceNo}/settle`, { action: 'approve' });
    const told = await request(app.getHttpServer())
      .post('/api/payments')
      .send(fpxRequest([bill.id], { confirmRetry: true }))
      .expect(409);
    expect(told.body).toMatchObject({ code: 'already_paid' });
    expect(JSON.stringify(told.body)).not.toContain(first.reference);

    const payments = await prisma.payment.findMany({ where: { items: { some: { payableId: bill.id } } } });
    expect(payments.map((p) => p.status)).toEqual(['paid']);
    expect((await prisma.payable.findUniqueOrThrow({ where: { id: bill.id } })).balanceSen).toBe(0);
  });

  it('Idempotency-Key: the same key twice makes one payment; the same key with another body is a 409', async () => {
    const bill = await makePayable(app, { balanceSen: 1_500 });
    const other = await makePayable(app, { balanceSen: 2_500 });
    const key = `test-${Date.now()}`;
    const send = (body: object) =>
      request(app.getHttpServer()).post('/api/payments').set('Idempotency-Key', key).send(body);
    const [a, b] = await Promise.all([send(fpxRequest([bill.id])), send(fpxRequest([bill.id]))]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.reference).toBe(b.body.reference);
    expect(a.body.redirect.fields.fpx_checkSum).toBe(b.body.redirect.fields.fpx_checkSum);
    expect(await prisma.payment.count({ where: { idempotencyKey: key } })).toBe(1);
    const conflict = await send(fpxRequest([other.id])).expect(409);
    expect(conflict.body.code).toBe('idempotency_key_reused');
  });

  it('a payment can be cancelled only before confirmation', async () => {
    const bill = await makePayable(app, { balanceSen: 1_000 });
    const open = await createPayment(app, fpxRequest([bill.id]));
    await request(app.getHttpServer())
      .post(`/api/payments/${open.reference}/cancel`)
      .set(PAYMENT_TOKEN_HEADER, open.paymentToken!)
      .expect(200);
    expect((await getPayment(app, open.reference)).status).toBe('cancelled');

    const bill2 = await makePayable(app, { balanceSen: 1_000 });
    const confirmed = await createPayment(app, fpxRequest([bill2.id]));
    await postDirectAc(app, signedAc(confirmed.redirect, '09')).expect(200);
    const res = await request(app.getHttpServer())
      .post(`/api/payments/${confirmed.reference}/cancel`)
      .set(PAYMENT_TOKEN_HEADER, confirmed.paymentToken!)
      .expect(409);
    expect(res.body).toMatchObject({
      code: 'cancel_not_allowed',
      message: 'A payment can be cancelled only before confirmation.',
    });
  });

  it('records a refund of a paid payment, and refuses one of an unpaid payment', async () => {
    const bill = await makePayable(app, { balanceSen: 1_000 });
    const created = await createPayment(app, fpxRequest([bill.id]));
    await expect(refundEverything(app, created.reference)).rejects.toMatchObject({ status: 409 });
    await postDirectAc(app, signedAc(created.redirect, '00')).expect(200);
    await refundEverything(app, created.reference, undefined, 'paid twice at the counter');
    expect((await getPayment(app, created.reference)).status).toBe('refunded');
  });
});

describe('what a payment request must satisfy', () => {
  let app: INestApplication;

  beforeAll(async () => {
    app = await startListeningApi();
  });
  afterAll(async () => {
    await app.close();
  });

  const post = (body: object) => request(app.getHttpServer()).post('/api/payments').send(body);

  it('answers a malformed request with 400 and a message per field', async () => {
    const res = await post({
      items: [],
      payer: { name: '', email: 'not-an-email', phone: '12' },
      method: { type: 'cash' },
    }).expect(400);
    const fields = res.body.errors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(
      expect.arrayContaining(['items', 'payer.name', 'payer.email', 'payer.phone', 'method.type']),
    );
  });

  it('strips spaces from email and phone', async () => {
    const bill = await makePayable(app, { balanceSen: 1_000 });
    const body = fpxRequest([bill.id]);
    const created = await createPayment(app, {
      ...body,
      payer: { name: 'Tan Kok Wai', email: ' tan.kw @example.my ', phone: '+60 12-345 6789'.replace('-', '') },
    });
    const row = await app.get(PrismaService).payment.findUniqueOrThrow({ where: { reference: created.reference } });
    expect(row).toMatchObject({ payerEmail: 'tan.kw@example.my', payerPhone: '+60123456789' });
  });

  it('refuses the same bill twice, a minimum payment not met, and FPX amounts outside RM1.00-RM30,000.00', async () => {
    const bill = await makePayable(app, { balanceSen: 1_000 });
    expect((await post(fpxRequest([bill.id, bill.id])).expect(400)).body.code).toBe('duplicate_item');

    const tenancy = await makePayable(app, { type: 'tenancy', balanceSen: 45_000, minimumPaymentSen: 15_000 });
    const below = await post({ ...fpxRequest([]), items: [{ payableId: tenancy.id, amountSen: 10_000 }] }).expect(422);
    expect(below.body).toMatchObject({ code: 'below_minimum_payment', message: 'Cannot be less than minimum payment' });
    await post({ ...fpxRequest([]), items: [{ payableId: tenancy.id, amountSen: 20_000 }] }).expect(201);

    const tiny = await makePayable(app, { balanceSen: 50 });
    expect((await post(fpxRequest([tiny.id])).expect(422)).body.code).toBe('fpx_below_minimum');
    const huge = await makePayable(app, { balanceSen: 3_000_001 });
    expect((await post(fpxRequest([huge.id])).expect(422)).body.code).toBe('fpx_above_maximum');
  });

  it('skips lines worth nothing and refuses a cart with nothing to pay', async () => {
    const zero = await makePayable(app, { balanceSen: 0 });
    const negative = await makePayable(app, { balanceSen: -2_500 });
    expect((await post(fpxRequest([zero.id, negative.id])).expect(422)).body.code).toBe('nothing_to_pay');
    const bill = await makePayable(app, { balanceSen: 3_000 });
    const created = await createPayment(app, fpxRequest([zero.id, bill.id]));
    expect(created.amountSen).toBe(3_000);
    expect((await getPayment(app, created.reference)).items).toHaveLength(1);
  });

  it('prices an assessment by its selection on the server', async () => {
    const res = await request(app.getHttpServer())
      .post('/api/search')
      .send({ council: 'mdpg', type: 'assessment', accountNo: 'A-1000-0004' })
      .expect(200);
    const created = await createPayment(app, {
      ...fpxRequest([]),
      items: [{ payableId: res.body[0].id, selection: 2 }],
    });
    expect(created.amountSen).toBe(38_000);
  });

  it('refuses while the service is closed', async () => {
    // Closed on a database of its own: closing the run's database would refuse other files' payments.
    const closed = await createTestApi({ DATABASE_URL: await isolatedDatabaseUrl() });
    try {
      const bill = await makePayable(closed, { balanceSen: 1_000 });
      await closed.get(PrismaService).configuration.update({ where: { id: 'default' }, data: { serviceClosed: true } });
      const res = await request(closed.getHttpServer())
        .post('/api/payments')
        .send(fpxRequest([bill.id]))
        .expect(503);
      expect(res.body.code).toBe('service_closed');
    } finally {
      await closed.close();
    }
  });

  it('refuses licences that cannot be renewed online, and unknown banks', async () => {
    // Search already refuses it; a request built by hand with its id is refused by the payment engine too.
    const licence = await app
      .get(PrismaService)
      .payable.findFirstOrThrow({ where: { councilCode: 'mdpg', type: 'trading_license', accountNo: 'LP20250003' } });
    const refused = await post(fpxRequest([licence.id])).expect(422);
    expect(refused.body.code).toBe('trading_license_not_renewable');
    const bill = await makePayable(app, { balanceSen: 1_000 });
    const bank = await post({ ...fpxRequest([bill.id]), method: { type: 'fpx', bankId: 'NOPE0001' } }).expect(400);
    expect(bank.body.code).toBe('invalid_bank');
  });

  it("a card payment names the card's bank, one of the list: kept on the payment, refused otherwise; none is taken", async () => {
    const bill = await makePayable(app, { balanceSen: 1_000 });
    const created = await createPayment(app, cardRequest([bill.id], '48', 'PUBLIC_BANK'));
    const stored = await app.get(PrismaService).payment.findUniqueOrThrow({ where: { reference: created.reference } });
    expect(stored).toMatchObject({ method: 'card', cardMethod: '48', cardBank: 'PUBLIC_BANK', bankId: null });
    const shown = await request(app.getHttpServer())
      .get(`/api/payments/${created.reference}`)
      .set(PAYMENT_TOKEN_HEADER, created.paymentToken!)
      .expect(200);
    expect(shown.body).toMatchObject({ cardBank: 'PUBLIC_BANK', bankName: 'Public Bank' });

    const other = await makePayable(app, { balanceSen: 1_000 });
    // Not on the list (an FPX bank id, a name, another case, empty): 400 invalid_card_bank.
    for (const cardBank of ['NOPE', 'MB2U0227', 'Public Bank', 'public_bank', '']) {
      const res = await post({ ...fpxRequest([other.id]), method: { type: 'card', cardMethod: '48', cardBank } });
      expect(res.status, String(cardBank)).toBe(400);
      expect(res.body, String(cardBank)).toMatchObject({
        code: 'invalid_card_bank',
        errors: [{ field: 'method.cardBank' }],
      });
    }
    const notText = await post({ ...fpxRequest([other.id]), method: { type: 'card', cardMethod: '48', cardBank: 7 } });
    expect(notText.status).toBe(400);
    expect(notText.body.code).toBe('validation_failed');
    // An FPX payment has no card.
    const fpx = await post({ ...fpxRequest([other.id]), method: { type: 'fpx', bankId: FPX_BANK, cardBank: 'RHB' } });
    expect(fpx.status).toBe(400);
    expect(fpx.body).toMatchObject({ code: 'validation_failed', errors: [{ field: 'method.cardBank' }] });
    expect(await app.get(PrismaService).payment.count({ where: { items: { some: { payableId: other.id } } } })).toBe(0);
    // Not named at all (an API client of before the question): taken, with no card's bank kept or shown.
    const unnamed = await createPayment(app, { ...fpxRequest([other.id]), method: { type: 'card', cardMethod: '49' } });
    const kept = await app.get(PrismaService).payment.findUniqueOrThrow({ where: { reference: unnamed.reference } });
    expect(kept).toMatchObject({ method: 'card', cardMethod: '49', cardBank: null });
  });
});
