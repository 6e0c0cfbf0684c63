import type { INestApplication } from '@nestjs/common';
import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  billTemplateHeader,
  normaliseAccountId,
  parseBillRow,
  readBillHeader,
  type BillRecord,
} from '@councilpay/domain';
import { BillImports, type BillFileUpload } from '../src/bills/bill-imports';
import { BILL_CHUNK, BillLedger } from '../src/bills/bill-ledger';
import { PrismaService } from '../src/prisma/prisma.service';
import { BulkDatabase } from '../src/prisma/bulk-database';
import { createUser } from './identity-helpers';
import { createTestApi, isolatedDatabaseUrl } from './test-app';

const TYPE = 'trading_license';
const HEADER = billTemplateHeader(TYPE);
type Row = Partial<Record<(typeof HEADER)[number], string>>;

/**
 * A bill file is read, planned and written a chunk at a time (the API's memory stays flat whatever its size), and
 * what looks beyond one row is asked of the database: this file spans three chunks and puts each such rule's rows
 * in different chunks. Its preview must be exactly the plan of the same statement held whole in memory.
 */
describe('bill files in chunks: the same plan as the statement held whole', () => {
  let app: INestApplication;
  let prisma: PrismaService;
  let imports: BillImports;
  const ledger = new BillLedger();
  let staff: { id: string; email: string };
  const dir = mkdtempSync(join(tmpdir(), 'bill-chunks-'));
  const run = randomUUID().slice(0, 6).toUpperCase();
  const acc = (name: string | number) => `LC-${run}-${name}`;
  const licence = (name: string | number, balance = '100.00', reference = `R-${run}-${name}`): Row => ({
    council: 'mdpg',
    account_no: acc(name),
    owner_name: `KEDAI ${name}`,
    balance_rm: balance,
    licence_reference: reference,
    licence_status: 'active',
    licence_kind: 'niaga',
  });
  const dependent = (name: string, parent: string | number, balance = '20.00'): Row => ({
    council: 'mdpg',
    account_no: acc(name),
    owner_name: `PAPAN ${name}`,
    balance_rm: balance,
    parent_account_no: acc(parent),
  });
  const csv = (rows: readonly Row[]) =>
    `${HEADER.join(',')}\n${rows.map((r) => HEADER.map((h) => r[h] ?? '').join(',')).join('\n')}\n`;
  const upload = (rows: readonly Row[], complete: boolean): BillFileUpload => {
    const content = csv(rows);
    const path = join(dir, randomUUID());
    writeFileSync(path, content);
    return {
      councilCode: 'mdpg',
      type: TYPE,
      complete,
      fileName: 'licences.csv',
      kind: 'csv',
      path,
      sha256: createHash('sha256').update(content).digest('hex'),
    };
  };
  const records = (rows: readonly Row[]): BillRecord[] => {
    const header = readBillHeader(TYPE, HEADER);
    if (!header.ok) throw new Error('header');
    return rows.map((r, i) => {
      const read = parseBillRow(
        TYPE,
        'mdpg',
        header.header,
        HEADER.map((h) => r[h] ?? ''),
        i + 2,
      );
      if (!read.ok) throw new Error(JSON.stringify(read.errors));
      return read.bill;
    });
  };
  const find = (name: string | number) =>
    prisma.payable.findFirst({
      where: { councilCode: 'mdpg', type: TYPE, accountNo: normaliseAccountId(TYPE, acc(name)) },
    });

  /** Existing: A (to change), B (to stay), C (withdrawn, stated again), D (a licence the file leaves out). */
  const ledgerBefore = [
    licence('A', '50.00'),
    licence('B', '60.00'),
    licence('C', '70.00'),
    licence('D', '80.00'),
    dependent('DA', 'B'),
  ];
  /** Many plain licences, so the rules' rows fall in different chunks. */
  const filler = (from: number, to: number) =>
    Array.from({ length: to - from }, (_, i) => licence(from + i, `${(from + i) % 500}.25`));
  const middle = Math.round(BILL_CHUNK * 1.5);
  const last = BILL_CHUNK * 2 + 500;

  /** The demo data's licences of the council: a complete list that does not name them withdraws them too. */
  let seeded: string[] = [];

  beforeAll(async () => {
    app = await createTestApi({ DATABASE_URL: await isolatedDatabaseUrl() });
    prisma = app.get(PrismaService);
    const demo = await prisma.payable.findMany({
      where: { councilCode: 'mdpg', type: TYPE, status: { not: 'withdrawn' } },
      select: { accountNo: true },
    });
    seeded = demo.map((p) => p.accountNo);
    imports = new BillImports(prisma, ledger, app.get(BulkDatabase));
    const user = await createUser(app, { roles: ['council_admin'], councils: ['mdpg'], verified: true });
    staff = { id: user.id, email: user.email };
    const imp = await prisma.billImport.create({
      data: { councilCode: 'mdpg', type: TYPE, source: 'api', status: 'confirmed' },
    });
    await prisma.$transaction((tx) => ledger.write(tx, imp.id, 'mdpg', TYPE, records(ledgerBefore), false));
    await prisma.payable.update({ where: { id: (await find('C'))!.id }, data: { status: 'withdrawn' } });
  });

  afterAll(async () => {
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("previews a file spanning three chunks row for row as the whole statement's plan, refusals included", async () => {
    const rows: Row[] = [
      // Chunk 1: a dependent before its licence (chunk 3), the first of a twice-stated account, the first use of
      // a reference, a dependent of a dependent, a dependent of the ledger's licence B, the changes.
      dependent('S1', 'NEWPARENT'),
      licence('TWICE', '1.00'),
      licence('REF1', '2.00', `R-${run}-SHARED`),
      dependent('S2', 'S1'),
      dependent('S3', 'B'),
      dependent('S4', 'TWICE'),
      licence('A', '55.00'),
      licence('B', '60.00'),
      licence('C', '70.00'),
      ...filler(0, middle),
      // Chunk 2: the second use of the reference.
      licence('REF2', '3.00', `R-${run}-SHARED`),
      ...filler(middle, last),
      // Chunk 3: the account stated again, and the licence named in chunk 1.
      licence('TWICE', '4.00'),
      licence('NEWPARENT', '5.00'),
    ];
    expect(rows.length).toBeGreaterThan(BILL_CHUNK * 2);
    const whole = await ledger.plan(prisma, 'mdpg', TYPE, records(rows), true);
    const preview = await imports.preview(staff, upload(rows, true));
    expect(preview.counts).toEqual({ ...whole.counts, invalid: 0 });

    const staged = await prisma.billImportRow.findMany({
      where: { importId: preview.id, line: { not: null } },
      orderBy: { line: 'asc' },
      select: { line: true, outcome: true, kind: true },
    });
    expect(staged.map((r) => r.outcome)).toEqual(whole.bills.map((b) => b.outcome));
    expect(staged.map((r) => r.kind)).toEqual(whole.bills.map((b) => b.outcome.outcome));
    const withdrawn = await prisma.billImportRow.findMany({
      where: { importId: preview.id, line: null },
      select: { accountNo: true, outcome: true },
      orderBy: { id: 'asc' },
    });
    expect(withdrawn).toEqual(whole.withdrawals.map((w) => ({ accountNo: w.accountNo, outcome: w.outcome })));

    // Each rule, as the rows it was about show it.
    const outcomeOf = (name: string | number) => staged[rows.findIndex((r) => r.account_no === acc(name))].outcome;
    expect(outcomeOf('TWICE')).toEqual({ outcome: 'refused', code: 'duplicate_account' });
    expect(outcomeOf('REF1')).toEqual({ outcome: 'refused', code: 'licence_reference_taken' });
    expect(outcomeOf('S1')).toMatchObject({ outcome: 'new' });
    expect(outcomeOf('S2')).toEqual({ outcome: 'refused', code: 'parent_is_dependent' });
    expect(outcomeOf('S3')).toMatchObject({ outcome: 'new' });
    expect(outcomeOf('S4')).toEqual({ outcome: 'refused', code: 'parent_missing' });
    expect(outcomeOf('A')).toMatchObject({ outcome: 'changed', balanceBeforeSen: 5_000, balanceAfterSen: 5_500 });
    expect(outcomeOf('B')).toEqual({ outcome: 'unchanged' });
    expect(outcomeOf('C')).toMatchObject({ outcome: 'changed', reinstated: true });
    // D, and B's dependent DA: a complete list names every bill of its type that stays.
    expect(withdrawn.map((w) => w.accountNo).sort()).toEqual(
      [...['D', 'DA'].map((n) => normaliseAccountId(TYPE, acc(n))), ...seeded].sort(),
    );
    // Nothing is written by a preview.
    expect(await find('NEWPARENT')).toBeNull();
    expect((await find('A'))?.balanceSen).toBe(5_000);
  });

  it('confirms a clean file of three chunks whole: licences before their dependents, the left-out bill withdrawn; again, nothing changes', async () => {
    const rows: Row[] = [
      dependent('S1', 'NEWPARENT'),
      dependent('S3', 'B'),
      licence('A', '55.00'),
      licence('B', '60.00'),
      licence('C', '70.00'),
      ...filler(0, last),
      licence('NEWPARENT', '5.00'),
    ];
    const preview = await imports.preview(staff, upload(rows, true));
    expect(preview.counts).toEqual({
      new: last + 3,
      changed: 2,
      unchanged: 1,
      withdrawn: 2 + seeded.length,
      refused: 0,
      invalid: 0,
    });
    await imports.confirm(staff, preview.id);
    const parent = await find('NEWPARENT');
    expect(await find('S1')).toMatchObject({ parentId: parent!.id, balanceSen: 2_000, lastImportId: preview.id });
    expect(await find('S3')).toMatchObject({ parentId: (await find('B'))!.id });
    expect(await find('A')).toMatchObject({ balanceSen: 5_500, lastImportId: preview.id });
    expect(await find('C')).toMatchObject({ status: 'active', lastImportId: preview.id });
    expect(await find('D')).toMatchObject({ status: 'withdrawn', lastImportId: preview.id });
    // The left-out dependent of B goes too: the list is the type's complete list.
    expect(await find('DA')).toMatchObject({ status: 'withdrawn' });
    const licences = await prisma.licence.count({
      where: { payable: { lastImportId: preview.id, councilCode: 'mdpg', type: TYPE, status: 'active' } },
    });
    expect(licences).toBe(last + 1 + 2);

    const again = await imports.preview(staff, upload(rows, true));
    expect(again.counts).toEqual({ new: 0, changed: 0, unchanged: rows.length, withdrawn: 0, refused: 0, invalid: 0 });
    await imports.confirm(staff, again.id);
    expect(await prisma.payable.count({ where: { lastImportId: again.id } })).toBe(0);
  });
});
