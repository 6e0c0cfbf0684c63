import type { INestApplication } from '@nestjs/common';
import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER, billTemplateHeader, normaliseAccountId, type CreatePaymentRequest } from '@councilpay/domain';
import { translate } from '@councilpay/i18n';
import { BillImports, type BillFileUpload } from '../src/bills/bill-imports';
import { BillLedger } from '../src/bills/bill-ledger';
import { ApiError } from '../src/http/api-error';
import { PrismaService } from '../src/prisma/prisma.service';
import { BulkDatabase } from '../src/prisma/bulk-database';
import request from 'supertest';
import { createUser, signIn, type Browser } from './identity-helpers';
import { createPayment } from './payment-helpers';
import { createTestApi } from './test-app';

const dir = mkdtempSync(join(tmpdir(), 'bill-imports-'));

/** A market bill file of mdpg (the header is the template's), saved as an upload is. */
function upload(content: string | Buffer, extra: Partial<BillFileUpload> = {}): BillFileUpload {
  const path = join(dir, randomUUID());
  writeFileSync(path, content);
  return {
    councilCode: 'mdpg',
    type: 'market_bill',
    complete: false,
    fileName: 'bills.csv',
    kind: 'csv',
    path,
    sha256: createHash('sha256').update(content).digest('hex'),
    ...extra,
  };
}

const HEADER = billTemplateHeader('market_bill').join(',');

