import type { INestApplication } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import fc from 'fast-check';
import type request from 'supertest';
import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  noMoney,
  shareOverItems,
  type AdminDashboard,
  type AdminPaymentRow,
  type AdminPaymentTotals,
  type MoneyFigures,
  type ReconciliationReport,
} from '@councilpay/domain';
import { GetDashboardQuery } from '../src/admin/dashboard/get-dashboard/get-dashboard.query';
import { toPrincipal } from '../src/auth/principal';
import { PrismaService } from '../src/prisma/prisma.service';
import { clearLimits, createUser, signIn, type Browser } from './identity-helpers';
import { readCsv } from './csv';
import { createTestApi, isolatedDatabaseUrl } from './test-app';

/**
 * One way of counting money, shown by random days: several councils, payments of one or more councils, FPX and
 * card, paid, paid late (after they had failed), failed or left pending, items credited or refused (a bill
 * settled first), partial and full refunds with and without the bill's credit reversed, duplicate charges and
 * their refunds, all around Malaysian midnight. For every council, day and method the figures of a model
 * written here from the definitions equal reconciliation's, the dashboard's of that day, the sum of the
 * drill-down's rows (the payments paid that day for that council and method), its totals row, and the CSV's sum.
 */

const COUNCILS = ['mdpg', 'mps', 'mpt'] as const;
const DAY_MS = 86_400_000;
const MYT_MS = 8 * 3_600_000;
type Method = 'fpx' | 'card';

interface ItemPlan {
  council: (typeof COUNCILS)[number];
  amountSen: number;
  credited: boolean;
}
interface RefundPlan {
  /** Per item, the part of what is left of it given back (0: none), and whether its credit is reversed. */
  parts: { share: number; reverse: boolean }[];
  afterMinutes: number;
  /** Made at once; left awaiting a second officer; declined; approved some minutes later. */
  state: 'made' | 'awaiting' | 'declined' | 'approved';
  approvedAfterMinutes: number;
  /** A mistaken refund corrected by a reversing entry this long after it was made (null: never). */
  correctedAfterMinutes: number | null;
}
interface PaymentPlan {
  method: Method;
  items: ItemPlan[];
  /** Minutes from the start of the run's first Malaysian day: both sides of its midnights. */
  createdMinute: number;
  outcome: 'paid' | 'late' | 'failed' | 'pending';
  paidAfterMinutes: number;
  refunds: RefundPlan[];
  duplicate: { afterMinutes: number; refundAfterMinutes: number | null } | null;
}

const itemPlan = fc.record({
  council: fc.constantFrom(...COUNCILS),
  amountSen: fc.integer({ min: 100, max: 500_000 }),
  // Mostly credited; now and then refused (the bill was settled first): a refund due.
  credited: fc.constantFrom(true, true, true, true, false),
});
const paymentPlan: fc.Arbitrary<PaymentPlan> = fc.record({
  method: fc.constantFrom<Method>('fpx', 'card'),
  items: fc.array(itemPlan, { minLength: 1, maxLength: 3 }),
  createdMinute: fc.integer({ min: -120, max: 2 * 1440 + 120 }),
  outcome: fc.constantFrom<PaymentPlan['outcome']>('paid', 'paid', 'paid', 'late', 'failed', 'pending'),
  paidAfterMinutes: fc.integer({ min: 0, max: 600 }),
  refunds: fc.array(
    fc.record({
      parts: fc.array(fc.record({ share: fc.constantFrom(0, 0.25, 0.5, 1), reverse: fc.boolean() }), {
        minLength: 3,
        maxLength: 3,
      }),
      afterMinutes: fc.integer({ min: 1, max: 2_000 }),
      state: fc.constantFrom<RefundPlan['state']>('made', 'made', 'made', 'awaiting', 'declined', 'approved'),
      approvedAfterMinutes: fc.integer({ min: 1, max: 1_500 }),
      correctedAfterMinutes: fc.option(fc.integer({ min: 1, max: 1_500 }), { nil: null, freq: 3 }),
    }),
    { maxLength: 3 },
  ),
  duplicate: fc.option(
    fc.record({
      afterMinutes: fc.integer({ min: 0, max: 900 }),
      refundAfterMinutes: fc.option(fc.integer({ min: 1, max: 900 }), { nil: null }),
    }),
    { nil: null, freq: 4 },
  ),
});

const dayOf = (ms: number) => new Date(ms + MYT_MS).toISOString().slice(0, 10);

/** Reads a response body as text (CSV is not parsed by supertest). */
function text(res: request.Response, cb: (err: Error | null, body: string) => void) {
  const stream = res as unknown as IncomingMessage;
  let body = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => (body += chunk));
  stream.on('end', () => cb(null, body));
}

