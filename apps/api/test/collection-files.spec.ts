import { createHash } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CSRF_HEADER,
  malaysiaDay,
  PAYMENT_TOKEN_HEADER,
  type AdminRecordRefundResult,
  type CollectionFileReproduction,
  type CollectionFileRow,
  type DayCloseReport,
} from '@councilpay/domain';
import { PrismaService } from '../src/prisma/prisma.service';
import { dayBounds } from '../src/money/council-days';
import { CollectionFiles } from '../src/webhooks/collection-files/collection-files';
import { readCsv } from './csv';
import { clearLimits, createUser, signIn, type Browser } from './identity-helpers';
import { createPayment, fpxRequest, makePayable, postDirectAc, signedAc } from './payment-helpers';
import { isolatedDatabaseUrl, startListeningApi } from './test-app';

const GRACE_MS = 2 * 3600_000;

/**
 * The daily collection file: a council's day of credits, refunds and late approvals with control totals, as
 * CSV and JSON Lines, kept with its SHA-256; its totals are the day's close figures; produced again it is the
 * same bytes. A database of its own: the day's figures are this test's payments only.
 */
describe('daily collection files', () => {
  let app: INestApplication;
  let prisma: PrismaService;
  let files: CollectionFiles;
  let admin: Browser;
  let mpsAdmin: Browser;
  const today = malaysiaDay();
  /** A moment at which today is over and its grace has passed. */
  const afterToday = new Date(dayBounds(today).end.getTime() + GRACE_MS + 1_000);

  const pay = async (bills: string[]) => {
    const created = await createPayment(app, fpxRequest(bills));
    await postDirectAc(app, signedAc(created.redirect, '00')).expect(200);
    return created;
  };
  const cancel = async (created: { reference: string; paymentToken?: string | null }) =>
    request(app.getHttpServer())
      .post(`/api/payments/${created.reference}/cancel`)
      .set(PAYMENT_TOKEN_HEADER, created.paymentToken!)
      .expect(200);
  const refund = async (reference: string, body: Record<string, unknown>, path = 'refunds') =>
    (
      await admin.agent
        .post(`/api/admin/payments/${reference}/${path}`)
        .set(CSRF_HEADER, admin.csrf)
        .send(body)
        .expect(201)
    ).body as AdminRecordRefundResult;

  beforeAll(async () => {
    app = await startListeningApi({
      DATABASE_URL: await isolatedDatabaseUrl(),
      COLLECTION_FILE_GRACE_MS: String(GRACE_MS),
      COLLECTION_FILE_CATCH_UP_DAYS: '2',
    });
    prisma = app.get(PrismaService);
    files = app.get(CollectionFiles);
    await clearLimits(app);
    admin = await signIn(app, (await createUser(app, { roles: ['_admin'], verified: true })).email);
    mpsAdmin = await signIn(
      app,
      (await createUser(app, { roles: ['council_admin'], councils: ['mps'], verified: true })).email,
    );

    // Today in mdpg: a cart of two bills (and one of mps), a payment partly refunded, a refund made by mistake
    // and corrected, a late approval credited and one whose bill was settled meanwhile (owed back).
    const cart = [
      await makePayable(app, { balanceSen: 12_345 }),
      await makePayable(app, { balanceSen: 6_789 }),
      await makePayable(app, { balanceSen: 1_000, council: 'mps' }),
    ];
    await pay(cart.map((b) => b.id));
    const refunded = await pay([(await makePayable(app, { balanceSen: 20_000 })).id]);
    const refundedItem = await prisma.paymentItem.findFirstOrThrow({
      where: { payment: { reference: refunded.reference } },
    });
    await refund(refunded.reference, {
      reason: 'Terlebih bayar',
      refundedAt: today,
      items: [{ itemId: refundedItem.id, amountSen: 5_000, reverseCredit: true }],
    });
    const mistaken = await refund(refunded.reference, {
      reason: 'Tersilap',
      refundedAt: today,
      items: [{ itemId: refundedItem.id, amountSen: 1_500, reverseCredit: false }],
    });
    await refund(refunded.reference, { reason: 'Tersilap rekod' }, `refunds/${mistaken.refund.id}/corrections`);

    const lateBill = await makePayable(app, { balanceSen: 5_500 });
    const late = await createPayment(app, fpxRequest([lateBill.id]));
    await cancel(late);
    await postDirectAc(app, signedAc(late.redirect, '00')).expect(200);

    const settled = await makePayable(app, { balanceSen: 2_000 });
    const owed = await createPayment(app, fpxRequest([settled.id]));
    await cancel(owed);
    await pay([settled.id]);
    await postDirectAc(app, signedAc(owed.redirect, '00')).expect(200);
  });
  afterAll(async () => {
    await app?.close();
  });

  const figures = async (council: string) =>
    ((await admin.agent.get(`/api/admin/day-close?council=${council}&day=${today}`).expect(200)).body as DayCloseReport)
      .figures.total;

  it("its control totals are the day's close: credited, items credited and refunds made (a correction counted back)", async () => {
    const lines = await files.lines('mdpg', today);
    const { files: rendered, trailer } = await files.render('mdpg', today);
    const total = await figures('mdpg');
    // 2 cart items + the refunded payment + the late approval credited + the bill that settled the owed one.
    expect(trailer.credits).toEqual({ lines: 5, sen: 12_345 + 6_789 + 20_000 + 5_500 + 2_000 });
    expect(trailer.credits).toEqual({ lines: total.itemsCredited, sen: total.creditedSen });
    // 5,000 given back, 1,500 given back by mistake and taken back by its correction.
    expect(trailer.refunds).toEqual({ lines: 3, sen: 5_000 });
    expect(trailer.refunds.sen).toBe(total.refundsMadeSen);
    expect(trailer.lateApprovals).toEqual({ lines: 2, sen: 7_500, owedBackSen: 2_000 });
    expect(trailer.netSen).toBe(total.creditedSen - total.refundsMadeSen);
    expect(
      lines
        .filter((l) => l.kind === 'refund')
        .map((l) => l.amountSen)
        .sort(),
    ).toEqual([-1_500, 1_500, 5_000]);
    expect(lines.filter((l) => l.kind === 'credit' && l.late).map((l) => l.amountSen)).toEqual([5_500]);

    // The mps file has the mps item only.
    const mps = await files.render('mps', today);
    expect(mps.trailer.credits).toEqual({ lines: 1, sen: 1_000 });
    expect(mps.trailer.credits.sen).toBe((await figures('mps')).creditedSen);

    // The CSV, read back by a CSV library: a header, one D row per line, T rows whose sums are the trailer's.
    const csv = rendered.find((f) => f.format === 'csv')!;
    const rows = await readCsv(csv.content.toString('utf8'));
    expect(rows[0].slice(0, 5)).toEqual(['record', 'line_no', 'council', 'day', 'kind']);
    const details = rows.filter((r) => r[0] === 'D');
    expect(details).toHaveLength(trailer.lines);
    const totals = Object.fromEntries(rows.filter((r) => r[0] === 'T').map((r) => [r[4], r]));
    const col = (name: string) => rows[0].indexOf(name);
    expect(totals.credit[col('amount_sen')]).toBe(String(total.creditedSen));
    expect(totals.credit[col('amount_rm')]).toBe((total.creditedSen / 100).toFixed(2));
    expect(totals.credit[col('line_no')]).toBe('5');
    expect(totals.refund[col('amount_sen')]).toBe(String(total.refundsMadeSen));
    expect(totals.net[col('amount_sen')]).toBe(String(total.creditedSen - total.refundsMadeSen));
    expect(totals.late_owed_back[col('amount_sen')]).toBe('2000');
    expect(totals.all[col('line_no')]).toBe(String(trailer.lines));
    const detailSum = (kind: string) =>
      details.filter((r) => r[col('kind')] === kind).reduce((n, r) => n + Number(r[col('amount_sen')]), 0);
    expect(detailSum('credit')).toBe(total.creditedSen);
    expect(detailSum('refund')).toBe(total.refundsMadeSen);

    // The JSON Lines: one object a line, the trailer last with the same totals.
    const jsonl = rendered.find((f) => f.format === 'jsonl')!.content.toString('utf8');
    expect(jsonl.endsWith('\n')).toBe(true);
    const objects = jsonl
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(objects.slice(0, -1).every((o) => o.record === 'line')).toBe(true);
    expect(objects.at(-1)).toMatchObject({
      record: 'trailer',
      council: 'mdpg',
      day: today,
      lines: trailer.lines,
      credits: { lines: 5, sen: total.creditedSen },
      refunds: { sen: total.refundsMadeSen },
      netSen: total.creditedSen - total.refundsMadeSen,
    });
  });

  it('is not made before the day is over and its grace has passed', async () => {
    expect(files.isDue(today, new Date(dayBounds(today).end.getTime() + GRACE_MS - 1))).toBe(false);
    expect(files.isDue(today, afterToday)).toBe(true);
    const res = await admin.agent
      .post(`/api/admin/collection-files/mdpg/${today}/reproduce`)
      .set(CSRF_HEADER, admin.csrf)
      .expect(409);
    expect(res.body.code).toBe('collection_day_not_over');
  });

  it('the worker keeps every council’s files of the due days, once; kept files are listed, downloaded as kept and never changed', async () => {
    const first = await files.produceDue(afterToday);
    const councils = await prisma.council.count();
    expect(first.kept).toBe(councils * 2 * 2); // two due days, two formats
    expect((await files.produceDue(afterToday)).kept).toBe(0);

    const listed = (
      await admin.agent.get(`/api/admin/collection-files?council=mdpg&from=${today}&to=${today}`).expect(200)
    ).body as CollectionFileRow[];
    expect(listed.map((f) => f.format)).toEqual(['csv', 'jsonl']);
    const { trailer } = await files.render('mdpg', today);
    for (const row of listed) {
      expect(row).toMatchObject({
        council: 'mdpg',
        day: today,
        lineCount: trailer.lines,
        creditedSen: trailer.credits.sen,
        refundsSen: 5_000,
      });
      const res = await admin.agent
        .get(`/api/admin/collection-files/mdpg/${today}/${row.format}`)
        .buffer(true)
        .parse((r, done) => {
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => chunks.push(c));
          r.on('end', () => done(null, Buffer.concat(chunks)));
        })
        .expect(200);
      const body = res.body as Buffer;
      expect(body.length).toBe(row.bytes);
      expect(createHash('sha256').update(body).digest('hex')).toBe(row.sha256);
      expect(res.headers['x-content-sha256']).toBe(row.sha256);
    }
    await expect(
      prisma.$executeRaw`UPDATE "CollectionFile" SET "sha256" = repeat('0', 64) WHERE "councilCode" = 'mdpg'`,
    ).rejects.toThrow();
  });

  it('produced again on request: the same bytes and the same hash as kept', async () => {
    const again = await files.reproduce('mdpg', today, afterToday);
    expect(again.map((r) => [r.format, r.identical, r.keptNow])).toEqual([
      ['csv', true, false],
      ['jsonl', true, false],
    ]);
    const kept = await prisma.collectionFile.findMany({ where: { councilCode: 'mdpg', day: today } });
    const { files: fresh } = await files.render('mdpg', today);
    for (const f of fresh) {
      expect(Buffer.compare(Buffer.from(kept.find((k) => k.format === f.format)!.content), f.content)).toBe(0);
    }

    // Through the API, for a day long past that no worker reached: kept now, then identical.
    const old = malaysiaDay(-20);
    const made = (
      await admin.agent
        .post(`/api/admin/collection-files/mdpg/${old}/reproduce`)
        .set(CSRF_HEADER, admin.csrf)
        .expect(200)
    ).body as CollectionFileReproduction[];
    expect(made.map((r) => [r.format, r.identical, r.keptNow])).toEqual([
      ['csv', true, true],
      ['jsonl', true, true],
    ]);
    const same = (
      await admin.agent
        .post(`/api/admin/collection-files/mdpg/${old}/reproduce`)
        .set(CSRF_HEADER, admin.csrf)
        .expect(200)
    ).body as CollectionFileReproduction[];
    expect(same.map((r) => [r.sha256 === r.keptSha256, r.keptNow])).toEqual([
      [true, false],
      [true, false],
    ]);
  });

  it("a council admin sees and downloads only their councils' files; bad input is a 4xx", async () => {
    const listed = (await mpsAdmin.agent.get(`/api/admin/collection-files?from=${today}&to=${today}`).expect(200))
      .body as CollectionFileRow[];
    expect(new Set(listed.map((f) => f.council))).toEqual(new Set(['mps']));
    await mpsAdmin.agent.get(`/api/admin/collection-files/mdpg/${today}/csv`).expect(403);
    await mpsAdmin.agent
      .post(`/api/admin/collection-files/mdpg/${today}/reproduce`)
      .set(CSRF_HEADER, mpsAdmin.csrf)
      .expect(403);
    await mpsAdmin.agent.get(`/api/admin/collection-files/mps/${today}/csv`).expect(200);
    await admin.agent.get(`/api/admin/collection-files/mdpg/${today}/pdf`).expect(400);
    await admin.agent.get('/api/admin/collection-files/mdpg/2026-02-30/csv').expect(400);
    await admin.agent.get(`/api/admin/collection-files/mdpg/${malaysiaDay(-40)}/csv`).expect(404);
    await admin.agent.get('/api/admin/collection-files?from=2026-01-01&to=2025-01-01').expect(400);
  });
});
