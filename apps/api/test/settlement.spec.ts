import type { INestApplication } from '@nestjs/common';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { cardResponseSource, signCardSource } from '@councilpay/fpx';
import {
  CSRF_HEADER,
  SETTLEMENT_LAYOUTS,
  SETTLEMENT_PAGE_LINES,
  malaysiaDay,
  type AdminDashboard,
  type SettlementCheckAnswer,
  type SettlementCheckLine,
  type SettlementCheckSummary,
} from '@councilpay/domain';
import { PrismaService } from '../src/prisma/prisma.service';
import { clearLimits, createUser, signIn, type Browser } from './identity-helpers';
import {
  cardRequest,
  createPayment,
  fpxRequest,
  makePayable,
  postDirectAc,
  postToGateway,
  signedAc,
  sim,
} from './payment-helpers';
import { createTestApi, isolatedDatabaseUrl } from './test-app';

const rm = (sen: number) => (sen / 100).toFixed(2);
const dmy = (day: string) => day.split('-').reverse().join('/');
const FPX_HEADER = SETTLEMENT_LAYOUTS.fpx.join(',');
const CARD_HEADER = SETTLEMENT_LAYOUTS.card.join(',');

interface Paid {
  reference: string;
  invoiceNo: string;
  amountSen: number;
  gatewayTxnId: string;
}

/**
 * The settlement check, both ways and kept, on a database of this file's own: "missing from the file" is every
 * payment paid that day, and the payments other test files make would otherwise be in it.
 */
