import type { INestApplication } from '@nestjs/common';
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { normaliseAccountId } from '@councilpay/domain';
import { PrismaService } from '../src/prisma/prisma.service';
import { createTestApi, isolatedDatabaseUrl } from './test-app';

const ROOT = resolve(__dirname, '../../..');

/** The demo bills came in through the bill file path, and loading them again adds or changes nothing. */
describe('the demo seed loads its bills as a council file does', () => {
  let app: INestApplication;
  let prisma: PrismaService;
  let databaseUrl: string;

  /** `npm run db:seed` on this file's database: how many bills it says it created. */
  function seedAgain(): number {
    const out = execFileSync(
      process.execPath,
      [resolve(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'prisma/seed/index.ts'],
      {
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: databaseUrl },
        encoding: 'utf8',
      },
    );
    const done = out
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { msg: string; payablesCreated?: number })
      .find((l) => l.msg === 'Seed done');
    if (done?.payablesCreated === undefined) throw new Error(`the seed said: ${out}`);
    return done.payablesCreated;
  }

  beforeAll(async () => {
    databaseUrl = await isolatedDatabaseUrl();
    app = await createTestApi({ DATABASE_URL: databaseUrl });
    prisma = app.get(PrismaService);
  });

  afterAll(async () => {
    await app?.close();
  });

  it('wrote every demo bill under an import of source seed, one per council and type', async () => {
    const bills = await prisma.payable.findMany({ include: { lastImport: true, licence: true } });
    expect(bills.map((b) => b.id)).toEqual(expect.arrayContaining(inject('seededPayableIds')));
    for (const bill of bills) {
      expect(bill.lastImport, bill.displayNo).toMatchObject({
        source: 'seed',
        status: 'confirmed',
        councilCode: bill.councilCode,
        type: bill.type,
      });
    }
    const groups = new Set(bills.map((b) => `${b.councilCode}|${b.type}`));
    expect(await prisma.billImport.count({ where: { source: 'seed' } })).toBe(groups.size);
    // The photo a bill file does not carry is added after, for the licences that print a digital licence.
    const photos = bills.filter((b) => b.licence?.photo).map((b) => b.displayNo);
    expect(photos.sort()).toEqual(['LP-2025-0001', 'LP-2025-0002', 'MPS-LN-4410', 'PJ-2026-0150']);
  });

  it('run again, writes nothing: no import, and a bill a payment reduced keeps its balance', async () => {
    const where = { councilCode: 'mdpg', accountNo: normaliseAccountId('market_bill', 'MB-0012') };
    const bill = await prisma.payable.findFirstOrThrow({ where });
    await prisma.payable.update({ where: { id: bill.id }, data: { balanceSen: 1_234 } });
    const [imports, payables] = [await prisma.billImport.count(), await prisma.payable.count()];
    expect(seedAgain()).toBe(0);
    expect(await prisma.billImport.count()).toBe(imports);
    expect(await prisma.payable.count()).toBe(payables);
    expect(await prisma.payable.findUniqueOrThrow({ where: { id: bill.id } })).toMatchObject({
      balanceSen: 1_234,
      lastImportId: bill.lastImportId,
    });
  });

  it('puts back a demo bill that is missing, through an import of its own', async () => {
    const where = { councilCode: 'mps', accountNo: normaliseAccountId('market_bill', 'MB-SDK-0301') };
    const bill = await prisma.payable.findFirstOrThrow({ where });
    await prisma.payable.delete({ where: { id: bill.id } });
    expect(seedAgain()).toBe(1);
    const back = await prisma.payable.findFirstOrThrow({ where, include: { lastImport: true } });
    expect(back).toMatchObject({ balanceSen: 21_000, details: { market: 'Pasar Besar Sandakan', stallNo: 'A-301' } });
    expect(back.lastImport).toMatchObject({ source: 'seed', counts: expect.objectContaining({ new: 1 }) });
    expect(back.lastImportId).not.toBe(bill.lastImportId);
  });
});
