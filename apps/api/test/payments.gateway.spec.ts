import { PAYER_REQUERY_WINDOW_MS, PAYMENT_TOKEN_HEADER } from '@councilpay/domain';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '@councilpay/testing';
import { PrismaService } from '../src/prisma/prisma.service';
import { RedisService } from '../src/redis/redis.module';
import {
  cardRequest,
  createPayment,
  fpxRequest,
  getPayment,
  makePayable,
  postToGateway,
  sim,
  waitForPayment,
} from './payment-helpers';
import { startListeningApi } from './test-app';

/** Whole journeys through HTTP against the running gateway simulator (its own process, its own keys). */
describe('payments through the gateway simulator', () => {
  let app: INestApplication;
  let prisma: PrismaService;

  beforeAll(async () => {
    app = await startListeningApi();
    prisma = app.get(PrismaService);
  });
  afterAll(async () => {
    await app.close();
  });

  it('FPX approve: paid, a receipt number per item, each bill credited', async () => {
    const a = await makePayable(app, { balanceSen: 10_000 });
    const b = await makePayable(app, { balanceSen: 2_550 });
    const created = await createPayment(app, fpxRequest([a.id, b.id]));
    expect(created).toMatchObject({ status: 'in_progress', amountSen: 12_550 });
    expect(created.invoiceNo).toMatch(/^\d{20}$/);

    const page = await postToGateway(created.redirect);
    expect(page.status).toBe(200);
    expect(page.html).toContain('125.50');
    await sim(`/sim/fpx/${created.invoiceNo}/decide`, { action: 'approve' });

    const paid = await waitForPayment(app, created.reference, (p) => p.status === 'paid');
    expect(paid.status).toBe('paid');
    expect(paid.items.map((i) => i.receiptNo)).toEqual([
      expect.stringMatching(/^MDPG-\d{4}-\d{6}$/),
      expect.stringMatching(/^MDPG-\d{4}-\d{6}$/),
    ]);
    expect(new Set(paid.items.map((i) => i.receiptNo)).size).toBe(2);
    expect(paid.items.map((i) => i.accountNo)).toEqual([a.accountNo, b.accountNo]); // in the cart's order
    expect(paid.payerEmail).toBe('ami*********@example.my');
    const bills = await prisma.payable.findMany({ where: { id: { in: [a.id, b.id] } } });
    expect(bills.map((bill) => bill.balanceSen)).toEqual([0, 0]);
  });

  it('FPX reject: failed with the bank reason, nothing credited', async () => {
    const bill = await makePayable(app, { balanceSen: 8_000 });
    const created = await createPayment(app, fpxRequest([bill.id]));
    await postToGateway(created.redirect);
    await sim(`/sim/fpx/${created.invoiceNo}/decide`, { action: 'reject', code: '51' });
    const failed = await waitForPayment(app, created.reference, (p) => p.status === 'failed');
    expect(failed).toMatchObject({ status: 'failed', gatewayCode: '51', gatewayReason: 'Insufficient Funds' });
    expect(failed.items[0].receiptNo).toBeNull();
    expect((await prisma.payable.findUniqueOrThrow({ where: { id: bill.id } })).balanceSen).toBe(8_000);
  });

  it('FPX pending (09), then approved at the bank: a requery makes it paid', async () => {
    const bill = await makePayable(app, { balanceSen: 4_000 });
    const created = await createPayment(app, fpxRequest([bill.id]));
    await postToGateway(created.redirect);
    await sim(`/sim/fpx/${created.invoiceNo}/decide`, { action: 'pending' });
    expect((await waitForPayment(app, created.reference, (p) => p.status === 'pending')).status).toBe('pending');

    await sim(`/sim/fpx/${created.invoiceNo}/settle`, { action: 'approve' });
    const res = await request(app.getHttpServer())
      .post(`/api/payments/${created.reference}/requery`)
      .set(PAYMENT_TOKEN_HEADER, created.paymentToken!)
      .expect(200);
    expect(res.body).toMatchObject({ outcome: 'move', from: 'pending', to: 'paid' });
    expect((await getPayment(app, created.reference)).items[0].receiptNo).toMatch(/^MDPG-/);
  });

  it('FPX abandoned at the bank: stays in_progress until a requery says otherwise', async () => {
    const bill = await makePayable(app, { balanceSen: 3_000 });
    const created = await createPayment(app, fpxRequest([bill.id]));
    await postToGateway(created.redirect);
    await sim(`/sim/fpx/${created.invoiceNo}/decide`, { action: 'abandon' });
    await request(app.getHttpServer())
      .post(`/api/payments/${created.reference}/requery`)
      .set(PAYMENT_TOKEN_HEADER, created.paymentToken!)
      .expect(200);
    expect((await getPayment(app, created.reference)).status).not.toMatch(/paid|failed/);

    await sim(`/sim/fpx/${created.invoiceNo}/settle`, { action: 'reject', code: '1M' });
    await app.get(RedisService).client.del(app.get(RedisService).key('requery-limit', created.reference)); // skip the wait
    await request(app.getHttpServer())
      .post(`/api/payments/${created.reference}/requery`)
      .set(PAYMENT_TOKEN_HEADER, created.paymentToken!)
      .expect(200);
    expect(await getPayment(app, created.reference)).toMatchObject({ status: 'failed', gatewayCode: '1M' });
  });

  it('limits requeries of one payment to one per window (429)', async () => {
    const bill = await makePayable(app, { balanceSen: 3_000 });
    const created = await createPayment(app, fpxRequest([bill.id]));
    await request(app.getHttpServer())
      .post(`/api/payments/${created.reference}/requery`)
      .set(PAYMENT_TOKEN_HEADER, created.paymentToken!)
      .expect(200);
    const res = await request(app.getHttpServer())
      .post(`/api/payments/${created.reference}/requery`)
      .set(PAYMENT_TOKEN_HEADER, created.paymentToken!)
      .expect(429);
    expect(res.body.code).toBe('too_many_requests');
    // Not "you are throttled": the bank was just asked about this payment, and when it may be asked again.
    expect(res.body.details).toMatchObject({ askedRecently: true });
    expect(res.body.details.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(res.body.details.retryAfterSeconds).toBeLessThanOrEqual(PAYER_REQUERY_WINDOW_MS / 1000);
  });

  it('card approve: paid; card decline: failed with the reason', async () => {
    const ok = await makePayable(app, { balanceSen: 15_000 });
    const approved = await createPayment(app, cardRequest([ok.id], '48'));
    expect((await postToGateway(approved.redirect)).status).toBe(200);
    await sim(`/sim/card/${approved.invoiceNo}/decide`, { action: 'approve' });
    expect((await waitForPayment(app, approved.reference, (p) => p.status === 'paid')).status).toBe('paid');

    const no = await makePayable(app, { balanceSen: 15_000 });
    const declined = await createPayment(app, cardRequest([no.id], '49'));
    await postToGateway(declined.redirect);
    await sim(`/sim/card/${declined.invoiceNo}/decide`, { action: 'reject', errDesc: 'Card declined' });
    const failed = await waitForPayment(app, declined.reference, (p) => p.status === 'failed');
    expect(failed).toMatchObject({ status: 'failed', gatewayReason: 'Card declined' });
    expect((await prisma.payable.findUniqueOrThrow({ where: { id: no.id } })).balanceSen).toBe(15_000);
  });

  it("a paid card payment shows its card's bank and prints it on the receipt", async () => {
    const bill = await makePayable(app, { balanceSen: 4_200 });
    const created = await createPayment(app, cardRequest([bill.id], '49', 'HONG_LEONG'));
    await postToGateway(created.redirect);
    await sim(`/sim/card/${created.invoiceNo}/decide`, { action: 'approve' });
    const paid = await waitForPayment(app, created.reference, (p) => p.status === 'paid');
    expect(paid).toMatchObject({
      method: 'card',
      cardMethod: '49',
      cardBank: 'HONG_LEONG',
      bankName: 'Hong Leong Bank',
    });
    const receipt = await request(app.getHttpServer())
      .get(`/api/payments/${created.reference}/receipt.pdf?lang=en`)
      .set(PAYMENT_TOKEN_HEADER, created.paymentToken!)
      .buffer(true)
      .parse((res, callback) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => callback(null, Buffer.concat(chunks)));
      })
      .expect(200);
    const text = (await pdfText(receipt.body as Buffer)).replace(/\s+/g, '');
    for (const expected of ['Credit or debit card · Mastercard', "Card's bank", 'Hong Leong Bank'])
      expect(text, expected).toContain(expected.replace(/\s+/g, ''));
  });

  it('sends the FPX bank list with offline banks marked', async () => {
    const res = await request(app.getHttpServer()).get('/api/banks').expect(200);
    const offline = res.body.banks.filter((b: { online: boolean }) => !b.online).map((b: { id: string }) => b.id);
    expect(offline).toEqual(expect.arrayContaining(['HSBC0223', 'KFH0346']));
    expect(res.body.banks.length).toBeGreaterThan(10);
  });
});
