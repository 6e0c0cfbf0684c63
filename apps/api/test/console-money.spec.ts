import type { INestApplication } from '@nestjs/common';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CommandBus } from '@nestjs/cqrs';
import { CSRF_HEADER, type AdminPaymentRow, type ReconciliationReport, type StaffAuditRow } from '@councilpay/domain';
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type request from 'supertest';
import { ExportPaymentsService } from '../src/admin/payments/export-payments/export-payments.service';
import { ExpirePaymentCommand } from '../src/payments/commands/expire-payment/expire-payment.command';
import { PrismaService } from '../src/prisma/prisma.service';
import { clearLimits, createUser, signIn, uniqueEmail, type Browser } from './identity-helpers';
import { createPayment, fpxRequest, makePayable, postDirectAc, signedAc } from './payment-helpers';
import { readCsv } from './csv';
import { createTestApi } from './test-app';

/** Reads a response body as text, whatever its type (CSV is not parsed by supertest). */
function text(res: request.Response, cb: (err: Error | null, body: string) => void) {
  const stream = res as unknown as IncomingMessage;
  let body = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => (body += chunk));
  stream.on('end', () => cb(null, body));
}

describe('staff console money screens: payments CSV, reconciliation figures', () => {
  let app: INestApplication;
  let prisma: PrismaService;
  let admin: Browser;
  let mdpgAdmin: Browser;

  beforeAll(async () => {
    app = await createTestApi();
    prisma = app.get(PrismaService);
    await clearLimits(app);
    const staff = await createUser(app, { email: uniqueEmail('money-admin'), roles: ['_admin'], verified: true });
    const mdpg = await createUser(app, { roles: ['council_admin'], councils: ['mdpg'], verified: true });
    admin = await signIn(app, staff.email);
    mdpgAdmin = await signIn(app, mdpg.email);
  });
  afterAll(async () => {
    await app.close();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    ExportPaymentsService.batchSize = 1_000;
  });

  async function paid(councils: string[], payerName = 'Siti Aminah', payerEmail = uniqueEmail('csv-payer')) {
    const bills = await Promise.all(councils.map((council) => makePayable(app, { balanceSen: 2_550, council })));
    const created = await createPayment(
      app,
      fpxRequest(
        bills.map((b) => b.id),
        { payer: { name: payerName, email: payerEmail, phone: '0198765432' } },
      ),
    );
    await postDirectAc(app, signedAc(created.redirect, '00')).expect(200);
    return created;
  }

  const csv = (browser: Browser, query: string) =>
    browser.agent.get(`/api/admin/payments.csv?${query}`).buffer(true).parse(text).expect(200);

  it('exports the filtered list as UTF-8 CSV with a BOM, RM with 2 decimals, DD/MM/YYYY Malaysian time and the refunded amount', async () => {
    const payerEmail = uniqueEmail('csv-filter');
    const a = await paid(['mdpg'], '=HYPERLINK("x"), "Ali"', payerEmail);
    const b = await paid(['mdpg', 'mps'], 'Tan 陈', payerEmail);
    await paid(['mdpg']); // another payer: not in the filtered file
    const item = await prisma.paymentItem.findFirstOrThrow({ where: { payment: { reference: a.reference } } });
    await admin.agent
      .post(`/api/admin/payments/${a.reference}/refunds`)
      .set(CSRF_HEADER, admin.csrf)
      .send({ reason: 'Dibayar dua kali', items: [{ itemId: item.id, amountSen: 1_005, reverseCredit: false }] })
      .expect(201);

    const res = await csv(admin, `payerEmail=${encodeURIComponent(payerEmail)}&lang=en`);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="councilpay-payments-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const body = res.body as string;
    expect(body.charCodeAt(0)).toBe(0xfeff);
    const [header, ...rows] = await readCsv(body);
    expect(header).toEqual([
      'Reference',
      'Invoice no.',
      'Gateway transaction id',
      'Made at',
      'Paid at',
      'Status',
      'Paid late',
      'Method',
      'Bank or card',
      'Councils',
      'Account nos.',
      'Receipt nos.',
      'Payer',
      'Payer email',
      'Payer phone',
      'Amount (RM)',
      "Your councils' share (RM)",
      'Refunded (RM)',
      'Net (RM)',
      'Refund due (RM)',
    ]);
    // Newest first, as the list.
    expect(rows.map((r) => r[0])).toEqual([b.reference, a.reference]);
    const list = (await admin.agent.get(`/api/admin/payments?payerEmail=${encodeURIComponent(payerEmail)}`).expect(200))
      .body as AdminPaymentRow[];
    expect(rows.map((r) => r[0])).toEqual(list.map((p) => p.reference));
    const payment = await prisma.payment.findUniqueOrThrow({
      where: { reference: a.reference },
      include: { items: true },
    });
    const myt = (d: Date) => new Date(d.getTime() + 8 * 3_600_000).toISOString();
    const created = myt(payment.createdAt);
    expect(rows[1]).toEqual([
      a.reference,
      // Digits a spreadsheet would turn into a rounded number are written as text.
      `="${a.invoiceNo}"`,
      `="${payment.gatewayTxnId}"`,
      `${created.slice(8, 10)}/${created.slice(5, 7)}/${created.slice(0, 4)} ${created.slice(11, 16)}`,
      expect.stringMatching(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/),
      'Paid',
      'No',
      'FPX',
      'MB2U0227',
      'mdpg',
      payment.items[0].accountNo,
      payment.items[0].receiptNo,
      // A payer's text that a spreadsheet would run as a formula stays text.
      `'=HYPERLINK("x"), "Ali"`,
      payerEmail,
      '="+60198765432"',
      '25.50',
      '25.50',
      '10.05',
      '15.45',
      '0.00',
    ]);
    expect([rows[0][9], rows[0][12]]).toEqual(['mdpg mps', 'Tan 陈']);
    expect(rows[0][15]).toBe('51.00');

    // Audited: who exported, with which filters.
    const audit = (await admin.agent.get('/api/admin/audit?action=payments_export').expect(200))
      .body as StaffAuditRow[];
    expect(audit[0]).toMatchObject({ action: 'payments_export', targetType: 'payments_export' });
    expect(audit[0].after).toMatchObject({ filters: { payerEmail }, language: 'en' });
  });

  it("read back by a spreadsheet library (exceljs), ids stay whole text and money stays numbers; a council admin's file has their share", async () => {
    const payerEmail = uniqueEmail('csv-sheet');
    const mixed = await paid(['mdpg', 'mps'], 'Siti', payerEmail);
    const payment = await prisma.payment.findUniqueOrThrow({ where: { reference: mixed.reference } });
    const read = async (browser: Browser) => {
      const body = (await csv(browser, `payerEmail=${encodeURIComponent(payerEmail)}&lang=en`)).body as string;
      const sheet = await new ExcelJS.Workbook().csv.read(Readable.from([body.slice(1)]));
      const header = (sheet.getRow(1).values as unknown[]).slice(1);
      const row = (sheet.getRow(2).values as unknown[]).slice(1);
      return (name: string) => row[header.indexOf(name)];
    };
    // What a spreadsheet shows for ="…": the text inside.
    const shown = (cell: unknown) => (typeof cell === 'string' ? cell.replace(/^="(.*)"$/, '$1') : cell);
    const all = await read(admin);
    expect(typeof all('Invoice no.')).toBe('string');
    expect(shown(all('Invoice no.'))).toBe(payment.invoiceNo);
    expect(shown(all('Gateway transaction id'))).toBe(payment.gatewayTxnId);
    expect(shown(all('Payer phone'))).toBe('+60198765432');
    expect(all('Amount (RM)')).toBe(51);
    expect(all("Your councils' share (RM)")).toBe(51);
    // The same 20 digits written plainly are what a spreadsheet rounds: the reason for the text form.
    const plain = await new ExcelJS.Workbook().csv.read(Readable.from([`n\r\n${payment.invoiceNo}\r\n`]));
    expect(String(plain.getRow(2).getCell(1).value)).not.toBe(payment.invoiceNo);
    // A council admin of mdpg: the payment's whole amount, and mdpg's share of it.
    const mine = await read(mdpgAdmin);
    expect(mine('Amount (RM)')).toBe(51);
    expect(mine("Your councils' share (RM)")).toBe(25.5);
    expect(mine('Net (RM)')).toBe(25.5);
  });

  it('takes the list filters in react-admin form too, and Malay headers by default', async () => {
    const payerEmail = uniqueEmail('csv-ra');
    const a = await paid(['mdpg'], 'Aminah', payerEmail);
    const filter = encodeURIComponent(JSON.stringify({ payerEmail, status: ['paid'] }));
    const body = (await csv(admin, `filter=${filter}`)).body as string;
    const [header, ...rows] = await readCsv(body);
    expect(header[0]).toBe('Rujukan');
    expect(rows.map((r) => r[0])).toEqual([a.reference]);
    expect(rows[0][5]).toBe('Telah dibayar');
  });

  it('gives a council admin only the payments of their councils, and refuses bad filters with a 400', async () => {
    const payerEmail = uniqueEmail('csv-scope');
    const mdpgOnly = await paid(['mdpg'], 'A', payerEmail);
    const mixed = await paid(['mdpg', 'mps'], 'B', payerEmail);
    await paid(['mps'], 'C', payerEmail);
    const mine = await readCsv((await csv(mdpgAdmin, `payerEmail=${encodeURIComponent(payerEmail)}`)).body as string);
    expect(mine.slice(1).map((r) => r[0])).toEqual([mixed.reference, mdpgOnly.reference]);
    const all = await readCsv((await csv(admin, `payerEmail=${encodeURIComponent(payerEmail)}`)).body as string);
    expect(all).toHaveLength(4);
    await mdpgAdmin.agent.get('/api/admin/payments.csv?status=nope').expect(400);
    await mdpgAdmin.agent.get('/api/admin/payments.csv?lang=fr').expect(400);
  });

  it('reads the payments in keyset batches and writes each as it comes, never the whole set at once', async () => {
    const payerEmail = uniqueEmail('csv-batches');
    const refs: string[] = [];
    for (let i = 0; i < 5; i++) refs.push((await paid(['mdpg'], `Payer ${i}`, payerEmail)).reference);
    ExportPaymentsService.batchSize = 2;
    const findMany = vi.spyOn(prisma.payment, 'findMany');
    // Sent as written, not through the compressor (which keeps every 'drain' listener a long download adds).
    const res = await csv(admin, `payerEmail=${encodeURIComponent(payerEmail)}`).set('Accept-Encoding', 'gzip');
    expect(res.headers['content-length']).toBeUndefined();
    expect(res.headers['content-encoding']).toBeUndefined();
    const rows = (await readCsv(res.body as string)).slice(1);
    expect(rows.map((r) => r[0])).toEqual([...refs].reverse());
    // 2 + 2 + 1 rows: three reads, none asking for more than a batch.
    expect(findMany).toHaveBeenCalledTimes(3);
    for (const [args] of findMany.mock.calls) expect(args?.take).toBe(2);
  });

  it('reconciliation counts and sums the payments of a day still pending, failed, expired and refunded', async () => {
    const council = 'mpt';
    const mytDay = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);
    const range = `from=${mytDay(Date.now() - 86_400_000)}&to=${mytDay(Date.now() + 86_400_000)}&council=${council}`;
    const totals = async () => {
      const report = (await admin.agent.get(`/api/admin/reconciliation?${range}`).expect(200))
        .body as ReconciliationReport;
      const t = {
        paymentsPending: 0,
        pendingSen: 0,
        paymentsFailed: 0,
        failedSen: 0,
        paymentsExpired: 0,
        expiredSen: 0,
        paymentsRefunded: 0,
        refundedSen: 0,
      };
      for (const row of report.rows) for (const k of Object.keys(t) as (keyof typeof t)[]) t[k] += row[k];
      return t;
    };
    const before = await totals();
    const make = async (sen: number) =>
      createPayment(app, fpxRequest([(await makePayable(app, { balanceSen: sen, council })).id]));
    const pending = await make(1_100);
    await postDirectAc(app, signedAc(pending.redirect, '09')).expect(200);
    const failed = await make(1_200);
    await postDirectAc(app, signedAc(failed.redirect, '51')).expect(200);
    const expired = await make(1_300);
    await app.get(CommandBus).execute(new ExpirePaymentCommand(expired.reference));
    const refunded = await paidIn(council, 1_400);
    const item = await prisma.paymentItem.findFirstOrThrow({ where: { payment: { reference: refunded } } });
    await admin.agent
      .post(`/api/admin/payments/${refunded}/refunds`)
      .set(CSRF_HEADER, admin.csrf)
      .send({ reason: 'Dipulangkan', items: [{ itemId: item.id, amountSen: 1_400, reverseCredit: true }] })
      .expect(201);
    const after = await totals();
    expect({
      paymentsPending: after.paymentsPending - before.paymentsPending,
      pendingSen: after.pendingSen - before.pendingSen,
      paymentsFailed: after.paymentsFailed - before.paymentsFailed,
      failedSen: after.failedSen - before.failedSen,
      paymentsExpired: after.paymentsExpired - before.paymentsExpired,
      expiredSen: after.expiredSen - before.expiredSen,
      paymentsRefunded: after.paymentsRefunded - before.paymentsRefunded,
      refundedSen: after.refundedSen - before.refundedSen,
    }).toEqual({
      paymentsPending: 1,
      pendingSen: 1_100,
      paymentsFailed: 1,
      failedSen: 1_200,
      paymentsExpired: 1,
      expiredSen: 1_300,
      paymentsRefunded: 1,
      refundedSen: 1_400,
    });
  });

  it('lists the payments paid on a day (paidFrom, paidTo), apart from those made on it', async () => {
    const council = 'mdktn';
    const mytDay = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);
    const today = mytDay(Date.now());
    const reference = await paidIn(council, 2_300);
    // Made two days ago, paid today (a payer who came back, or a late approval).
    await prisma.payment.update({
      where: { reference },
      data: { createdAt: new Date(Date.now() - 2 * 86_400_000) },
    });
    const list = async (query: string) =>
      (
        (await admin.agent.get(`/api/admin/payments?council=${council}&${query}&_end=1000`).expect(200))
          .body as AdminPaymentRow[]
      ).map((r) => r.reference);
    const paidToday = await list(`paidFrom=${today}&paidTo=${today}`);
    expect(paidToday).toContain(reference);
    expect(await list(`from=${today}&to=${today}`)).not.toContain(reference);
    expect(await list(`paidTo=${mytDay(Date.now() - 86_400_000)}`)).not.toContain(reference);

    const bad = await admin.agent.get('/api/admin/payments?paidFrom=yesterday').expect(400);
    expect(JSON.stringify(bad.body)).toContain('paidFrom must be YYYY-MM-DD or an ISO date-time');
  });

  async function paidIn(council: string, sen: number): Promise<string> {
    const created = await createPayment(app, fpxRequest([(await makePayable(app, { balanceSen: sen, council })).id]));
    await postDirectAc(app, signedAc(created.redirect, '00')).expect(200);
    return created.reference;
  }
});
