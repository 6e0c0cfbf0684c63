import type { INestApplication } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBillHeader, parseBillRow, type BillRecord, type CellValue, type PayableType } from '@councilpay/domain';
import { BillLedger } from '../src/bills/bill-ledger';
import { PrismaService } from '../src/prisma/prisma.service';
import { createPayment, fpxRequest } from './payment-helpers';
import { createTestApi, isolatedDatabaseUrl } from './test-app';

/** Bills as a council's file states them, read through the layouts (as the file import reads them). */
function bills(type: PayableType, rows: Record<string, CellValue>[]): BillRecord[] {
  const names = Object.keys(rows[0]);
  const header = readBillHeader(type, names);
  if (!header.ok) throw new Error(JSON.stringify(header.errors));
  return rows.map((row, i) => {
    const read = parseBillRow(
      type,
      'mdpg',
      header.header,
      names.map((n) => row[n]),
      i + 2,
    );
    if (!read.ok) throw new Error(JSON.stringify(read.errors));
    return read.bill;
  });
}

/** On a database of its own: complete lists withdraw every other bill of their council and type. */
describe('the bill ledger: one writer for every way bills come in', () => {
  let app: INestApplication;
  let prisma: PrismaService;
  const ledger = new BillLedger();
  const run = randomUUID().slice(0, 8).toUpperCase();
  const account = (n: number) => `KMP-${run}-${n}`;
  const compound = (n: number, balance: string) => ({
    council: 'mdpg',
    account_no: account(n),
    owner_name: 'PEMBAYAR UJIAN',
    balance_rm: balance,
    compound_type: 'individual',
    offence: 'Membuang sampah',
  });

  beforeAll(async () => {
    app = await createTestApi({ DATABASE_URL: await isolatedDatabaseUrl() });
    prisma = app.get(PrismaService);
  });

  afterAll(async () => {
    await app?.close();
  });

  const newImport = (type: PayableType = 'compound', councilCode = 'mdpg') =>
    prisma.billImport.create({ data: { councilCode, type, source: 'api', status: 'previewed' } });

  /** Plans (the preview), then writes in one transaction (the confirm); returns both. */
  async function statement(type: PayableType, stated: BillRecord[], complete = false) {
    const preview = await ledger.plan(prisma, 'mdpg', type, stated, complete);
    const imp = await newImport(type);
    const written = await prisma.$transaction((tx) => ledger.write(tx, imp.id, 'mdpg', type, stated, complete));
    return { preview, written, importId: imp.id };
  }

  const find = (n: number) =>
    prisma.payable.findUniqueOrThrow({
      where: {
        councilCode_type_planType_accountNo: {
          councilCode: 'mdpg',
          type: 'compound',
          planType: '',
          accountNo: account(n).replace(/-/g, ''),
        },
      },
    });

  it('writes what the preview showed, each bill stamped with its import; the same statement again changes nothing', async () => {
    const stated = bills('compound', [compound(1, '100.00'), compound(2, '-5.00')]);
    const first = await statement('compound', stated);
    expect(first.preview.counts).toEqual({ new: 2, changed: 0, unchanged: 0, withdrawn: 0, refused: 0, invalid: 0 });
    expect(first.written.counts).toEqual(first.preview.counts);
    const [one, two] = [await find(1), await find(2)];
    expect([one.balanceSen, two.balanceSen, one.lastImportId]).toEqual([10_000, -500, first.importId]);
    expect(one.details).toEqual({ compoundType: 'individual', offence: 'Membuang sampah' });

    const again = await statement('compound', stated);
    expect(again.written.counts).toMatchObject({ new: 0, unchanged: 2 });
    const after = await find(1);
    expect([after.lastImportId, after.updatedAt, after.version]).toEqual([first.importId, one.updatedAt, one.version]);
  });

  it('a changed balance is a change from old to new, written as previewed', async () => {
    const { preview, written, importId } = await statement('compound', bills('compound', [compound(1, '80.00')]));
    expect(preview.bills[0].outcome).toEqual({
      outcome: 'changed',
      fields: ['balanceSen'],
      balanceBeforeSen: 10_000,
      balanceAfterSen: 8_000,
      reinstated: false,
    });
    expect(written.bills[0].outcome).toEqual(preview.bills[0].outcome);
    expect(await find(1)).toMatchObject({ balanceSen: 8_000, lastImportId: importId });
  });

  it('refuses both rows of an account stated twice, and writes nothing for them', async () => {
    const { written } = await statement('compound', bills('compound', [compound(3, '1.00'), compound(3, '2.00')]));
    expect(written.bills.map((b) => b.outcome)).toEqual([
      { outcome: 'refused', code: 'duplicate_account' },
      { outcome: 'refused', code: 'duplicate_account' },
    ]);
    await expect(find(3)).rejects.toThrow();
  });

  it('a bill with a payment at the bank keeps the price the payment was made on, and cannot be withdrawn', async () => {
    const bill = await find(1);
    const payment = await createPayment(app, fpxRequest([bill.id]));
    expect(payment.amountSen).toBe(8_000);

    const { written } = await statement(
      'compound',
      bills('compound', [compound(1, '95.00'), compound(2, '-5.00')]),
      true,
    );
    expect(written.bills[0].outcome).toMatchObject({ outcome: 'changed', balanceAfterSen: 9_500 });
    expect(written.withdrawals.map((w) => w.payableId)).not.toContain(bill.id);
    const item = await prisma.paymentItem.findFirstOrThrow({ where: { payableId: bill.id } });
    expect(item.amountSen).toBe(8_000);

    // Stated as the complete list without it, the bill is not withdrawn while the bank has not answered.
    const withdrawal = await statement('compound', bills('compound', [compound(2, '-5.00')]), true);
    const mine = withdrawal.written.withdrawals.find((w) => w.payableId === bill.id);
    expect(mine?.outcome).toEqual({ outcome: 'refused', code: 'payment_at_bank' });
    expect((await find(1)).status).toBe('active');
  });

  it('a withdrawn bill cannot be found or paid; its row stays; stated again, it comes back', async () => {
    const stated = bills('compound', [compound(5, '12.00'), compound(6, '13.00')]);
    await statement('compound', stated);
    const bill = await find(6);
    const others = await prisma.payable.count({
      where: { councilCode: 'mdpg', type: 'compound', status: { not: 'withdrawn' } },
    });
    const complete = await statement('compound', [stated[0]], true);
    const withdrawn = complete.written.withdrawals.filter((w) => w.outcome.outcome === 'withdrawn');
    // Every other mdpg compound not in the list is withdrawn too (or refused while paid at the bank).
    expect(complete.written.withdrawals.length).toBe(others - 1);
    expect(withdrawn.map((w) => w.payableId)).toContain(bill.id);
    expect(await find(6)).toMatchObject({ status: 'withdrawn', lastImportId: complete.importId });

    const searched = await request(app.getHttpServer())
      .post('/api/search')
      .send({ council: 'mdpg', type: 'compound', accountNo: account(6) });
    expect(searched.status).toBe(404);
    const paid = await request(app.getHttpServer())
      .post('/api/payments')
      .send(fpxRequest([bill.id]));
    expect([paid.status, paid.body.code]).toEqual([422, 'bill_withdrawn']);

    const back = await statement('compound', [stated[1]]);
    expect(back.written.bills[0].outcome).toMatchObject({ outcome: 'changed', reinstated: true });
    const found = await request(app.getHttpServer())
      .post('/api/search')
      .send({ council: 'mdpg', type: 'compound', accountNo: account(6) });
    expect(found.status).toBe(200);
  });

  it("writes a licence with its record and its dependents; the database refuses an import touching another council's bill", async () => {
    const licence = {
      council: 'mdpg',
      account_no: `LP-${run}`,
      owner_name: 'KEDAI UJIAN',
      balance_rm: '360',
      licence_reference: `REF-${run}`,
      licence_status: 'active',
      licence_kind: 'niaga',
      parent_account_no: '',
    };
    const sign = { ...licence, account_no: `LP-${run}-IK1`, balance_rm: '120', parent_account_no: `LP-${run}` };
    const stated = bills('trading_license', [
      { ...sign, licence_reference: '', licence_status: '', licence_kind: '' },
      licence,
    ]);
    const { written } = await statement('trading_license', stated);
    expect(written.counts).toMatchObject({ new: 2, refused: 0 });
    const parent = await prisma.payable.findFirstOrThrow({
      where: { accountNo: `LP${run}` },
      include: { licence: true, dependents: true },
    });
    expect(parent.licence).toMatchObject({ reference: `REF-${run}`, licenceNo: `LP-${run}`, renewalYears: 1 });
    expect(parent.dependents.map((d) => d.balanceSen)).toEqual([12_000]);

    const other = await newImport('trading_license', 'mps');
    await expect(prisma.payable.update({ where: { id: parent.id }, data: { lastImportId: other.id } })).rejects.toThrow(
      /may not change a bill of council mdpg/,
    );
  });
});
