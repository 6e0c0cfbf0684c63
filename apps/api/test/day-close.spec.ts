import type { INestApplication } from '@nestjs/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CSRF_HEADER,
  malaysiaDay,
  SETTLEMENT_LAYOUTS,
  type DayCloseReport,
  type ReconciliationReport,
} from '@councilpay/domain';
import { pdfText } from '@councilpay/testing';
import { PrismaService } from '../src/prisma/prisma.service';
import { clearLimits, createUser, signIn, type Browser } from './identity-helpers';
import { createTestApi, isolatedDatabaseUrl } from './test-app';

/**
 * The day's close, on a database of this file's own (a day's figures are every payment of that day). Its past
 * payments are written as the engine leaves them, dated on yesterday, through the database's own guards.
 */
describe("the day's close: figures, settlement, the check, signed off once, adjustments after", () => {
  let app: INestApplication;
  let prisma: PrismaService;
  let admin: Browser;
  let mdpgAdmin: Browser;
  let mpsAdmin: Browser;
  let staffId: string;
  const yesterday = malaysiaDay(-1);
  const today = malaysiaDay();
  let seq = 0;

  beforeAll(async () => {
    app = await createTestApi({ DATABASE_URL: await isolatedDatabaseUrl() });
    prisma = app.get(PrismaService);
    await clearLimits(app);
    const adminUser = await createUser(app, { roles: ['_admin'], verified: true });
    staffId = adminUser.id;
    admin = await signIn(app, adminUser.email);
    mdpgAdmin = await signIn(
      app,
      (await createUser(app, { roles: ['council_admin'], councils: ['mdpg'], verified: true })).email,
    );
    mpsAdmin = await signIn(
      app,
      (await createUser(app, { roles: ['council_admin'], councils: ['mps'], verified: true })).email,
    );
  });
  afterAll(async () => {
    await app?.close();
  });

  /** A payment of these items, paid at `paidAt` (credited unless told), as the engine would leave it. */
  async function paidAt(at: Date, items: { council: string; sen: number; credited?: boolean }[]) {
    seq += 1;
    const payables = await Promise.all(
      items.map((i) => prisma.payable.findFirstOrThrow({ where: { councilCode: i.council } })),
    );
    const payment = await prisma.payment.create({
      data: {
        reference: `CPDAYCLOSE${String(seq).padStart(12, '0')}`,
        invoiceNo: `7${String(Date.now()).slice(-12)}${String(seq).padStart(7, '0')}`,
        method: 'fpx',
        bankId: 'MB2U0227',
        amountSen: items.reduce((n, i) => n + i.sen, 0),
        payerName: 'Pembayar Tutup Hari',
        payerEmail: 'tutup@example.my',
        payerPhone: '+60123456789',
        createdAt: new Date(at.getTime() - 60_000),
        gatewayTxnId: `26112${seq}${Date.now()}`,
        items: {
          create: items.map((i, position) => ({
            payableId: payables[position].id,
            councilCode: i.council,
            type: 'compound',
            accountNo: `DC${seq}${position}`,
            position,
            amountSen: i.sen,
            creditSen: i.sen,
          })),
        },
      },
      include: { items: { orderBy: { position: 'asc' } } },
    });
    await prisma.payment.update({ where: { id: payment.id }, data: { status: 'paid', paidAt: at, finalAt: at } });
    for (const [n, item] of items.entries()) {
      if (item.credited !== false) {
        await prisma.paymentItem.update({ where: { id: payment.items[n].id }, data: { creditedAt: at } });
      }
    }
    return payment;
  }
  const report = async (browser: Browser, council: string, day: string) =>
    (await browser.agent.get(`/api/admin/day-close?council=${council}&day=${day}`).expect(200)).body as DayCloseReport;
  const sign = (browser: Browser, council: string, day: string) =>
    browser.agent.post(`/api/admin/day-close/${council}/${day}/sign`).set(CSRF_HEADER, browser.csrf);

  it("shows a council's day: money per method and in all, the settlement difference, and the check", async () => {
    const noon = new Date(`${yesterday}T12:00:00+08:00`);
    const a = await paidAt(noon, [{ council: 'mdpg', sen: 10_000 }]);
    await paidAt(noon, [
      { council: 'mdpg', sen: 2_500, credited: false },
      { council: 'mps', sen: 7_000 },
    ]);
    const close = await report(mdpgAdmin, 'mdpg', yesterday);
    expect(close).toMatchObject({ council: 'mdpg', day: yesterday, over: true, signed: null });
    const [fpx, card] = close.figures.methods;
    expect(fpx).toMatchObject({ method: 'fpx', paymentsPaid: 2, paidSen: 12_500, creditedSen: 10_000, netSen: 12_500 });
    expect(fpx.refundsDueSen).toBe(2_500);
    expect(card).toMatchObject({ method: 'card', paidSen: 0 });
    expect(close.figures.total.paidSen).toBe(12_500);
    expect(close.figures.check).toEqual({ paidSen: 12_500, creditedSen: 10_000, owedBackSen: 2_500, holds: true });
    // The same figures as reconciliation's, which counts by the same rules.
    const recon = (
      await mdpgAdmin.agent.get(`/api/admin/reconciliation?from=${yesterday}&to=${yesterday}&council=mdpg`).expect(200)
    ).body as ReconciliationReport;
    expect(recon.totals.paidSen).toBe(close.figures.total.paidSen);
    expect(recon.totals.netSen).toBe(close.figures.total.netSen);

    // The settlement file of the day, checked: its difference shows on the close.
    const payment = await prisma.payment.findUniqueOrThrow({ where: { id: a.id } });
    const file = [
      SETTLEMENT_LAYOUTS.fpx.join(','),
      `${yesterday.split('-').reverse().join('/')},${payment.invoiceNo},${payment.gatewayTxnId},99.00,00`,
    ].join('\n');
    await mdpgAdmin.agent
      .post('/api/admin/settlements')
      .set(CSRF_HEADER, mdpgAdmin.csrf)
      .send({ gateway: 'fpx', fileName: 'mdpg-yesterday.csv', content: file })
      .expect(201);
    const withSettlement = await report(mdpgAdmin, 'mdpg', yesterday);
    expect(withSettlement.figures.settlements).toHaveLength(1);
    // The bank approved RM 99.00; our payments of mdpg's check paid that day came to RM 195.00 (whole payments).
    expect(withSettlement.figures.settlementDifferenceSen).toBe(9_900 - 19_500);
    expect(withSettlement.figures.settlements[0].unresolved).toBeGreaterThanOrEqual(2);

    // Only their own councils; a day that is a day.
    await mpsAdmin.agent.get(`/api/admin/day-close?council=mdpg&day=${yesterday}`).expect(403);
    await mdpgAdmin.agent.get('/api/admin/day-close?council=mdpg&day=2026-02-30').expect(400);
    await mdpgAdmin.agent.get('/api/admin/day-close?council=mdpg&day=yesterday').expect(400);
  });

  it('is signed off once, by an admin of the council, once the day is over; the signed figures never change', async () => {
    expect((await sign(mdpgAdmin, 'mdpg', today).expect(409)).body.code).toBe('day_not_over');
    await sign(mpsAdmin, 'mdpg', yesterday).expect(403);
    const before = await report(mdpgAdmin, 'mdpg', yesterday);
    const signed = (await sign(mdpgAdmin, 'mdpg', yesterday).expect(200)).body as DayCloseReport;
    expect(signed.signed?.by).toMatch(/@/);
    expect(signed.signed?.figures).toEqual(before.figures);
    expect((await sign(admin, 'mdpg', yesterday).expect(409)).body.code).toBe('day_already_signed');
    expect(await prisma.staffAudit.count({ where: { action: 'day_signed_off', targetId: `mdpg/${yesterday}` } })).toBe(
      1,
    );
    const kept = await prisma.dayClose.findUniqueOrThrow({
      where: { councilCode_day: { councilCode: 'mdpg', day: yesterday } },
    });
    await expect(prisma.dayClose.update({ where: { id: kept.id }, data: { signedByEmail: 'x' } })).rejects.toThrow(
      /append-only/,
    );
    await expect(prisma.dayClose.delete({ where: { id: kept.id } })).rejects.toThrow(/append-only/);

    // A refund dated yesterday, recorded today after the sign-off: an adjustment counted today.
    const payment = await prisma.payment.findFirstOrThrow({
      where: { reference: { startsWith: 'CPDAYCLOSE' }, amountSen: 10_000 },
      include: { items: true },
    });
    await prisma.refund.create({
      data: {
        paymentId: payment.id,
        amountSen: 1_500,
        reason: 'Bayaran balik selepas tutup hari',
        staffId,
        staffEmail: 'finance@councilpay.my',
        refundedAt: new Date(`${yesterday}T15:00:00+08:00`),
        items: { create: [{ paymentItemId: payment.items[0].id, amountSen: 1_500, reverseCredit: false }] },
      },
    });
    const after = await report(mdpgAdmin, 'mdpg', yesterday);
    expect(after.signed?.figures).toEqual(before.figures);
    expect(after.figures.total).toEqual(before.figures.total);
    expect(after.adjustmentsAfterSignOff).toEqual([
      expect.objectContaining({
        reference: payment.reference,
        signedDay: yesterday,
        countedDay: today,
        amountSen: 1_500,
      }),
    ]);
    const todays = await report(mdpgAdmin, 'mdpg', today);
    expect(todays.figures.total.refundsMadeSen).toBe(1_500);
    expect(todays.adjustmentsRecorded).toEqual([
      expect.objectContaining({ reference: payment.reference, signedDay: yesterday, amountSen: 1_500 }),
    ]);
    // Reconciliation counts it on the same day as the close.
    const recon = (
      await admin.agent.get(`/api/admin/reconciliation?from=${yesterday}&to=${today}&council=mdpg`).expect(200)
    ).body as ReconciliationReport;
    const made = (day: string) => recon.rows.filter((r) => r.day === day).reduce((n, r) => n + r.refundsMadeSen, 0);
    expect([made(yesterday), made(today)]).toEqual([0, 1_500]);
    // Another council's day is not signed by mdpg's sign-off: its refunds date as usual.
    expect((await report(mpsAdmin, 'mps', yesterday)).signed).toBeNull();
  });

  it('downloads as a PDF with the council name and as CSV, both with the signed figures', async () => {
    const pdf = await mdpgAdmin.agent
      .get(`/api/admin/day-close/mdpg/${yesterday}/report.pdf?lang=en`)
      .buffer(true)
      .parse((res, cb) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => cb(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.body as Buffer);
    expect(text).toContain('Penampang District Council');
    expect(text).toContain('Day close');
    expect(text).toContain('Signed off by');
    expect(text).toContain('RM 125.00');
    const csv = await mdpgAdmin.agent.get(`/api/admin/day-close/mdpg/${yesterday}/report.csv?lang=en`).expect(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.text.charCodeAt(0)).toBe(0xfeff);
    expect(csv.text).toContain('Paid,125.00,0.00,125.00');
    expect(csv.text).toContain('Recorded after sign-off');
    await mpsAdmin.agent.get(`/api/admin/day-close/mdpg/${yesterday}/report.pdf`).expect(403);
  });
});
