import type { INestApplication } from '@nestjs/common';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { GatewayAnswerBook } from '../src/payments/gateway-answers/gateway-answer-book';
import { PrismaService } from '../src/prisma/prisma.service';
import { clearLimits } from './identity-helpers';
import { createPayment, fpxRequest, makePayable, postDirectAc, signedAc } from './payment-helpers';
import { startListeningApi } from './test-app';

/** The payment engine's money rules: one transaction per change, one way for every status change. */
describe('payment engine: money leftovers', () => {
  let app: INestApplication;
  let prisma: PrismaService;

  beforeAll(async () => {
    app = await startListeningApi();
    prisma = app.get(PrismaService);
    await clearLimits(app);
  });
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
});