describe('settlement checks: both ways, kept, resolved', () => {
  let app: INestApplication;
  let prisma: PrismaService;
  let admin: Browser;
  let mdpgAdmin: Browser;
  let mpsAdmin: Browser;
  const today = malaysiaDay();

  beforeAll(async () => {
    app = await createTestApi({ DATABASE_URL: await isolatedDatabaseUrl() });
    prisma = app.get(PrismaService);
    await clearLimits(app);
    admin = await signIn(app, (await createUser(app, { roles: ['_admin'], verified: true })).email);
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

  const check = (browser: Browser, content: string, gateway = 'fpx', fileName = 'settlement.csv') =>
    browser.agent.post('/api/admin/settlements').set(CSRF_HEADER, browser.csrf).send({ gateway, fileName, content });
  const stored = () => Promise.all([prisma.settlementCheck.count(), prisma.settlementCheckLine.count()]);

  async function make(sen: number, council = 'mdpg') {
    return createPayment(app, fpxRequest([(await makePayable(app, { balanceSen: sen, council })).id]));
  }
  async function paid(sen: number, council = 'mdpg'): Promise<Paid> {
    const created = await make(sen, council);
    await postDirectAc(app, signedAc(created.redirect, '00')).expect(200);
    const p = await prisma.payment.findUniqueOrThrow({ where: { reference: created.reference } });
    expect(p.status).toBe('paid');
    return { reference: p.reference, invoiceNo: p.invoiceNo, amountSen: p.amountSen, gatewayTxnId: p.gatewayTxnId! };
  }
  const fpxLine = (p: Paid, over: { day?: string; txnId?: string; amountSen?: number; status?: string } = {}) =>
    `${dmy(over.day ?? today)},${p.invoiceNo},${over.txnId ?? p.gatewayTxnId},${rm(over.amountSen ?? p.amountSen)},${over.status ?? '00'}`;
  const byOrder = (answer: SettlementCheckAnswer, invoiceNo: string) =>
    answer.lines.find((l) => l.orderNo === invoiceNo) as SettlementCheckLine;

  it('finds every kind of mismatch both ways, with the day totals side by side, and keeps the check', async () => {
    const matched = await paid(4_200);
    const differs = await paid(3_000);
    const otherTxn = await paid(2_000);
    const missing = await paid(36_000); // paid with us: the bank's file does not name it
    const notApproved = await paid(1_000);
    const pendingCreated = await make(2_500);
    await postDirectAc(app, signedAc(pendingCreated.redirect, '09')).expect(200);
    const pending = await prisma.payment.findUniqueOrThrow({ where: { reference: pendingCreated.reference } });
    const [checksBefore] = await stored();

    const content = [
      FPX_HEADER,
      fpxLine(matched),
      fpxLine(differs, { amountSen: 2_900 }),
      fpxLine(otherTxn, { txnId: '9999999999999' }),
      `${dmy(today)},99999999999999999999,2611230000003,10.00,00`,
      `${dmy(today)},${pending.invoiceNo},2611230000004,${rm(2_500)},approved`,
      fpxLine(notApproved, { status: '99' }),
    ].join('\r\n');
    const res = await check(admin, content).expect(201);
    const answer = res.body as SettlementCheckAnswer;
    expect(answer.reopened).toBe(false);
    expect(
      [matched, differs, otherTxn].map((p) => [byOrder(answer, p.invoiceNo).line, byOrder(answer, p.invoiceNo).result]),
    ).toEqual([
      [2, 'matched'],
      [3, 'amount_differs'],
      [4, 'txn_id_differs'],
    ]);
    expect(byOrder(answer, '99999999999999999999')).toMatchObject({ line: 5, result: 'unknown_order' });
    expect(byOrder(answer, pending.invoiceNo)).toMatchObject({
      line: 6,
      result: 'approved_not_ours',
      paymentStatus: 'pending',
      reference: pending.reference,
    });
    expect(byOrder(answer, notApproved.invoiceNo)).toMatchObject({ line: 7, result: 'not_approved_by_bank' });
    // Both ways: RM 360.00 paid with us that day, named by no line.
    expect(byOrder(answer, missing.invoiceNo)).toMatchObject({
      line: null,
      result: 'missing_from_file',
      reference: missing.reference,
      paymentAmountSen: 36_000,
      paidDay: today,
    });
    // Every payment of ours paid today by FPX and named by no line is listed (this file's database only).
    const paidToday = await prisma.payment.findMany({
      where: {
        method: 'fpx',
        status: { in: ['paid', 'refunded'] },
        paidAt: { gte: new Date(`${today}T00:00:00+08:00`) },
      },
      select: { invoiceNo: true, amountSen: true },
    });
    const named = new Set(content.split('\r\n').map((l) => l.split(',')[1]));
    const missingAll = await linesOf(answer.check.id, 'missing_from_file');
    expect(missingAll.map((l) => l.orderNo).sort()).toEqual(
      paidToday
        .filter((p) => !named.has(p.invoiceNo))
        .map((p) => p.invoiceNo)
        .sort(),
    );
    // The day's totals: the bank's approvals and our payments paid today by FPX.
    expect(answer.check).toMatchObject({
      gateway: 'fpx',
      day: today,
      fileLines: 6,
      bankTotalSen: 4_200 + 2_900 + 2_000 + 1_000 + 2_500,
      ourTotalSen: paidToday.reduce((n, p) => n + p.amountSen, 0),
    });
    expect(answer.check.differenceSen).toBe(answer.check.bankTotalSen - answer.check.ourTotalSen);
    expect(answer.check.counts).toMatchObject({
      matched: 1,
      amount_differs: 1,
      txn_id_differs: 1,
      unknown_order: 1,
      approved_not_ours: 1,
      not_approved_by_bank: 1,
      missing_from_file: missingAll.length,
    });
    expect(answer.check.unresolved).toBe(5 + missingAll.length);
    // The lines needing a look come first.
    expect(answer.lines[0].result).not.toBe('matched');
    expect(answer.lines.at(-1)?.result).toBe('matched');

    // Kept: the check, every line, the file's SHA-256; and audited.
    const kept = await prisma.settlementCheck.findUniqueOrThrow({ where: { id: answer.check.id } });
    expect(kept).toMatchObject({ fileName: 'settlement.csv', day: today, lineCount: 6 });
    expect(kept.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(await prisma.settlementCheckLine.count({ where: { checkId: kept.id } })).toBe(6 + missingAll.length);
    expect(await prisma.settlementCheck.count()).toBe(checksBefore + 1);
    expect(await prisma.staffAudit.count({ where: { action: 'settlement_import', targetId: kept.sha256 } })).toBe(1);
    // Nothing about a payment changed.
    expect((await prisma.payment.findUniqueOrThrow({ where: { id: pending.id } })).status).toBe('pending');

    // The same file again opens the stored check: no second check, no second set of lines.
    const again = (await check(admin, content, 'fpx', 'renamed.csv').expect(200)).body as SettlementCheckAnswer;
    expect(again).toMatchObject({ reopened: true, check: { id: kept.id, fileName: 'settlement.csv' } });
    expect(await prisma.settlementCheck.count()).toBe(checksBefore + 1);
    // ... and it can be opened by its id.
    const opened = (await admin.agent.get(`/api/admin/settlements/${kept.id}`).expect(200))
      .body as SettlementCheckAnswer;
    expect(opened.check.counts).toEqual(answer.check.counts);
  });

  it('a line dated two days before its payment was made is not "matched"', async () => {
    const p = await paid(1_234);
    const earlier = malaysiaDay(-2);
    const answer = (await check(admin, [FPX_HEADER, fpxLine(p, { day: earlier })].join('\n')).expect(201))
      .body as SettlementCheckAnswer;
    expect(answer.check.day).toBe(earlier);
    expect(byOrder(answer, p.invoiceNo)).toMatchObject({ line: 2, result: 'date_differs', paidDay: today });
  });

  it("checks a card gateway's file in its own layout", async () => {
    const bill = await makePayable(app, { balanceSen: 5_500 });
    const created = await createPayment(app, cardRequest([bill.id], '48'));
    await postToGateway(created.redirect);
    const secret = readFileSync(join(inject('devKeysDir'), 'card.secret'), 'utf8').trim();
    const fields: Record<string, string> = {
      merchantCode: 'CPDEMO0001',
      paymentId: '48',
      refNo: created.invoiceNo,
      amount: '55.00',
      currency: 'MYR',
      remark: '',
      transId: `CT${Date.now()}`,
      authCode: 'AB12CD',
      status: '1',
      errDesc: '',
    };
    fields.signature = signCardSource(cardResponseSource(fields), secret);
    await request(app.getHttpServer()).post('/api/gateways/card/callback').type('form').send(fields).expect(200);
    const payment = await prisma.payment.findUniqueOrThrow({ where: { reference: created.reference } });
    expect(payment.status).toBe('paid');
    const content = [CARD_HEADER, `${dmy(today)},${created.invoiceNo},${fields.transId},55.00,1,AB12CD,Visa`].join(
      '\n',
    );
    const answer = (await check(admin, content, 'card').expect(201)).body as SettlementCheckAnswer;
    expect(answer.check.gateway).toBe('card');
    expect(byOrder(answer, created.invoiceNo)).toMatchObject({ line: 2, result: 'matched' });
    // An FPX payment is not missing from a card file, and a card file is not read as FPX.
    expect(answer.lines.every((l) => l.result !== 'missing_from_file' || l.reference !== null)).toBe(true);
    const fpxMissing = await prisma.payment.count({
      where: { method: 'fpx', invoiceNo: { in: answer.lines.map((l) => l.orderNo) } },
    });
    expect(fpxMissing).toBe(0);
    expect((await check(admin, content, 'fpx').expect(400)).body.details.errors[0]).toMatchObject({
      line: 1,
      code: 'header',
    });
  });

  it('bad files are refused whole with a message naming each line, and nothing is kept', async () => {
    const p = await paid(4_000);
    const before = await stored();
    const refused = async (browser: Browser, lines: string[]) => {
      const res = await check(browser, lines.join('\n')).expect(400);
      expect(res.body.code).toBe('settlement_invalid');
      return (res.body.details.errors as { line: number; code: string }[]).map((e) => [e.line, e.code]);
    };
    expect(await refused(admin, ['date,order,amount', fpxLine(p)])).toEqual([[1, 'header']]);
    expect(await refused(admin, [FPX_HEADER, fpxLine(p), fpxLine(p, { day: malaysiaDay(-1), txnId: '1' })])).toEqual([
      [3, 'other_day'],
    ]);
    expect(await refused(admin, [FPX_HEADER, fpxLine(p), fpxLine(p)])).toEqual([[3, 'duplicate']]);
    expect(await refused(admin, [FPX_HEADER, fpxLine(p, { day: malaysiaDay(1) })])).toEqual([[2, 'future_date']]);
    expect(await refused(admin, [FPX_HEADER, `${dmy(today)},${p.invoiceNo},${p.gatewayTxnId},"4,000.00",00`])).toEqual([
      [2, 'thousands_separator'],
    ]);
    expect(await refused(admin, [FPX_HEADER, `${dmy(today)},${p.invoiceNo},${p.gatewayTxnId}`])).toEqual([
      [2, 'columns'],
    ]);
    // A council admin's file naming another council's payment.
    const mps = await paid(1_500, 'mps');
    expect(await refused(mdpgAdmin, [FPX_HEADER, fpxLine(p), fpxLine(mps)])).toEqual([[3, 'other_council']]);
    expect(await stored()).toEqual(before);
    expect((await check(admin, 'x').expect(400)).body.code).toBe('settlement_invalid');
    await admin.agent
      .post('/api/admin/settlements')
      .set(CSRF_HEADER, admin.csrf)
      .send({ gateway: 'cheque', fileName: 'x.csv', content: FPX_HEADER })
      .expect(400);
    expect(await stored()).toEqual(before);
  });

  it("a council admin's check covers their councils only, and is theirs to open", async () => {
    const mine = await paid(2_200, 'mdpg');
    const theirs = await paid(3_300, 'mps');
    const answer = (await check(mdpgAdmin, [FPX_HEADER, fpxLine(mine)].join('\n')).expect(201))
      .body as SettlementCheckAnswer;
    const missing = await linesOf(answer.check.id, 'missing_from_file');
    expect(missing.map((l) => l.orderNo)).not.toContain(theirs.invoiceNo);
    expect(missing.every((l) => l.councils.includes('mdpg'))).toBe(true);
    expect(answer.check.councils).toEqual(['mdpg']);
    await mpsAdmin.agent.get(`/api/admin/settlements/${answer.check.id}`).expect(404);
    const listed = (await mpsAdmin.agent.get('/api/admin/settlements').expect(200)).body as SettlementCheckSummary[];
    expect(listed.map((c) => c.id)).not.toContain(answer.check.id);
    const adminList = (await admin.agent.get('/api/admin/settlements').expect(200)).body as SettlementCheckSummary[];
    expect(adminList.map((c) => c.id)).toContain(answer.check.id);
  });

  it('each mismatch is resolved once by a named officer: requery, a note or a refund, all audited', async () => {
    // The bank approved it and told nobody: asking it again makes it paid.
    const silentCreated = await make(7_700);
    await postToGateway(silentCreated.redirect);
    await sim(`/sim/fpx/${silentCreated.invoiceNo}/settle`, { action: 'approve', sendDirect: false });
    const silent = await prisma.payment.findUniqueOrThrow({ where: { reference: silentCreated.reference } });
    const differs = await paid(5_000);
    const goneInvoiceNo = (await paid(6_600)).invoiceNo;
    const content = [
      FPX_HEADER,
      `${dmy(today)},${silent.invoiceNo},2611239000001,${rm(7_700)},00`,
      fpxLine(differs, { amountSen: 4_900 }),
    ].join('\n');
    const answer = (await check(admin, content).expect(201)).body as SettlementCheckAnswer;
    const unresolvedOnDashboard = async () =>
      ((await admin.agent.get('/api/admin/dashboard').expect(200)).body as AdminDashboard).mismatches.settlement;
    const dashboardBefore = await unresolvedOnDashboard();
    expect(dashboardBefore).toBeGreaterThanOrEqual(answer.check.unresolved);
    const resolve = (browser: Browser, line: SettlementCheckLine, body: Record<string, unknown>) =>
      browser.agent
        .post(`/api/admin/settlements/${answer.check.id}/lines/${line.id}/resolution`)
        .set(CSRF_HEADER, browser.csrf)
        .send(body);

    const approvedNotOurs = byOrder(answer, silent.invoiceNo);
    expect(approvedNotOurs.result).toBe('approved_not_ours');
    const requeried = (await resolve(admin, approvedNotOurs, { kind: 'requery' }).expect(200))
      .body as SettlementCheckLine;
    expect(requeried.resolution).toMatchObject({ kind: 'requeried' });
    expect(requeried.resolution?.note).toContain('paid');
    expect((await prisma.payment.findUniqueOrThrow({ where: { id: silent.id } })).status).toBe('paid');

    const amount = byOrder(answer, differs.invoiceNo);
    // A note must say something; a refund must be one of this payment's.
    await resolve(admin, amount, { kind: 'note', note: 'x' }).expect(400);
    await resolve(admin, amount, { kind: 'refund', refundId: '00000000-0000-4000-8000-000000000000' }).expect(400);
    // Not the council admin of another council.
    await resolve(mpsAdmin, amount, { kind: 'note', note: 'Bank charged a fee of RM 1.00' }).expect(404);
    const noted = (await resolve(admin, amount, { kind: 'note', note: 'Bank charged a fee of RM 1.00' }).expect(200))
      .body as SettlementCheckLine;
    expect(noted.resolution).toMatchObject({ kind: 'explained', note: 'Bank charged a fee of RM 1.00' });
    expect(noted.resolution?.by).toMatch(/@/);
    // Once only; a matched line has nothing to resolve.
    expect((await resolve(admin, amount, { kind: 'note', note: 'again and again' }).expect(409)).body.code).toBe(
      'settlement_already_resolved',
    );
    // A payment paid with us that the bank's file leaves out, given back: its refund resolves the line.
    const gone = byOrder(answer, goneInvoiceNo);
    expect(gone.result).toBe('missing_from_file');
    const gonePayment = await prisma.payment.findUniqueOrThrow({
      where: { invoiceNo: goneInvoiceNo },
      include: { items: true },
    });
    const refund = await prisma.refund.create({
      data: {
        paymentId: gonePayment.id,
        amountSen: 100,
        reason: 'Not in the bank settlement: given back',
        staffId: 'settlement-test',
        staffEmail: 'finance@councilpay.my',
        refundedAt: new Date(),
        items: { create: [{ paymentItemId: gonePayment.items[0].id, amountSen: 100, reverseCredit: false }] },
      },
    });
    const refunded = (await resolve(admin, gone, { kind: 'refund', refundId: refund.id }).expect(200))
      .body as SettlementCheckLine;
    expect(refunded.resolution).toMatchObject({ kind: 'refund', refundId: refund.id });
    expect(await prisma.staffAudit.count({ where: { action: 'settlement_resolve' } })).toBe(3);
    // The database keeps a resolution as written.
    await expect(
      prisma.settlementCheckLine.update({ where: { id: BigInt(noted.id) }, data: { resolutionNote: 'edited' } }),
    ).rejects.toThrow(/not changed again/);
    await expect(prisma.settlementCheckLine.delete({ where: { id: BigInt(noted.id) } })).rejects.toThrow(/kept/);
    const after = (await admin.agent.get(`/api/admin/settlements/${answer.check.id}`).expect(200))
      .body as SettlementCheckAnswer;
    expect(after.check.unresolved).toBe(answer.check.unresolved - 3);
    // The dashboard counts the mismatches nobody has resolved: three fewer.
    expect(await unresolvedOnDashboard()).toBe(dashboardBefore - 3);
  });

  it('a day of 20,000 lines is checked and kept, answered a page at a time', async () => {
    const known = [await paid(4_200), await paid(1_500, 'mps')];
    const lines = known.map((p) => fpxLine(p));
    for (let n = lines.length; n < 20_000; n++) {
      lines.push(`${dmy(today)},9${String(n).padStart(19, '0')},2611238${String(n).padStart(6, '0')},12.50,00`);
    }
    const content = [FPX_HEADER, ...lines].join('\r\n');
    const started = Date.now();
    const res = await check(admin, content, 'fpx', 'fpx-settlement-big.csv').expect(201);
    const answer = res.body as SettlementCheckAnswer;
    process.stdout.write(
      `[settlement] 20,000 lines checked and kept in ${Date.now() - started} ms, answer ${res.text.length} bytes\n`,
    );
    expect(answer.check.fileLines).toBe(20_000);
    expect(answer.check.counts).toMatchObject({ matched: 2, unknown_order: 19_998 });
    expect(answer.lines).toHaveLength(SETTLEMENT_PAGE_LINES);
    expect(answer.more).toBe(true);
    expect(res.text.length).toBeLessThan(200_000);
    const page = await admin.agent
      .get(`/api/admin/settlements/${answer.check.id}/lines?result=matched&_start=0&_end=50`)
      .expect(200);
    expect(page.headers['x-total-count']).toBe('2');
    expect((page.body as SettlementCheckLine[]).map((l) => l.orderNo).sort()).toEqual(
      known.map((p) => p.invoiceNo).sort(),
    );
  }, 120_000);

  async function linesOf(checkId: string, result: string): Promise<SettlementCheckLine[]> {
    const res = await admin.agent.get(`/api/admin/settlements/${checkId}/lines?result=${result}&_end=500`).expect(200);
    return res.body as SettlementCheckLine[];
  }
});
