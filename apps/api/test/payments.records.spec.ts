import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommandBus } from '@nestjs/cqrs';
import {
  PAYMENT_TOKEN_HEADER,
  type AdminGatewayAnswerRow,
  type HealthReport,
  type ReconciliationReport,
} from '@councilpay/domain';
import { ExpirePaymentCommand } from '../src/payments/commands/expire-payment/expire-payment.command';
import { PrismaService } from '../src/prisma/prisma.service';
import { clearLimits, createUser, CSRF_HEADER, signIn, type Browser } from './identity-helpers';
import {
  cardRequest,
  createPayment,
  fpxRequest,
  makePayable,
  nextFpxTxnId,
  postDirectAc,
  postToGateway,
  signedAc,
  sim,
  waitForPayment,
} from './payment-helpers';
import { startListeningApi } from './test-app';

/** The money records: every gateway answer as its own row, duplicate charges, refunds, reconciliation. */
describe('money records', () => {
  let app: INestApplication;
  let prisma: PrismaService;
  let admin: Browser;

  beforeAll(async () => {
    app = await startListeningApi();
    prisma = app.get(PrismaService);
    await clearLimits(app);
    const staff = await createUser(app, { roles: ['_admin'], verified: true });
    admin = await signIn(app, staff.email);
  });
  afterAll(async () => {
    await app.close();
  });

  const answersOf = (reference: string) =>
    prisma.gatewayAnswer.findMany({ where: { payment: { reference } }, orderBy: { id: 'asc' } });

  it('stores every gateway answer as its own row: direct AC, browser AC and enquiry, each with its facts', async () => {
    const bill = await makePayable(app, { balanceSen: 4_321 });
    const created = await createPayment(app, fpxRequest([bill.id]));
    await postToGateway(created.redirect);
    const decided = await sim(`/sim/fpx/${created.invoiceNo}/decide`, {
      action: 'approve',
      sendDirect: false,
      returnBrowser: false,
    });
    const ac = decided.ac as Record<string, string>;
    // Our enquiry learns of the approval first; then the direct AC and the browser bring it again.
    await request(app.getHttpServer())
      .post(`/api/payments/${created.reference}/requery`)
      .set(PAYMENT_TOKEN_HEADER, created.paymentToken!)
      .expect(200);
    expect((await postDirectAc(app, ac).expect(200)).text).toBe('OK');
    await request(app.getHttpServer()).post('/api/gateways/fpx/indirect').type('form').send(ac).expect(303);

    const rows = await answersOf(created.reference);
    expect(rows.map((r) => [r.source, r.outcome, r.verdict])).toEqual([
      ['enquiry', 'approved', 'applied'],
      ['direct', 'approved', 'duplicate'],
      // The browser's copy is kept, never applied: only our enquiry and the direct AC move state.
      ['browser', 'approved', 'recorded'],
    ]);
    for (const row of rows) {
      expect(row).toMatchObject({
        method: 'fpx',
        invoiceNo: created.invoiceNo,
        responseCode: '00',
        amountSen: 4_321,
        currency: 'MYR',
        gatewayTxnId: ac.fpx_fpxTxnId,
        gatewayTxnTime: ac.fpx_fpxTxnTime,
        refundDueSen: 0,
      });
      expect(row.rawMessage).toContain('fpx_checkSum');
    }
    // The callbacks keep the signed form as it was posted.
    expect(new URLSearchParams(rows[1].rawMessage).get('fpx_checkSum')).toBe(ac.fpx_checkSum);
    expect(rows[1].debitAuthNo).toBe(ac.fpx_debitAuthNo || null);

    const listed = await admin.agent.get(`/api/admin/payments/${created.reference}/gateway-answers`).expect(200);
    expect((listed.body as AdminGatewayAnswerRow[]).map((r) => r.source)).toEqual(['enquiry', 'direct', 'browser']);
  });

  it('stores a card callback and a message that does not verify', async () => {
    const bill = await makePayable(app, { balanceSen: 6_000 });
    const card = await createPayment(app, cardRequest([bill.id], '48'));
    await postToGateway(card.redirect);
    await sim(`/sim/card/${card.invoiceNo}/decide`, { action: 'approve' });
    await waitForPayment(app, card.reference, (p) => p.status === 'paid');
    const cardRows = await answersOf(card.reference);
    expect(cardRows.find((r) => r.verdict === 'applied')).toMatchObject({
      method: 'card',
      outcome: 'approved',
      amountSen: 6_000,
    });
    expect(cardRows.map((r) => r.source)).toContain('card-callback');

    const other = await makePayable(app, { balanceSen: 1_500 });
    const fpx = await createPayment(app, fpxRequest([other.id]));
    const ac = signedAc(fpx.redirect, '00');
    // A tampered message could come from anyone: it writes nothing (else anyone could fill the database).
    const tampered = { ...ac, fpx_txnAmount: '1.00' };
    await postDirectAc(app, tampered).expect(400);
    expect(await answersOf(fpx.reference)).toEqual([]);
    // A message the gateway did sign that does not fit the payment (another currency) is kept as received.
    await postDirectAc(app, signedAc(fpx.redirect, '00', { txnCurrency: 'USD' })).expect(400);
    const [row] = await answersOf(fpx.reference);
    expect(row).toMatchObject({ outcome: 'invalid', verdict: 'invalid', source: 'direct', responseCode: '00' });
    expect(row.rawMessage).toContain('fpx_txnCurrency=USD');
    expect((await prisma.payment.findUniqueOrThrow({ where: { reference: fpx.reference } })).status).toBe(
      'in_progress',
    );
  });

  it('a second approval with another gateway transaction id records a duplicate charge with a refund due; the same id again is a no-op', async () => {
    const before = (await admin.agent.get('/api/health').expect(200)).body as HealthReport;
    const bill = await makePayable(app, { balanceSen: 2_750 });
    const created = await createPayment(app, fpxRequest([bill.id]));
    const first = signedAc(created.redirect, '00');
    expect((await postDirectAc(app, first).expect(200)).text).toBe('OK');
    const secondTxn = nextFpxTxnId();
    const second = signedAc(created.redirect, '00', secondTxn);
    expect((await postDirectAc(app, second).expect(200)).text).toBe('OK');
    // Delivered again, and the first approval again: repeats, not new charges.
    await postDirectAc(app, second).expect(200);
    await postDirectAc(app, signedAc(created.redirect, '00', first.fpx_fpxTxnId)).expect(200);

    const rows = await answersOf(created.reference);
    expect(rows.map((r) => [r.gatewayTxnId, r.verdict, r.refundDueSen])).toEqual([
      [first.fpx_fpxTxnId, 'applied', 0],
      [secondTxn, 'duplicate_charge', 2_750],
      [secondTxn, 'duplicate', 0],
      [first.fpx_fpxTxnId, 'duplicate', 0],
    ]);
    const payment = await prisma.payment.findUniqueOrThrow({
      where: { reference: created.reference },
      include: { events: true },
    });
    expect(payment).toMatchObject({ status: 'paid', gatewayTxnId: first.fpx_fpxTxnId });
    expect(payment.events.filter((e) => e.type === 'duplicate_charge')).toHaveLength(1);
    expect(payment.events.filter((e) => e.type === 'credited')).toHaveLength(1);
    expect((await prisma.payable.findUniqueOrThrow({ where: { id: bill.id } })).balanceSen).toBe(0);

    // Operators see it on /api/health, staff in the payment's answers.
    const after = (await admin.agent.get('/api/health').expect(200)).body as HealthReport;
    expect(after.detail.money!.duplicateCharges).toBe(before.detail.money!.duplicateCharges + 1);
    expect(after.detail.money!.duplicateChargeRefundDueSen).toBe(
      before.detail.money!.duplicateChargeRefundDueSen + 2_750,
    );
    const publicHealth = await request(app.getHttpServer()).get('/api/health').expect(200);
    expect(publicHealth.body.detail).toBeUndefined();
    const listed = (await admin.agent.get(`/api/admin/payments/${created.reference}/gateway-answers`).expect(200))
      .body as AdminGatewayAnswerRow[];
    expect(listed.filter((r) => r.verdict === 'duplicate_charge')).toMatchObject([
      { gatewayTxnId: secondTxn, refundDueSen: 2_750 },
    ]);
  });

  it('reconciliation gives per council, Malaysian day and method what was paid, credited, due, refunded and approved, and every mismatch with its cause', async () => {
    const council = 'mdkgu';
    const dayMs = 86_400_000;
    const mytDay = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);
    // Yesterday to tomorrow: robust to a Malaysian midnight during the test.
    const range = `from=${mytDay(Date.now() - dayMs)}&to=${mytDay(Date.now() + dayMs)}`;
    const report = async (extra = '') =>
      (await admin.agent.get(`/api/admin/reconciliation?${range}${extra}`).expect(200)).body as ReconciliationReport;
    const totals = (r: ReconciliationReport) =>
      r.rows
        .filter((row) => row.council === council && row.method === 'fpx')
        .reduce(
          (t, row) => ({
            paymentsPaid: t.paymentsPaid + row.paymentsPaid,
            paidSen: t.paidSen + row.paidSen,
            itemsCredited: t.itemsCredited + row.itemsCredited,
            creditedSen: t.creditedSen + row.creditedSen,
            refundsDueSen: t.refundsDueSen + row.refundsDueSen,
            approvedAnswers: t.approvedAnswers + row.approvedAnswers,
            approvedSen: t.approvedSen + row.approvedSen,
          }),
          {
            paymentsPaid: 0,
            paidSen: 0,
            itemsCredited: 0,
            creditedSen: 0,
            refundsDueSen: 0,
            approvedAnswers: 0,
            approvedSen: 0,
          },
        );
    const before = totals(await report(`&council=${council}&method=fpx`));

    // Paid, then approved again under another transaction id: a duplicate charge.
    const normalBill = await makePayable(app, { balanceSen: 1_000, council });
    const normal = await createPayment(app, fpxRequest([normalBill.id]));
    await postDirectAc(app, signedAc(normal.redirect, '00')).expect(200);
    await postDirectAc(app, signedAc(normal.redirect, '00')).expect(200);
    // Expired, then approved: a late approval.
    const lateBill = await makePayable(app, { balanceSen: 2_000, council });
    const late = await createPayment(app, fpxRequest([lateBill.id]));
    await app.get(CommandBus).execute(new ExpirePaymentCommand(late.reference));
    await postDirectAc(app, signedAc(late.redirect, '00')).expect(200);
    // Two payments for one bill, both approved: the second's money is due back.
    const raceBill = await makePayable(app, { balanceSen: 3_000, council });
    const raceA = await createPayment(app, fpxRequest([raceBill.id]));
    const raceB = await createPayment(app, fpxRequest([raceBill.id], { confirmRetry: true }));
    await postDirectAc(app, signedAc(raceA.redirect, '00')).expect(200);
    await postDirectAc(app, signedAc(raceB.redirect, '00')).expect(200);
    // A genuine (signed) approval naming an invoice we never issued.
    const stray = signedAc(normal.redirect, '00', { sellerOrderNo: '99999999999999999999' });
    await postDirectAc(app, stray).expect(400);
    // Records only reconciliation can catch: a payment marked paid with no approval, and an approval of
    // another amount than the payment's (written as a broken import would).
    const bareBill = await makePayable(app, { balanceSen: 1_500, council });
    const bare = await createPayment(app, fpxRequest([bareBill.id]));
    await prisma.$executeRaw`UPDATE "Payment" SET "status" = 'paid', "paidAt" = now() WHERE "reference" = ${bare.reference}`;
    const oddBill = await makePayable(app, { balanceSen: 1_200, council });
    const odd = await createPayment(app, fpxRequest([oddBill.id]));
    await prisma.$executeRaw`UPDATE "Payment" SET "status" = 'paid', "paidAt" = now() WHERE "reference" = ${odd.reference}`;
    const oddPayment = await prisma.payment.findUniqueOrThrow({ where: { reference: odd.reference } });
    await prisma.gatewayAnswer.create({
      data: {
        paymentId: oddPayment.id,
        invoiceNo: odd.invoiceNo,
        source: 'direct',
        method: 'fpx',
        outcome: 'approved',
        rawMessage: '',
        responseCode: '00',
        amountSen: 1_100,
        currency: 'MYR',
        gatewayTxnId: nextFpxTxnId(),
        verdict: 'applied',
      },
    });

    const after = totals(await report(`&council=${council}&method=fpx`));
    expect({
      paymentsPaid: after.paymentsPaid - before.paymentsPaid,
      paidSen: after.paidSen - before.paidSen,
      itemsCredited: after.itemsCredited - before.itemsCredited,
      creditedSen: after.creditedSen - before.creditedSen,
      refundsDueSen: after.refundsDueSen - before.refundsDueSen,
      approvedAnswers: after.approvedAnswers - before.approvedAnswers,
      approvedSen: after.approvedSen - before.approvedSen,
    }).toEqual({
      paymentsPaid: 6,
      paidSen: 1_000 + 2_000 + 3_000 + 3_000 + 1_500 + 1_200,
      itemsCredited: 3,
      creditedSen: 1_000 + 2_000 + 3_000,
      // The duplicate charge, the race's loser, and the two payments paid without crediting their bills.
      refundsDueSen: 1_000 + 3_000 + 1_500 + 1_200,
      approvedAnswers: 6,
      approvedSen: 1_000 + 1_000 + 2_000 + 3_000 + 3_000 + 1_100,
    });

    const all = await report();
    const causeOf = (reference: string) => all.mismatches.filter((m) => m.reference === reference).map((m) => m.cause);
    expect(causeOf(normal.reference)).toEqual(['duplicate_charge']);
    expect(causeOf(late.reference)).toEqual(['late_approval']);
    expect(causeOf(raceA.reference)).toEqual([]);
    expect(causeOf(raceB.reference)).toEqual([]);
    expect(causeOf(bare.reference)).toEqual(['payment_without_approval']);
    expect(all.mismatches.find((m) => m.reference === odd.reference)).toMatchObject({
      cause: 'amount_mismatch',
      amountSen: 1_200,
      approvedSen: 1_100,
    });
    expect(all.mismatches.find((m) => m.invoiceNo === '99999999999999999999')).toMatchObject({
      cause: 'approval_without_payment',
      reference: null,
      gatewayTxnId: stray.fpx_fpxTxnId,
    });
    // Malaysian days, and only that council's rows when asked.
    expect(all.rows.every((r) => /^\d{4}-\d{2}-\d{2}$/.test(r.day))).toBe(true);
    expect((await report(`&council=${council}`)).rows.every((r) => r.council === council)).toBe(true);
    // Bad input is a 400 that says why.
    const bad = await admin.agent.get('/api/admin/reconciliation?from=2026-13-01&to=2026-01-01').expect(400);
    expect(bad.body.errors.map((e: { field: string }) => e.field)).toContain('from');
    await admin.agent.get('/api/admin/reconciliation?from=2026-02-01&to=2026-01-01').expect(400);
    await admin.agent.get(`/api/admin/reconciliation?${range}&council=nowhere`).expect(400);
  });

  it('a refund is money: partial refunds bounded by what is left, per item the bill credit reversed or kept, refunded once all is given back, paidAt kept', async () => {
    const billA = await makePayable(app, { balanceSen: 3_000 });
    const billB = await makePayable(app, { balanceSen: 2_000 });
    const created = await createPayment(app, fpxRequest([billA.id, billB.id]));
    await postDirectAc(app, signedAc(created.redirect, '00')).expect(200);
    const paid = await prisma.payment.findUniqueOrThrow({
      where: { reference: created.reference },
      include: { items: { orderBy: { position: 'asc' } } },
    });
    expect(paid.paidAt).not.toBeNull();
    const [itemA, itemB] = paid.items;
    const balance = async (id: string) => (await prisma.payable.findUniqueOrThrow({ where: { id } })).balanceSen;
    const refund = (body: object) =>
      admin.agent.post(`/api/admin/payments/${created.reference}/refunds`).set(CSRF_HEADER, admin.csrf).send(body);

    const first = await refund({
      reason: 'Sebahagian dipulangkan',
      gatewayReference: 'IBG-0001',
      items: [{ itemId: itemA.id, amountSen: 1_000, reverseCredit: true }],
    }).expect(201);
    expect(first.body).toMatchObject({
      status: 'paid',
      refundableSen: 4_000,
      refund: {
        amountSen: 1_000,
        reason: 'Sebahagian dipulangkan',
        gatewayReference: 'IBG-0001',
        items: [{ itemId: itemA.id, amountSen: 1_000, reverseCredit: true, creditReversedSen: 1_000 }],
      },
    });
    expect(await balance(billA.id)).toBe(1_000);

    // More than is left of an item: refused, nothing written.
    const over = await refund({
      reason: 'Terlebih',
      items: [{ itemId: itemA.id, amountSen: 2_001, reverseCredit: false }],
    }).expect(409);
    expect(over.body).toMatchObject({ code: 'refund_exceeds_remainder', details: { remainderSen: 2_000 } });

    const rest = await refund({
      reason: 'Baki dipulangkan',
      items: [
        { itemId: itemA.id, amountSen: 2_000, reverseCredit: false },
        { itemId: itemB.id, amountSen: 2_000, reverseCredit: true },
      ],
    }).expect(201);
    expect(rest.body).toMatchObject({ status: 'refunded', refundableSen: 0 });
    expect(await balance(billA.id)).toBe(1_000);
    expect(await balance(billB.id)).toBe(2_000);
    await refund({ reason: 'Lagi', items: [{ itemId: itemB.id, amountSen: 1, reverseCredit: false }] }).expect(409);

    const after = await prisma.payment.findUniqueOrThrow({ where: { reference: created.reference } });
    expect(after.status).toBe('refunded');
    expect(after.paidAt).toEqual(paid.paidAt);
    const listed = await admin.agent.get(`/api/admin/payments/${created.reference}/refunds`).expect(200);
    expect(listed.body.map((r: { amountSen: number }) => r.amountSen)).toEqual([1_000, 4_000]);
    const audit = await admin.agent.get(`/api/admin/audit?targetId=${created.reference}`).expect(200);
    expect(audit.body.filter((a: { action: string }) => a.action === 'payment_refund')).toHaveLength(2);

    // Input that is not a refund: 400 with the fields named, nothing written.
    const bad = await refund({ reason: '', items: [{ itemId: 'x', amountSen: -5, reverseCredit: 'yes' }] }).expect(400);
    expect(bad.body.errors.map((e: { field: string }) => e.field)).toEqual(
      expect.arrayContaining(['reason', 'items.0.itemId', 'items.0.amountSen', 'items.0.reverseCredit']),
    );
    expect(await prisma.refund.count({ where: { paymentId: paid.id } })).toBe(2);
  });

  it('a duplicate charge is given back against its gateway answer, once', async () => {
    const bill = await makePayable(app, { balanceSen: 1_800 });
    const created = await createPayment(app, fpxRequest([bill.id]));
    await postDirectAc(app, signedAc(created.redirect, '00')).expect(200);
    await postDirectAc(app, signedAc(created.redirect, '00')).expect(200);
    const answers = (await admin.agent.get(`/api/admin/payments/${created.reference}/gateway-answers`).expect(200))
      .body as AdminGatewayAnswerRow[];
    const charge = answers.find((a) => a.verdict === 'duplicate_charge')!;
    const health = async () => ((await admin.agent.get('/api/health').expect(200)).body as HealthReport).detail.money!;
    const before = await health();
    const res = await admin.agent
      .post(`/api/admin/payments/${created.reference}/refunds`)
      .set(CSRF_HEADER, admin.csrf)
      .send({ reason: 'Caj berganda', gatewayAnswerId: charge.id })
      .expect(201);
    expect(res.body).toMatchObject({
      status: 'paid',
      refund: { amountSen: 1_800, gatewayAnswerId: charge.id, items: [] },
    });
    const after = await health();
    expect(after.duplicateChargeRefundDueSen).toBe(before.duplicateChargeRefundDueSen - 1_800);
    expect(after.duplicateCharges).toBe(before.duplicateCharges - 1);
    await admin.agent
      .post(`/api/admin/payments/${created.reference}/refunds`)
      .set(CSRF_HEADER, admin.csrf)
      .send({ reason: 'Caj berganda', gatewayAnswerId: charge.id })
      .expect(409);
    // The bill keeps its credit: the payment itself stands.
    expect((await prisma.payable.findUniqueOrThrow({ where: { id: bill.id } })).balanceSen).toBe(0);
  });
});
