import type { INestApplication } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import fc from 'fast-check';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MISMATCH_CAUSES,
  PAYMENT_TOKEN_HEADER,
  type CreatePaymentResponse,
  type ReconciliationReport,
} from '@councilpay/domain';
import { ExpirePaymentCommand } from '../src/payments/commands/expire-payment/expire-payment.command';
import { RequeryPaymentCommand } from '../src/payments/commands/requery-payment/requery-payment.command';
import { PrismaService } from '../src/prisma/prisma.service';
import { clearLimits, createUser, signIn, type Browser } from './identity-helpers';
import { fpxRequest, makePayable, nextFpxTxnId, postDirectAc, refundEverything, signedAc } from './payment-helpers';
import { startListeningApi } from './test-app';

/** How many random sequences run (PROPERTY_RUNS raises it for a longer soak). */
const RUNS = Number(process.env.PROPERTY_RUNS ?? 25);
const BILLS = 3;

type Code = '00' | '51' | '09';
type Step =
  | { kind: 'create'; bill: number; confirmRetry: boolean }
  | { kind: 'cancel'; payment: number }
  | { kind: 'answer'; payment: number; via: 'direct' | 'browser'; code: Code; newTxn: boolean }
  | { kind: 'replay'; payment: number }
  | { kind: 'enquiry'; payment: number }
  | { kind: 'expire'; payment: number }
  | { kind: 'refund'; payment: number };

const index = fc.nat({ max: 7 });
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('create' as const),
      bill: fc.nat({ max: BILLS - 1 }),
      confirmRetry: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel' as const), payment: index }) },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('answer' as const),
      payment: index,
      via: fc.constantFrom('direct' as const, 'browser' as const),
      code: fc.constantFrom<Code>('00', '00', '51', '09'),
      newTxn: fc.boolean(),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('replay' as const), payment: index }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('enquiry' as const), payment: index }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('expire' as const), payment: index }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('refund' as const), payment: index }) },
);
/** Steps in batches: the steps of one batch run at the same time. */
const sequence = fc.array(fc.array(step, { minLength: 1, maxLength: 3 }), { minLength: 3, maxLength: 8 });

/**
 * Random sequences of what payers, banks, workers and staff do to a few bills — creations, cancels, direct and
 * browser answers (approve, reject, pending; under the first or another transaction id), replays, enquiries,
 * expiries, refunds — in random order and partly at the same time. After each: every bill's credit equals what
 * its credited items paid, no payment is credited twice, every approval is credited or owed back, and
 * reconciliation finds nothing it cannot explain.
 */
