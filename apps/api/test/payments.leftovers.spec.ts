import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { PAYMENT_TOKEN_HEADER, type HealthReport } from '@councilpay/domain';
import { cardResponseSource, signCardSource } from '@councilpay/fpx';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CancelPaymentCommand } from '../src/payments/commands/cancel-payment/cancel-payment.command';
import { RequeryPaymentCommand } from '../src/payments/commands/requery-payment/requery-payment.command';
import { GatewayAnswerBook } from '../src/payments/gateway-answers/gateway-answer-book';
import { PaymentLedger } from '../src/payments/payment-ledger';
import { GetHealthQuery } from '../src/health/queries/get-health/get-health.query';
import { PrismaService } from '../src/prisma/prisma.service';
import { clearLimits, createUser, CSRF_HEADER, signIn, type Browser } from './identity-helpers';
import { cardRequest, createPayment, fpxRequest, makePayable, postDirectAc, signedAc } from './payment-helpers';
import { startListeningApi, testConfig } from './test-app';

/** The payment engine's money rules: one transaction per change, one way for every status change. */
describe('payment engine: money leftovers', () => {
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

  /** A payment paid by a signed direct AC. */
  async function paidPayment(payableIds: string[]) {
    const created = await createPayment(app, fpxRequest(payableIds));
    expect((await postDirectAc(app, signedAc(created.redirect, '00')).expect(200)).text).toBe('OK');
    const payment = await prisma.payment.findUniqueOrThrow({
      where: { reference: created.reference },
      include: { items: { orderBy: { position: 'asc' } } },
    });
    expect(payment.status).toBe('paid');
    return payment;
  }

  const refund = (reference: string, body: object) =>
    admin.agent.post(`/api/admin/payments/${reference}/refunds`).set(CSRF_HEADER, admin.csrf).send(body);
  afterEach(() => {
    vi.restoreAllMocks();
  });
  afterAll(async () => {
    await app.close();
  });

  /** Everything an applied answer writes, for one payment. */
  async function writtenFor(reference: string) {
    const payment = await prisma.payment.findUniqueOrThrow({
      where: { reference },
      include: { items: true, events: { orderBy: { id: 'asc' } } },
    });
    const [answers, notifications, payable] = await Promise.all([
      prisma.gatewayAnswer.findMany({ where: { paymentId: payment.id }, orderBy: { id: 'asc' } }),
      prisma.notification.count({ where: { paymentId: payment.id } }),
      prisma.payable.findUniqueOrThrow({ where: { id: payment.items[0].payableId } }),
    ]);
    return { payment, answers, notifications, payable };
  }

  it(
    'writes the state change, credits, events, notifications and the answer row in one transaction',
    { timeout: 60_000 },
    async () => {
      const bill = await makePayable(app, { balanceSen: 7_300 });
      const created = await createPayment(app, fpxRequest([bill.id]));
      const ac = signedAc(created.redirect, '00');

      // The answer row's insert fails after it was written: the whole change is rolled back with it.
      const book = app.get(GatewayAnswerBook);
      const original = book.recordIn.bind(book);
      vi.spyOn(book, 'recordIn').mockImplementationOnce(async (...args) => {
        await original(...args);
        throw new Error('answer row insert failed');
      });
      const failed = await postDirectAc(app, ac);
      expect(failed.status).toBeGreaterThanOrEqual(500);
      const nothing = await writtenFor(created.reference);
      expect(nothing.payment).toMatchObject({ status: 'in_progress', paidAt: null, gatewayTxnId: null });
      expect(nothing.payment.items.every((i) => i.creditedAt === null && i.receiptNo === null)).toBe(true);
      expect(nothing.payment.events.map((e) => e.type)).not.toContain('status_changed');
      expect(nothing.payment.events.map((e) => e.type)).not.toContain('credited');
      expect(nothing.notifications).toBe(0);
      expect(nothing.payable.balanceSen).toBe(7_300);
      // Kept as an answer that could not be applied (its own transaction, after the rollback).
      expect(nothing.answers.map((a) => [a.outcome, a.verdict])).toEqual([['approved', 'error']]);

      // The same answer again, with nothing failing: everything is there, together.
      expect((await postDirectAc(app, ac).expect(200)).text).toBe('OK');
      const all = await writtenFor(created.reference);
      expect(all.payment.status).toBe('paid');
      expect(all.payment.items[0].receiptNo).not.toBeNull();
      expect(all.payment.events.map((e) => e.type)).toEqual(expect.arrayContaining(['status_changed', 'credited']));
      expect(all.notifications).toBe(1);
      expect(all.payable.balanceSen).toBe(0);
      expect(all.answers.map((a) => [a.outcome, a.verdict])).toEqual([
        ['approved', 'error'],
        ['approved', 'applied'],
      ]);
    },
  );

  it('a full refund moves the payment to refunded through the ledger, in the refund transaction', async () => {
    const bill = await makePayable(app, { balanceSen: 2_500 });
    const payment = await paidPayment([bill.id]);
    const ledger = app.get(PaymentLedger);
    const applyIn = vi.spyOn(ledger, 'applyIn');

    // If the ledger's move fails, the refund is not recorded either: one transaction.
    applyIn.mockRejectedValueOnce(new Error('ledger failed'));
    const body = {
      reason: 'Bayaran balik penuh',
      items: [{ itemId: payment.items[0].id, amountSen: 2_500, reverseCredit: false }],
    };
    expect((await refund(payment.reference, body)).status).toBeGreaterThanOrEqual(500);
    expect(await prisma.refund.count({ where: { paymentId: payment.id } })).toBe(0);
    expect((await prisma.payment.findUniqueOrThrow({ where: { id: payment.id } })).status).toBe('paid');

    const res = await refund(payment.reference, body).expect(201);
    expect(res.body).toMatchObject({ status: 'refunded', refundableSen: 0 });
    expect(applyIn).toHaveBeenLastCalledWith(
      expect.anything(),
      { reference: payment.reference },
      'refund_recorded',
      'admin',
      { data: { refundId: res.body.refund.id } },
    );
    const after = await prisma.payment.findUniqueOrThrow({
      where: { id: payment.id },
      include: { events: { where: { type: 'status_changed', toStatus: 'refunded' } } },
    });
    expect(after).toMatchObject({ status: 'refunded', version: payment.version + 1, paidAt: payment.paidAt });
    expect(after.finalAt!.getTime()).toBeGreaterThan(payment.finalAt!.getTime());
    expect(after.events).toHaveLength(1);
    expect(after.events[0]).toMatchObject({
      fromStatus: 'paid',
      source: 'admin',
      data: { event: 'refund_recorded', refundId: res.body.refund.id },
    });
  });

  /** An assessment account: RM 100 for the year, RM 30 arrears, RM 6 tax, RM 10 + RM 5 off for paying in full. */
  const ACCOUNT = {
    asumYear: 2026,
    currentYearSen: 10_000,
    arrearsSen: 3_000,
    discountSen: 1_000,
    specialDiscountSen: 500,
    gstSen: 600,
  };

  async function assessmentPaid(change?: (id: string) => Promise<unknown>) {
    const bill = await makePayable(app, { type: 'assessment', balanceSen: 13_600, details: ACCOUNT });
    const created = await createPayment(app, { ...fpxRequest([]), items: [{ payableId: bill.id, selection: 3 }] });
    expect(created.amountSen).toBe(12_100);
    await change?.(bill.id);
    expect((await postDirectAc(app, signedAc(created.redirect, '00')).expect(200)).text).toBe('OK');
    const payment = await prisma.payment.findUniqueOrThrow({
      where: { reference: created.reference },
      include: { items: true, events: { orderBy: { id: 'asc' } } },
    });
    expect(payment.status).toBe('paid');
    return { bill, payment };
  }
  const payableOf = (id: string) => prisma.payable.findUniqueOrThrow({ where: { id } });

  it('reversing an assessment credit restores the components it took, not the balance alone', async () => {
    const { bill, payment } = await assessmentPaid();
    expect(await payableOf(bill.id)).toMatchObject({
      balanceSen: 0,
      details: { ...ACCOUNT, currentYearSen: 0, arrearsSen: 0, gstSen: 0, discountSen: 0, specialDiscountSen: 0 },
    });
    const item = payment.items[0];
    // Part first: RM 50.00 of the owed RM 136.00 goes back (the tax, then the year).
    await refund(payment.reference, {
      reason: 'Sebahagian',
      items: [{ itemId: item.id, amountSen: 4_400, reverseCredit: true }],
    }).expect(201);
    const part = await payableOf(bill.id);
    expect(part.balanceSen).toBe(Math.floor((13_600 * 4_400) / 12_100));
    expect(part.details).toMatchObject({ gstSen: 600, arrearsSen: 0, discountSen: 0 });
    // The rest: the account is exactly as it was before the payment, discounts included.
    const rest = await refund(payment.reference, {
      reason: 'Selebihnya',
      items: [{ itemId: item.id, amountSen: 7_700, reverseCredit: true }],
    }).expect(201);
    expect(rest.body.status).toBe('refunded');
    expect(await payableOf(bill.id)).toMatchObject({ balanceSen: 13_600, details: ACCOUNT });
  });

  it('money a reduced bill component leaves uncredited is recorded as refund due, never dropped', async () => {
    // Between pricing and approval the council takes RM 25.00 off the year and posts RM 40.00 of new arrears.
    const { bill, payment } = await assessmentPaid((id) =>
      prisma.payable.update({
        where: { id },
        data: { balanceSen: 15_100, details: { ...ACCOUNT, currentYearSen: 7_500, arrearsSen: 7_000 } },
      }),
    );
    expect(payment.refundDueSen).toBe(2_500);
    const short = payment.events.find((e) => e.type === 'credit_short');
    expect(short?.data).toMatchObject({
      reason: 'bill_reduced_after_pricing',
      refundDueSen: 2_500,
      items: [{ itemId: payment.items[0].id, uncreditedSen: 2_500 }],
    });
    // What was priced is credited; the new arrears stay owed.
    expect(await payableOf(bill.id)).toMatchObject({
      balanceSen: 4_000,
      details: { currentYearSen: 0, arrearsSen: 4_000, gstSen: 0 },
    });
    expect(payment.items[0]).toMatchObject({
      creditedBreakdown: { arrearsSen: 3_000, currentYearSen: 7_500, gstSen: 600, discountSen: 1_000 },
    });
  });

  it('a card enquiry answer for another card method (paymentId) is refused and recorded as invalid', async () => {
    const bill = await makePayable(app, { balanceSen: 2_100 });
    const created = await createPayment(app, cardRequest([bill.id], '48'));
    const answer = (paymentId: string) => {
      const fields = {
        merchantCode: created.redirect!.fields.merID,
        paymentId,
        refNo: created.invoiceNo,
        amount: '21.00',
        currency: 'MYR',
        remark: '',
        transId: 'T20261123000001',
        authCode: '123456',
        status: '1',
        errDesc: '',
      };
      const signature = signCardSource(cardResponseSource(fields), testConfig().gateways.card.secret);
      return new Response(new URLSearchParams({ ...fields, signature }).toString());
    };
    const requery = () =>
      request(app.getHttpServer())
        .post(`/api/payments/${created.reference}/requery`)
        .set(PAYMENT_TOKEN_HEADER, created.paymentToken!);
    // The gateway's enquiry endpoint answers, signed, about card method 49.
    vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(answer('49'));
    expect((await requery()).status).toBe(502);
    expect((await prisma.payment.findUniqueOrThrow({ where: { reference: created.reference } })).status).toBe(
      'in_progress',
    );
    const rows = await prisma.gatewayAnswer.findMany({ where: { payment: { reference: created.reference } } });
    expect(rows.map((r) => [r.source, r.outcome, r.verdict, r.responseCode, r.gatewayTxnId])).toEqual([
      ['enquiry', 'invalid', 'invalid', '1', 'T20261123000001'],
    ]);
    expect(rows[0].rawMessage).toContain('paymentId=49');

    // The same answer for the method the payment was made with is applied.
    vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(answer('48'));
    const applied = await app.get(CommandBus).execute(new RequeryPaymentCommand(created.reference, 'requery'));
    expect(applied).toMatchObject({ outcome: 'move', to: 'paid' });
  });

  it(
    'a payment whose enquiries fail for 7 days raises an operator alert once, stays open and is never decided',
    { timeout: 60_000 },
    async () => {
      const bill = await makePayable(app, { balanceSen: 1_800 });
      const created = await createPayment(app, fpxRequest([bill.id]));
      const ask = () =>
        app.get(CommandBus).execute(new RequeryPaymentCommand(created.reference, 'requery')) as Promise<unknown>;
      const row = () => prisma.payment.findUniqueOrThrow({ where: { reference: created.reference } });
      const silentCount = async () =>
        (await app.get(QueryBus).execute<GetHealthQuery, HealthReport>(new GetHealthQuery())).detail.money!
          .paymentsBankCannotAnswer;
      const before = await silentCount();

      // The gateway cannot be reached.
      vi.spyOn(globalThis, 'fetch').mockRejectedValue(new Error('connect ECONNREFUSED'));
      await expect(ask()).resolves.toMatchObject({ outcome: 'gateway_unavailable' });
      const first = await row();
      expect(first.enquiryFailingSince).not.toBeNull();
      expect(first.bankSilentAt).toBeNull();

      // Still failing 7 days on: the alert is raised, once; the payment stays open.
      const eightDaysAgo = new Date(Date.now() - 8 * 24 * 3_600_000);
      await prisma.payment.update({ where: { id: first.id }, data: { enquiryFailingSince: eightDaysAgo } });
      await expect(ask()).resolves.toMatchObject({ outcome: 'gateway_unavailable' });
      await expect(ask()).resolves.toMatchObject({ outcome: 'gateway_unavailable' });
      const alerted = await row();
      expect(alerted).toMatchObject({ status: 'in_progress', enquiryFailingSince: eightDaysAgo });
      expect(alerted.bankSilentAt).not.toBeNull();
      const events = await prisma.paymentEvent.findMany({ where: { paymentId: first.id, type: 'bank_silent' } });
      expect(events).toHaveLength(1);
      expect(await silentCount()).toBe(before + 1);

      // The gateway answers again: the alert is over, whatever it said.
      vi.restoreAllMocks();
      await ask();
      expect(await row()).toMatchObject({ enquiryFailingSince: null, bankSilentAt: null });
      expect(await silentCount()).toBe(before);
    },
  );

  it('cancel and requery handlers return what came of them like the other handlers; the HTTP routes refuse', async () => {
    const bus = app.get(CommandBus);
    const http = () => request(app.getHttpServer());
    // No such payment: a result, not an exception.
    await expect(bus.execute(new RequeryPaymentCommand('CPNOSUCHPAYMENT0000', 'requery'))).resolves.toMatchObject({
      outcome: 'not_found',
    });
    await expect(bus.execute(new CancelPaymentCommand('CPNOSUCHPAYMENT0000'))).resolves.toMatchObject({
      outcome: 'not_found',
    });

    // The gateway cannot be asked: the requery says so; a cancel stays requested.
    const bill = await makePayable(app, { balanceSen: 1_100 });
    const open = await createPayment(app, fpxRequest([bill.id]));
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new Error('connect ECONNREFUSED'));
    await expect(bus.execute(new RequeryPaymentCommand(open.reference, 'requery'))).resolves.toMatchObject({
      outcome: 'gateway_unavailable',
      from: 'in_progress',
      to: 'in_progress',
      reason: 'gateway_unreachable',
    });
    const unavailable = await http()
      .post(`/api/payments/${open.reference}/requery`)
      .set(PAYMENT_TOKEN_HEADER, open.paymentToken!)
      .expect(502);
    expect(unavailable.body.code).toBe('gateway_unavailable');
    await expect(bus.execute(new CancelPaymentCommand(open.reference))).resolves.toMatchObject({
      outcome: 'requested',
    });
    vi.restoreAllMocks();

    // A paid payment cannot be cancelled: the handler returns the refusal, the route answers 409.
    const paid = await paidPayment([(await makePayable(app, { balanceSen: 1_200 })).id]);
    await expect(bus.execute(new CancelPaymentCommand(paid.reference))).resolves.toMatchObject({
      outcome: 'refused',
      to: 'paid',
    });
    const token = await createPayment(app, fpxRequest([(await makePayable(app, { balanceSen: 1_300 })).id]));
    expect((await postDirectAc(app, signedAc(token.redirect, '00')).expect(200)).text).toBe('OK');
    const refused = await http()
      .post(`/api/payments/${token.reference}/cancel`)
      .set(PAYMENT_TOKEN_HEADER, token.paymentToken!)
      .expect(409);
    expect(refused.body).toMatchObject({ code: 'cancel_not_allowed' });
  });

  it("a cancel the payer asked for, granted on the bank's answer, keeps that answer on record", async () => {
    const bill = await makePayable(app, { balanceSen: 1_700 });
    // Never posted to the bank: its enquiry answers "not found" (FPX 76), which grants the cancel.
    const created = await createPayment(app, fpxRequest([bill.id]));
    await prisma.payment.update({ where: { reference: created.reference }, data: { cancelRequestedAt: new Date() } });
    await app.get(CommandBus).execute(new RequeryPaymentCommand(created.reference, 'requery'));
    const payment = await prisma.payment.findUniqueOrThrow({ where: { reference: created.reference } });
    expect(payment.status).toBe('cancelled');
    const answers = await prisma.gatewayAnswer.findMany({ where: { paymentId: payment.id } });
    expect(answers.map((a) => [a.source, a.outcome])).toEqual([['enquiry', 'unknown']]);
  });
});