describe('bill files: preview, confirm, replay', () => {
  let app: INestApplication;
  let prisma: PrismaService;
  let imports: BillImports;
  let staff: { id: string; email: string };
  const run = randomUUID().slice(0, 6).toUpperCase();
  const row = (n: number, balance: string, extra = '') =>
    `mdpg,MB-${run}-${n},PENIAGA ${n},,,${balance},Pasar Tamu,${n},11/2026${extra}`;
  const bill = (n: number) =>
    prisma.payable.findFirst({
      // Stored as searched: the id's normal form.
      where: {
        councilCode: 'mdpg',
        type: 'market_bill',
        accountNo: normaliseAccountId('market_bill', `MB-${run}-${n}`),
      },
    });

  beforeAll(async () => {
    app = await createTestApi();
    prisma = app.get(PrismaService);
    imports = new BillImports(prisma, new BillLedger(), app.get(BulkDatabase));
    const user = await createUser(app, { roles: ['council_admin'], councils: ['mdpg'], verified: true });
    staff = { id: user.id, email: user.email };
  });

  afterAll(async () => {
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('previews without writing a bill, lists each bad cell, and will not confirm a file with errors', async () => {
    const file = upload(
      `${HEADER}\n${row(1, '10.00')}\n${row(2, '12.345')}\nmps,MB-${run}-3,=HYPERLINK("x"),,,1.00,Pasar,3,11/2026\n`,
    );
    const preview = await imports.preview(staff, file);
    expect(preview.counts).toEqual({ new: 1, changed: 0, unchanged: 0, withdrawn: 0, refused: 0, invalid: 2 });
    expect(await bill(1)).toBeNull();
    expect(await imports.errors(preview.id)).toEqual([
      { line: 3, column: 'balance_rm', value: '12.345', code: 'amount_too_precise' },
      { line: 4, column: 'owner_name', value: '=HYPERLINK("x")', code: 'formula' },
      { line: 4, column: 'council', value: 'mps', code: 'other_council' },
    ]);
    await expect(imports.confirm(staff, preview.id)).rejects.toMatchObject({
      response: expect.objectContaining({ code: 'import_has_errors' }),
    });
    expect(await bill(1)).toBeNull();
  });

  it('confirm writes what the preview showed, once; the same file again changes nothing', async () => {
    const content = `${HEADER}\r\n${row(1, '10.00')}\r\n${row(2, '-2.50')}\r\n`;
    const preview = await imports.preview(staff, upload(`\uFEFF${content}`));
    expect(preview.counts).toMatchObject({ new: 2, invalid: 0 });
    await imports.confirm(staff, preview.id);
    const written = await bill(1);
    expect(written).toMatchObject({ balanceSen: 1_000, lastImportId: preview.id, displayNo: `MB-${run}-1` });
    expect((await bill(2))?.balanceSen).toBe(-250);
    expect(await prisma.billImport.findUnique({ where: { id: preview.id } })).toMatchObject({
      status: 'confirmed',
      sha256: createHash('sha256').update(`\uFEFF${content}`).digest('hex'),
      staffEmail: staff.email,
    });
    expect(await prisma.staffAudit.count({ where: { targetId: preview.id, action: 'bill_import_confirm' } })).toBe(1);
    await expect(imports.confirm(staff, preview.id)).rejects.toMatchObject({
      response: expect.objectContaining({ code: 'import_not_previewed' }),
    });

    const again = await imports.preview(staff, upload(`\uFEFF${content}`));
    expect(again.counts).toMatchObject({ new: 0, changed: 0, unchanged: 2 });
    await imports.confirm(staff, again.id);
    expect(await bill(1)).toEqual(written);
  });

  it('refuses to confirm a preview the ledger has moved past, writing nothing', async () => {
    const first = await imports.preview(staff, upload(`${HEADER}\n${row(1, '20.00')}\n`));
    const second = await imports.preview(staff, upload(`${HEADER}\n${row(1, '30.00')}\n${row(4, '1.00')}\n`));
    await imports.confirm(staff, first.id);
    await expect(imports.confirm(staff, second.id)).rejects.toMatchObject({
      response: expect.objectContaining({ code: 'import_preview_stale' }),
    });
    expect((await bill(1))?.balanceSen).toBe(2_000);
    expect(await bill(4)).toBeNull();
  });

  it('refuses hostile files whole with a reason, writing nothing', async () => {
    const refused = async (file: BillFileUpload) => {
      const before = await prisma.billImport.count();
      const error = await imports.preview(staff, file).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect(await prisma.billImport.count()).toBe(before);
      return ((error as ApiError).getResponse() as { code: string }).code;
    };
    expect(await refused(upload(Buffer.from(`${HEADER}\n${row(9, '1.00')}\nmdpg,X,JOS\xC9\n`, 'latin1')))).toBe(
      'bill_file.not_utf8',
    );
    expect(await refused(upload(`${Array.from({ length: 10_000 }, (_, i) => `c${i}`).join(',')}\n`))).toBe(
      'bill_file.too_many_columns',
    );
    expect(await refused(upload(`council,account_no,owner_name,balance\n`))).toBe('bill_file_header');
    expect(await refused(upload('PK\u0003\u0004 not a workbook', { kind: 'xlsx' }))).toBe('bill_file.file_unreadable');
    expect(await bill(9)).toBeNull();
  });
});

describe('bill files over HTTP: council scoped, template, upload, confirm, error report', () => {
  let app: INestApplication;
  let mdpg: Browser;
  let mps: Browser;
  const run = randomUUID().slice(0, 6).toUpperCase();

  beforeAll(async () => {
    app = await createTestApi();
    const officer = (council: string) =>
      createUser(app, { roles: ['council_admin'], councils: [council], verified: true }).then((u) =>
        signIn(app, u.email),
      );
    [mdpg, mps] = [await officer('mdpg'), await officer('mps')];
  });

  afterAll(async () => {
    await app?.close();
  });

  const send = (who: Browser, content: string, council = 'mdpg', type = 'text/csv') =>
    who.agent
      .post('/api/admin/bill-imports')
      .query({ council, type: 'market_bill', fileName: 'pasar.csv' })
      .set(CSRF_HEADER, who.csrf)
      .set('Content-Type', type)
      .send(content);

  it("uploads, previews and confirms a file of the officer's council; the new bill is found in the portal", async () => {
    const template = await mdpg.agent.get('/api/admin/bill-imports/templates/market_bill').expect(200);
    expect(template.text).toBe(`${HEADER}\r\n`);
    const good = `mdpg,MB-${run},PENIAGA BARU,,,45.00,Pasar Tamu,7,11/2026`;
    const uploaded = await send(mdpg, `${template.text}${good}\r\nmdpg,MB-${run}-X,=1+1,,,1.00,Pasar,8,11/2026\r\n`);
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    expect(uploaded.body.counts).toMatchObject({ new: 1, invalid: 1 });
    const report = await mdpg.agent.get(`/api/admin/bill-imports/${uploaded.body.id}/errors.csv`).expect(200);
    // The reason in the officer's words: Malay unless another language is asked for.
    expect(report.text).toBe(
      `\uFEFFline,column,value,code,reason\r\n3,owner_name,'=1+1,formula,"${translate('ms', 'console.bill_imports.cell_errors.formula')}"\r\n`,
    );
    const english = await mdpg.agent.get(`/api/admin/bill-imports/${uploaded.body.id}/errors.csv?lang=en`).expect(200);
    expect(english.text).toContain(',formula,"a formula, or text starting with = + - @');
    await mdpg.agent.get(`/api/admin/bill-imports/${uploaded.body.id}/errors.csv?lang=xx`).expect(400);

    // The preview's rows, by outcome: the new bill with its balance, the bad line with each refused cell.
    const newRows = await mdpg.agent.get(`/api/admin/bill-imports/${uploaded.body.id}/rows?outcome=new`).expect(200);
    expect(newRows.headers['x-total-count']).toBe('1');
    expect(newRows.body).toEqual([
      expect.objectContaining({
        line: 2,
        outcome: 'new',
        displayNo: `MB-${run}`,
        ownerName: 'PENIAGA BARU',
        balanceSen: 4_500,
      }),
    ]);
    const invalid = await mdpg.agent
      .get(`/api/admin/bill-imports/${uploaded.body.id}/rows?outcome=invalid`)
      .expect(200);
    expect(invalid.body).toEqual([
      expect.objectContaining({
        line: 3,
        outcome: 'invalid',
        errors: [{ line: 3, column: 'owner_name', value: '=1+1', code: 'formula' }],
      }),
    ]);
    await mdpg.agent.get(`/api/admin/bill-imports/${uploaded.body.id}/rows?outcome=maybe`).expect(400);
    await mps.agent.get(`/api/admin/bill-imports/${uploaded.body.id}/rows?outcome=new`).expect(404);
    await mps.agent.get(`/api/admin/bill-imports/${uploaded.body.id}`).expect(404);
    const one = await mdpg.agent.get(`/api/admin/bill-imports/${uploaded.body.id}`).expect(200);
    expect(one.body).toMatchObject({
      id: uploaded.body.id,
      councilCode: 'mdpg',
      type: 'market_bill',
      fileName: 'pasar.csv',
      status: 'previewed',
      counts: { new: 1, invalid: 1 },
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });

    const clean = await send(mdpg, `${template.text}${good}\r\n`);
    expect(clean.status).toBe(201);
    // Another council's officer sees neither the upload nor the import.
    expect((await send(mps, `${template.text}${good}\r\n`)).status).toBe(403);
    const foreign = await mps.agent
      .post(`/api/admin/bill-imports/${clean.body.id}/confirm`)
      .set(CSRF_HEADER, mps.csrf)
      .send({});
    expect(foreign.status).toBe(404);

    const confirmed = await mdpg.agent
      .post(`/api/admin/bill-imports/${clean.body.id}/confirm`)
      .set(CSRF_HEADER, mdpg.csrf)
      .send({});
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(201);
    const found = await request(app.getHttpServer())
      .post('/api/search')
      .send({ council: 'mdpg', type: 'market_bill', accountNo: `mb-${run}` });
    expect(found.status).toBe(200);
    expect(found.body[0]).toMatchObject({ balanceSen: 4_500, displayNo: `MB-${run}` });

    // A payment of the bill says which import last changed it.
    const payment = await createPayment(app, {
      items: [{ payableId: found.body[0].id as string }],
      payer: { name: 'Aminah binti Sapin', email: 'aminah.import@example.my', phone: '0123456789' },
      method: { type: 'fpx', bankId: 'MB2U0227' },
      language: 'en',
    } as CreatePaymentRequest);
    const view = await mdpg.agent.get(`/api/admin/payments/${payment.reference}`).expect(200);
    expect(view.body.billImports).toEqual([
      expect.objectContaining({
        id: clean.body.id,
        councilCode: 'mdpg',
        type: 'market_bill',
        source: 'file',
        fileName: 'pasar.csv',
        at: expect.any(String),
      }),
    ]);

    // The list of past imports: the officer's councils only, newest first, who and what.
    const mine = await mdpg.agent
      .get('/api/admin/bill-imports?council=mdpg&type=market_bill&_start=0&_end=5')
      .expect(200);
    expect(mine.body[0]).toMatchObject({
      id: clean.body.id,
      status: 'confirmed',
      staffEmail: expect.stringContaining('@'),
      counts: { new: 1, changed: 0, unchanged: 0, withdrawn: 0, refused: 0, invalid: 0 },
      confirmedAt: expect.any(String),
    });
    expect(mine.body.map((i: { id: string }) => i.id)).toContain(uploaded.body.id);
    const theirs = await mps.agent.get('/api/admin/bill-imports').expect(200);
    expect(theirs.body.every((i: { councilCode: string }) => i.councilCode === 'mps')).toBe(true);
    await mps.agent.get('/api/admin/bill-imports?council=mdpg').expect(403);
    // Asked by ids (the console's references), a text that is no uuid names no import: never a 500.
    const byIds = await mdpg.agent
      .get(`/api/admin/bill-imports?id=${clean.body.id}&id=%F2%9F%B8%97%F1%AD%A7%9C&id=not-a-uuid`)
      .expect(200);
    expect(byIds.body.map((i: { id: string }) => i.id)).toEqual([clean.body.id]);
    await mdpg.agent.get('/api/admin/bill-imports?id=%F2%9F%B8%97%F1%AD%A7%9C').expect(200, []);

    // A second statement of the bill: the preview shows its old and new balance.
    const changed = await send(mdpg, `${template.text}${good.replace(',45.00,', ',50.10,')}\r\n`);
    const changedRows = await mdpg.agent
      .get(`/api/admin/bill-imports/${changed.body.id}/rows?outcome=changed`)
      .expect(200);
    expect(changedRows.body).toEqual([
      expect.objectContaining({
        balanceBeforeSen: 4_500,
        balanceSen: 5_010,
        fields: ['balanceSen'],
        reinstated: false,
      }),
    ]);
  });

  it('refuses other content types on the upload, and a file past the size limit unread', async () => {
    expect((await send(mdpg, 'a', 'mdpg', 'text/plain')).status).toBe(415);
    const tooBig = await send(mdpg, 'x'.repeat(151 * 1024 * 1024));
    expect([tooBig.status, tooBig.body.code]).toEqual([413, 'bill_file.file_too_large']);
  });
});