describe('money is never lost, doubled or left unexplained (property)', () => {
  let app: INestApplication;
  let prisma: PrismaService;
  let admin: Browser;
  let staffId: string;
  let staffEmail: string;
  let sequences = 0;
  let steps = 0;

  beforeAll(async () => {
    app = await startListeningApi();
    prisma = app.get(PrismaService);
    await clearLimits(app);
    const staff = await createUser(app, { roles: ['_admin'], verified: true });
    staffId = staff.id;
    staffEmail = staff.email;
    admin = await signIn(app, staff.email);
  });
  afterAll(async () => {
    await app.close();
  });

  async function run(batches: Step[][]): Promise<void> {
    const bills = await Promise.all(
      Array.from({ length: BILLS }, (_, i) => makePayable(app, { balanceSen: 1_000 + 100 * i, council: 'mdtnm' })),
    );
    const payments: (CreatePaymentResponse & { txnId: string; last?: Record<string, string> })[] = [];
    const server = app.getHttpServer();
    const bus = app.get(CommandBus);
    const pick = (i: number) => (payments.length ? payments[i % payments.length] : undefined);

    const perform = async (s: Step): Promise<void> => {
      steps += 1;
      if (s.kind === 'create') {
        const res = await request(server)
          .post('/api/payments')
          .send(fpxRequest([bills[s.bill].id], { confirmRetry: s.confirmRetry }));
        expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
        if (res.status === 201) payments.push({ ...(res.body as CreatePaymentResponse), txnId: nextFpxTxnId() });
        return;
      }
      const p = pick(s.payment);
      if (!p) return;
      if (s.kind === 'cancel') {
        const res = await request(server)
          .post(`/api/payments/${p.reference}/cancel`)
          .set(PAYMENT_TOKEN_HEADER, p.paymentToken!);
        expect(res.status).toBeLessThan(500);
      } else if (s.kind === 'answer') {
        const ac = signedAc(p.redirect, s.code, s.newTxn ? nextFpxTxnId() : p.txnId);
        p.last = ac;
        const res =
          s.via === 'direct'
            ? await postDirectAc(app, ac)
            : await request(server).post('/api/gateways/fpx/indirect').type('form').send(ac);
        expect(res.status).toBeLessThan(500);
      } else if (s.kind === 'replay') {
        if (p.last) expect((await postDirectAc(app, p.last)).status).toBeLessThan(500);
      } else if (s.kind === 'enquiry') {
        // The simulator never saw these payments: it answers "not found", which must change nothing.
        await bus.execute(new RequeryPaymentCommand(p.reference)).catch((e: { status?: number }) => {
          expect(e.status).toBe(502);
        });
      } else if (s.kind === 'expire') {
        await bus.execute(new ExpirePaymentCommand(p.reference));
      } else {
        await refundEverything(app, p.reference, { id: staffId, email: staffEmail }, 'property').catch(
          (e: { status?: number }) => {
            expect(e.status).toBe(409);
          },
        );
      }
    };

    for (const batch of batches) await Promise.all(batch.map(perform));
    sequences += 1;
    await check(bills.map((b) => ({ id: b.id, initial: b.balanceSen })));
  }

  async function check(bills: { id: string; initial: number }[]): Promise<void> {
    const billIds = bills.map((b) => b.id);
    const items = await prisma.paymentItem.findMany({
      where: { payableId: { in: billIds } },
      include: { payment: { include: { events: true, gatewayAnswers: true } }, refundItems: true },
    });
    // Each bill is credited exactly what its credited items paid (less any credit a refund reversed).
    for (const bill of bills) {
      const payable = await prisma.payable.findUniqueOrThrow({ where: { id: bill.id } });
      const credited = items
        .filter((i) => i.payableId === bill.id && i.creditedAt)
        .reduce((sum, i) => sum + i.creditSen - i.refundItems.reduce((r, x) => r + x.creditReversedSen, 0), 0);
      expect(bill.initial - payable.balanceSen, `bill ${bill.id}`).toBe(credited);
      expect(credited).toBeLessThanOrEqual(bill.initial);
    }
    const paymentsById = new Map(items.map((i) => [i.paymentId, i.payment]));
    for (const payment of paymentsById.values()) {
      // Credited at most once, and only when paid.
      expect(payment.events.filter((e) => e.type === 'credited').length).toBeLessThanOrEqual(1);
      const mine = items.filter((i) => i.paymentId === payment.id);
      if (mine.some((i) => i.creditedAt)) expect(['paid', 'refunded']).toContain(payment.status);
      // Every approval applied is credited or owed back; every other transaction's approval is a duplicate
      // charge owed back, or a refused one that reconciliation reports.
      const approvals = payment.gatewayAnswers.filter((a) => a.outcome === 'approved');
      for (const a of approvals) {
        // 'recorded': the browser's copy, never applied; the direct answer or our enquiry decides.
        expect(['applied', 'duplicate', 'duplicate_charge', 'refused', 'recorded']).toContain(a.verdict);
        if (a.verdict === 'duplicate_charge') expect(a.refundDueSen).toBe(payment.amountSen);
      }
      if (approvals.some((a) => a.verdict === 'applied')) {
        const uncredited = mine.filter((i) => !i.creditedAt).reduce((sum, i) => sum + i.amountSen, 0);
        expect(payment.refundDueSen).toBe(uncredited);
        expect(['paid', 'refunded']).toContain(payment.status);
        expect(payment.paidAt).not.toBeNull();
      }
      const txnIds = approvals.filter((a) => a.verdict === 'duplicate_charge').map((a) => a.gatewayTxnId);
      expect(new Set(txnIds).size).toBe(txnIds.length);
    }
    // Receipt numbers are never issued twice.
    const receipts = items.map((i) => i.receiptNo).filter(Boolean);
    expect(new Set(receipts).size).toBe(receipts.length);

    // Reconciliation: every mismatch of these payments has a cause, and none is a payment paid without an
    // approval or an approval of another amount.
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 16 * 3_600_000).toISOString().slice(0, 10);
    const report = (
      await admin.agent.get(`/api/admin/reconciliation?from=${yesterday}&to=${today}&council=mdtnm`).expect(200)
    ).body as ReconciliationReport;
    const references = new Set([...paymentsById.values()].map((p) => p.reference));
    const ours = report.mismatches.filter((m) => m.reference && references.has(m.reference));
    for (const m of ours) {
      expect(MISMATCH_CAUSES).toContain(m.cause);
      expect(['payment_without_approval', 'amount_mismatch']).not.toContain(m.cause);
      const payment = [...paymentsById.values()].find((p) => p.reference === m.reference)!;
      if (m.cause === 'late_approval') expect(payment.late).toBe(true);
      if (m.cause === 'duplicate_charge')
        expect(payment.gatewayAnswers.some((a) => a.verdict === 'duplicate_charge')).toBe(true);
    }
    // Each duplicate charge and each refused approval shows as a mismatch.
    for (const payment of paymentsById.values()) {
      const charges = payment.gatewayAnswers.filter((a) => a.verdict === 'duplicate_charge').length;
      expect(ours.filter((m) => m.reference === payment.reference && m.cause === 'duplicate_charge')).toHaveLength(
        charges,
      );
      const refused = payment.gatewayAnswers.filter((a) => a.outcome === 'approved' && a.verdict === 'refused').length;
      expect(
        ours.filter((m) => m.reference === payment.reference && m.cause === 'approval_without_payment'),
      ).toHaveLength(refused);
    }
  }

  it('random sequences over a few bills keep every sen accounted for', async () => {
    const started = Date.now();
    await fc.assert(fc.asyncProperty(sequence, run), { numRuns: RUNS, endOnFailure: true });
    const seconds = (Date.now() - started) / 1000;
    // Figures for the record: how much was driven, and how long it took.
    console.log(`property: ${sequences} sequences, ${steps} steps in ${seconds.toFixed(1)} s`);
    expect(sequences).toBeGreaterThanOrEqual(RUNS);
  }, 600_000);
});