describe('one way of counting money: every screen and file agrees with the definitions, on random days', () => {
  let app: INestApplication;
  let prisma: PrismaService;
  let admin: Browser;
  let adminId: string;
  const payables = new Map<string, string>();
  let run = 0;
  /** What the runs wrote, for the record (and to see every kind was drawn). */
  const drawn = { refunds: 0, awaiting: 0, declined: 0, approved: 0, corrections: 0, duplicates: 0 };

  beforeAll(async () => {
    app = await createTestApi({ DATABASE_URL: await isolatedDatabaseUrl() });
    prisma = app.get(PrismaService);
    await clearLimits(app);
    const user = await createUser(app, { roles: ['_admin'], verified: true });
    adminId = user.id;
    admin = await signIn(app, user.email);
    for (const council of COUNCILS) {
      const payable = await prisma.payable.findFirstOrThrow({ where: { councilCode: council } });
      payables.set(council, payable.id);
    }
  });
  afterAll(async () => {
    await app?.close();
  });

  /** Writes a run's payments as the engine leaves them (through the database's own guards). */
  async function write(plans: PaymentPlan[], start: number) {
    const model = new Map<string, MoneyFigures & { council: string; day: string; method: Method }>();
    const cell = (council: string, day: string, method: Method) => {
      const key = `${council}|${day}|${method}`;
      let found = model.get(key);
      if (!found) model.set(key, (found = { council, day, method, ...noMoney() }));
      return found;
    };
    let n = 0;
    for (const plan of plans) {
      n += 1;
      const createdAt = new Date(start + plan.createdMinute * 60_000);
      const amountSen = plan.items.reduce((s, i) => s + i.amountSen, 0);
      const reference = `CPP${String(run).padStart(4, '0')}${String(n).padStart(3, '0')}`.padEnd(22, 'X');
      const invoiceNo = `8${String(run).padStart(9, '0')}${String(n).padStart(10, '0')}`;
      const payment = await prisma.payment.create({
        data: {
          reference,
          invoiceNo,
          method: plan.method,
          bankId: plan.method === 'fpx' ? 'MB2U0227' : null,
          cardMethod: plan.method === 'card' ? '48' : null,
          amountSen,
          payerName: 'Pembayar Sifat',
          payerEmail: `sifat-${run}@example.my`,
          payerPhone: '+60123456789',
          createdAt,
          gatewayTxnId: `${run}${n}${Date.now()}`,
          items: {
            create: plan.items.map((item, position) => ({
              payableId: payables.get(item.council)!,
              councilCode: item.council,
              type: 'compound',
              accountNo: `ACC${position}`,
              position,
              amountSen: item.amountSen,
              creditSen: item.amountSen,
            })),
          },
        },
        include: { items: { orderBy: { position: 'asc' } } },
      });
      if (plan.outcome === 'failed' || plan.outcome === 'pending') {
        await prisma.payment.update({ where: { id: payment.id }, data: { status: plan.outcome } });
        continue;
      }
      const paidAt = new Date(
        createdAt.getTime() + (plan.outcome === 'late' ? 1440 : 0) * 60_000 + plan.paidAfterMinutes * 60_000,
      );
      if (plan.outcome === 'late') {
        await prisma.payment.update({ where: { id: payment.id }, data: { status: 'failed', finalAt: createdAt } });
      }
      await prisma.payment.update({
        where: { id: payment.id },
        data: { status: 'paid', paidAt, finalAt: paidAt, late: plan.outcome === 'late' },
      });
      const paidDay = dayOf(paidAt.getTime());
      const councilsPaid = new Set<string>();
      for (const [i, item] of plan.items.entries()) {
        const target = cell(item.council, paidDay, plan.method);
        target.paidSen += item.amountSen;
        if (!councilsPaid.has(item.council)) target.paymentsPaid += 1;
        councilsPaid.add(item.council);
        if (item.credited) {
          await prisma.paymentItem.update({ where: { id: payment.items[i].id }, data: { creditedAt: paidAt } });
          target.itemsCredited += 1;
          target.creditedSen += item.amountSen;
        } else {
          target.refundsDueSen += item.amountSen;
        }
      }
      const left = plan.items.map((i) => i.amountSen);
      let refunded = 0;
      const counts = (lines: { item: ItemPlan; sen: number; reverse: boolean }[], at: Date, sign: 1 | -1) => {
        const day = dayOf(at.getTime());
        const counted = new Set<string>();
        for (const l of lines) {
          const target = cell(l.item.council, day, plan.method);
          target.refundsMadeSen += sign * l.sen;
          target.creditReversedSen += sign * (l.reverse ? l.sen : 0);
          if (!counted.has(l.item.council)) target.refundsMade += sign;
          counted.add(l.item.council);
        }
      };
      for (const [r, refund] of plan.refunds.entries()) {
        const lines = plan.items
          .map((item, i) => {
            const part = refund.parts[i] ?? { share: 0, reverse: false };
            const sen = Math.floor(left[i] * part.share);
            return { i, item, sen, reverse: part.reverse && item.credited };
          })
          .filter((l) => l.sen > 0);
        if (lines.length === 0) continue;
        const total = lines.reduce((s, l) => s + l.sen, 0);
        const recordedAt = new Date(paidAt.getTime() + refund.afterMinutes * 60_000);
        const items = lines.map((l) => ({
          paymentItemId: payment.items[l.i].id,
          amountSen: l.sen,
          reverseCredit: l.reverse,
          creditReversedSen: l.reverse ? l.sen : 0,
        }));
        const made = await prisma.refund.create({
          data: {
            paymentId: payment.id,
            amountSen: total,
            reason: `Refund ${r}`,
            staffId: adminId,
            staffEmail: 'property@councilpay.my',
            refundedAt: recordedAt,
            state: refund.state === 'made' ? 'made' : 'awaiting_approval',
            items: { create: items },
          },
        });
        for (const l of lines) left[l.i] -= l.sen;
        drawn.refunds += 1;
        if (refund.state !== 'made') drawn[refund.state] += 1;
        let madeAt: Date | null = refund.state === 'made' ? recordedAt : null;
        if (refund.state === 'declined' || refund.state === 'approved') {
          madeAt =
            refund.state === 'approved' ? new Date(recordedAt.getTime() + refund.approvedAfterMinutes * 60_000) : null;
          await prisma.refund.update({
            where: { id: made.id },
            data: {
              state: refund.state === 'approved' ? 'made' : 'declined',
              decidedById: 'second-officer',
              decidedByEmail: 'approver@councilpay.my',
              decidedAt: madeAt ?? recordedAt,
              ...(madeAt ? { refundedAt: madeAt } : { declineReason: 'Not owed' }),
            },
          });
          if (!madeAt) for (const l of lines) left[l.i] += l.sen;
        }
        if (!madeAt) continue;
        counts(lines, madeAt, 1);
        refunded += total;
        if (refund.correctedAfterMinutes !== null) {
          const correctedAt = new Date(madeAt.getTime() + refund.correctedAfterMinutes * 60_000);
          await prisma.refund.create({
            data: {
              paymentId: payment.id,
              amountSen: total,
              reason: `Correction of refund ${r}`,
              staffId: adminId,
              staffEmail: 'property@councilpay.my',
              refundedAt: correctedAt,
              correctsRefundId: made.id,
              items: { create: items },
            },
          });
          counts(lines, correctedAt, -1);
          drawn.corrections += 1;
          for (const l of lines) left[l.i] += l.sen;
          refunded -= total;
        }
      }
      if (refunded === amountSen) {
        await prisma.payment.update({ where: { id: payment.id }, data: { status: 'refunded' } });
      }
      if (plan.duplicate) {
        const receivedAt = new Date(paidAt.getTime() + plan.duplicate.afterMinutes * 60_000);
        drawn.duplicates += 1;
        const answer = await prisma.gatewayAnswer.create({
          data: {
            paymentId: payment.id,
            invoiceNo,
            source: 'direct',
            method: plan.method,
            outcome: 'approved',
            rawMessage: 'property',
            responseCode: '00',
            amountSen,
            gatewayTxnId: `dup-${run}-${n}`,
            verdict: 'duplicate_charge',
            refundDueSen: amountSen,
            receivedAt,
          },
        });
        for (const { item, sen } of shareOverItems(amountSen, plan.items)) {
          cell(item.council, dayOf(receivedAt.getTime()), plan.method).refundsDueSen += sen;
        }
        if (plan.duplicate.refundAfterMinutes !== null) {
          const refundedAt = new Date(receivedAt.getTime() + plan.duplicate.refundAfterMinutes * 60_000);
          await prisma.refund.create({
            data: {
              paymentId: payment.id,
              gatewayAnswerId: answer.id,
              amountSen,
              reason: 'Charged twice',
              staffId: adminId,
              staffEmail: 'property@councilpay.my',
              refundedAt,
            },
          });
          const day = dayOf(refundedAt.getTime());
          const counted = new Set<string>();
          for (const { item, sen } of shareOverItems(amountSen, plan.items)) {
            const target = cell(item.council, day, plan.method);
            target.refundsMadeSen += sen;
            if (!counted.has(item.council)) target.refundsMade += 1;
            counted.add(item.council);
          }
        }
      }
    }
    for (const c of model.values()) c.netSen = c.paidSen - c.refundsMadeSen;
    return model;
  }

  it('dashboard = reconciliation = the drill-down rows = its totals = the CSV, per council, day and method', async () => {
    const started = Date.now();
    let cells = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(paymentPlan, { minLength: 1, maxLength: 8 }), async (plans) => {
        run += 1;
        // Each run on days of its own, far from every other run's and from today.
        const firstDay = dayOf(Date.UTC(2021, 0, 1) + run * 10 * DAY_MS);
        const start = new Date(`${firstDay}T00:00:00+08:00`).getTime();
        const model = await write(plans, start);
        const lastDay = dayOf(start + 8 * DAY_MS);
        const report = (
          await admin.agent.get(`/api/admin/reconciliation?from=${dayOf(start - DAY_MS)}&to=${lastDay}`).expect(200)
        ).body as ReconciliationReport;
        const money = (f: MoneyFigures) => ({
          paymentsPaid: f.paymentsPaid,
          paidSen: f.paidSen,
          refundsMade: f.refundsMade,
          refundsMadeSen: f.refundsMadeSen,
          netSen: f.netSen,
          itemsCredited: f.itemsCredited,
          creditedSen: f.creditedSen,
          creditReversedSen: f.creditReversedSen,
          refundsDueSen: f.refundsDueSen,
        });
        const fromReport = new Map(report.rows.map((r) => [`${r.council}|${r.day}|${r.method}`, money(r)]));
        const expected = new Map([...model].map(([k, v]) => [k, money(v)]));
        for (const key of new Set([...fromReport.keys(), ...expected.keys()])) {
          expect(fromReport.get(key) ?? money(noMoney()), `reconciliation ${key}`).toEqual(
            expected.get(key) ?? money(noMoney()),
          );
        }
        const principal = toPrincipal(await prisma.user.findUniqueOrThrow({ where: { id: adminId } }));
        const days = new Set([...model.values()].map((c) => c.day));
        for (const day of days) {
          const noon = new Date(`${day}T12:00:00+08:00`);
          const dashboard = await app
            .get(QueryBus)
            .execute<GetDashboardQuery, AdminDashboard>(new GetDashboardQuery(principal, noon));
          for (const t of dashboard.takings) {
            expect(money(t), `dashboard ${t.council}|${day}|${t.method}`).toEqual(
              expected.get(`${t.council}|${day}|${t.method}`) ?? money(noMoney()),
            );
          }
          for (const [key, c] of model) {
            if (c.day !== day || c.paidSen + c.refundsMadeSen === 0) continue;
            expect(
              dashboard.takings.some((t) => `${t.council}|${day}|${t.method}` === key),
              `dashboard has ${key}`,
            ).toBe(true);
          }
        }
        // The drill-down of each day's "paid" figure, its totals row and its CSV add up to the figure.
        for (const c of model.values()) {
          if (c.paymentsPaid === 0) continue;
          cells += 1;
          const filter = `council=${c.council}&method=${c.method}&paidFrom=${c.day}&paidTo=${c.day}`;
          const rows = (await admin.agent.get(`/api/admin/payments?${filter}&_end=500`).expect(200))
            .body as AdminPaymentRow[];
          expect(
            rows.reduce((s, r) => s + r.shareSen, 0),
            `drill-down ${c.council}|${c.day}|${c.method}`,
          ).toBe(c.paidSen);
          expect(rows).toHaveLength(c.paymentsPaid);
          const totals = (await admin.agent.get(`/api/admin/payments/totals?${filter}`).expect(200))
            .body as AdminPaymentTotals;
          expect(totals).toMatchObject({ payments: c.paymentsPaid, shareSen: c.paidSen });
          const csv = (await admin.agent.get(`/api/admin/payments.csv?${filter}&lang=en`).buffer(true).parse(text))
            .body as string;
          const [header, ...lines] = await readCsv(csv);
          const share = header.indexOf("Your councils' share (RM)");
          expect(share).toBeGreaterThan(0);
          const csvSen = lines.reduce((s, l) => s + Math.round(Number(l[share]) * 100), 0);
          expect(csvSen, `CSV ${c.council}|${c.day}|${c.method}`).toBe(c.paidSen);
        }
      }),
      { numRuns: 12, endOnFailure: true },
    );
    console.log(
      `money property: 12 random sets of days, ${cells} council-day-method cells, ${JSON.stringify(drawn)} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    expect(drawn.refunds).toBeGreaterThan(0);
  }, 600_000);
});
