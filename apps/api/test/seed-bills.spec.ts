import type { INestApplication } from '@nestjs/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normaliseAccountId } from '@councilpay/domain';
import { importSeedBills } from '../../../prisma/seed/bills';
import { PAYABLE_SEEDS } from '../../../prisma/seed/payables';
import { PrismaService } from '../src/prisma/prisma.service';
import { createTestApi, isolatedDatabaseUrl } from './test-app';

/** The demo bills came in through the bill file path, and loading them again adds or changes nothing. */
describe('the demo seed loads its bills as a council file does', () => {
  let app: INestApplication;
  let prisma: PrismaService;
  const seeded = PAYABLE_SEEDS.flatMap((s) => [s, ...(s.dependents ?? []).map((d) => ({ ...d, council: s.council }))]);

  beforeAll(async () => {
    app = await createTestApi({ DATABASE_URL: await isolatedDatabaseUrl() });
    prisma = app.get(PrismaService);
  });

  afterAll(async () => {
    await app?.close();
  });

  it('wrote every demo bill under an import of source seed, one per council and type', async () => {
    const bills = await prisma.payable.findMany({
      where: {
        OR: seeded.map((s) => ({
          councilCode: s.council,
          type: s.type,
          accountNo: normaliseAccountId(s.type, s.displayNo),
        })),
      },
      include: { lastImport: true, licence: true },
    });
    expect(bills).toHaveLength(seeded.length);
    for (const bill of bills) {
      expect(bill.lastImport, bill.displayNo).toMatchObject({
        source: 'seed',
        status: 'confirmed',
        councilCode: bill.councilCode,
        type: bill.type,
      });
    }
    const groups = new Set(seeded.map((s) => `${s.council}|${s.type}`));
    expect(await prisma.billImport.count({ where: { source: 'seed' } })).toBe(groups.size);
    // The photo a bill file does not carry is added after, for the licences that print.
    const photos = bills.filter((b) => b.licence?.photo).map((b) => b.displayNo);
    expect(photos.sort()).toEqual(
      PAYABLE_SEEDS.filter((s) => s.licence?.hasPhoto)
        .map((s) => s.displayNo)
        .sort(),
    );
  });

  it('run again, writes nothing: no import, and a bill a payment reduced keeps its balance', async () => {
    const bill = await prisma.payable.findFirstOrThrow({
      where: { councilCode: 'mdpg', accountNo: normaliseAccountId('market_bill', 'MB-0012') },
    });
    await prisma.payable.update({ where: { id: bill.id }, data: { balanceSen: 1_234 } });
    const imports = await prisma.billImport.count();
    expect(await importSeedBills(prisma, PAYABLE_SEEDS)).toBe(0);
    expect(await prisma.billImport.count()).toBe(imports);
    expect(await prisma.payable.findUniqueOrThrow({ where: { id: bill.id } })).toMatchObject({
      balanceSen: 1_234,
      lastImportId: bill.lastImportId,
    });
  });

  it('puts back a demo bill that is missing, through an import of its own', async () => {
    const bill = await prisma.payable.findFirstOrThrow({
      where: { councilCode: 'mps', accountNo: normaliseAccountId('market_bill', 'MB-SDK-0301') },
    });
    await prisma.payable.delete({ where: { id: bill.id } });
    expect(await importSeedBills(prisma, PAYABLE_SEEDS)).toBe(1);
    const back = await prisma.payable.findFirstOrThrow({
      where: { councilCode: 'mps', accountNo: normaliseAccountId('market_bill', 'MB-SDK-0301') },
      include: { lastImport: true },
    });
    expect(back).toMatchObject({ balanceSen: 21_000, details: { market: 'Pasar Besar Sandakan', stallNo: 'A-301' } });
    expect(back.lastImport).toMatchObject({ source: 'seed', counts: expect.objectContaining({ new: 1 }) });
    expect(back.lastImportId).not.toBe(bill.lastImportId);
  });
});
