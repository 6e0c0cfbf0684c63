import type { INestApplication } from '@nestjs/common';
import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billTemplateHeader } from '@councilpay/domain';
import { BillImports, type BillFileUpload } from '../src/bills/bill-imports';
import { BillLedger } from '../src/bills/bill-ledger';
import { ApiError } from '../src/http/api-error';
import { PrismaService } from '../src/prisma/prisma.service';
import { createUser } from './identity-helpers';
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
    prisma.payable.findFirst({ where: { councilCode: 'mdpg', type: 'market_bill', accountNo: `MB-${run}-${n}` } });

  beforeAll(async () => {
    app = await createTestApi();
    prisma = app.get(PrismaService);
    imports = new BillImports(prisma, new BillLedger());
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
