/**
 * `--payables N`: N extra payables for benchmarks, inserted in set-based batches (unnest of arrays), so a
 * million rows take minutes. Ids are deterministic (GEN + type letter + sequence) and conflicts are skipped:
 * running it twice with the same N adds nothing. Every bill carries the details its type's layout requires
 * (`checkBillDetails`), as an imported bill does: an assessment its instalment breakdown, its balance what
 * that breakdown owes.
 */
import {
  assessmentOwedSen,
  checkBillDetails,
  COMPOUND_TYPES,
  councilTakes,
  normaliseAccountId,
  PAYABLE_TYPES,
  type PayableType,
} from '@councilpay/domain';
import type { PrismaClient } from '../../apps/api/src/generated/prisma/client';

const BATCH = 20_000;
const GIVEN = ['AHMAD', 'SITI', 'TAN', 'LIM', 'JOSEPH', 'MARIA', 'WONG', 'NURUL', 'CHONG', 'JULIUS', 'FATIMAH', 'LEE'];
const FAMILY = [
  'BIN ABDULLAH',
  'BINTI HASSAN',
  'AH KOW',
  'MEI LING',
  'ANAK GUNTING',
  'KOK WAI',
  'BINTI MUSA',
  'CHEE KEONG',
];
const SEARCHABLE_TYPES = PAYABLE_TYPES.filter((t) => t !== 'engineering' && t !== 'local_government_charge');

/** The details and balance of the i-th generated bill of a type: varied, deterministic, valid for its layout. */
export function generatedBill(type: PayableType, i: number): { details: Record<string, unknown>; balanceSen: number } {
  const balanceSen = (i * 7919) % 500_000;
  const details = ((): Record<string, unknown> => {
    switch (type) {
      case 'assessment': {
        const currentYearSen = 10_000 + ((i * 2659) % 200_000);
        return {
          asumYear: 2026,
          currentYearSen,
          arrearsSen: i % 3 === 0 ? (i * 4177) % 150_000 : 0,
          discountSen: i % 4 === 0 ? Math.floor(currentYearSen / 10) : 0,
          specialDiscountSen: 0,
          gstSen: 0,
          houseNo: `${(i % 200) + 1}`,
        };
      }
      case 'compound':
        return {
          compoundType: COMPOUND_TYPES[i % COMPOUND_TYPES.length],
          offence: 'Meletak kenderaan di petak larangan',
        };
      case 'tenancy': {
        const monthlyRentSen = 20_000 + (i % 30) * 1_000;
        return {
          premise: `Gerai ${(i % 80) + 1}, Kompleks Majlis`,
          monthlyRentSen,
          arrearsMonths: Math.ceil(balanceSen / monthlyRentSen),
        };
      }
      case 'booking':
        return { facility: 'Dewan Serbaguna', date: `2026-${String((i % 12) + 1).padStart(2, '0')}-15` };
      case 'market_bill':
        return { market: 'Pasar Besar', stallNo: `P${(i % 300) + 1}`, period: `${(i % 12) + 1}/2026` };
      default:
        return {};
    }
  })();
  const checked = checkBillDetails(type, details);
  if (!checked.ok) throw new Error(`generated ${type} details break its layout: ${JSON.stringify(checked.errors)}`);
  return {
    details,
    balanceSen:
      type === 'assessment'
        ? assessmentOwedSen(details as unknown as Parameters<typeof assessmentOwedSen>[0])
        : balanceSen,
  };
}

export async function generatePayables(prisma: PrismaClient, count: number): Promise<number> {
  // Each type only at the councils that take it (market bills where a market is run), as the portal offers it.
  const councilRows = await prisma.council.findMany({
    select: { code: true, payableTypes: true },
    orderBy: { code: 'asc' },
  });
  const takers = new Map(
    SEARCHABLE_TYPES.map((t) => [t, councilRows.filter((c) => councilTakes(c, t)).map((c) => c.code)]),
  );
  const types = SEARCHABLE_TYPES.filter((t) => takers.get(t)!.length > 0);
  if (types.length === 0)
    throw new Error('no council takes any of the generated payable types: seed the councils first');
  let inserted = 0;
  for (let start = 1; start <= count; start += BATCH) {
    const size = Math.min(BATCH, count - start + 1);
    const councils: string[] = [];
    const typeOf: string[] = [];
    const accountNos: string[] = [];
    const names: string[] = [];
    const idNos: string[] = [];
    const balances: number[] = [];
    const details: string[] = [];
    for (let k = 0; k < size; k += 1) {
      const i = start + k;
      const type = types[i % types.length];
      const codes = takers.get(type)!;
      councils.push(codes[Math.floor(i / types.length) % codes.length]);
      typeOf.push(type);
      // Stored as searched: normalised like every id (tenancy ids, for one, are lower-case).
      accountNos.push(normaliseAccountId(type, `GEN${type.slice(0, 1).toUpperCase()}${String(i).padStart(9, '0')}`));
      names.push(`${GIVEN[i % GIVEN.length]} ${FAMILY[(i >> 3) % FAMILY.length]}`);
      idNos.push(`${String(600101 + (i % 400000)).padStart(6, '0')}12${String(i % 10000).padStart(4, '0')}`);
      const bill = generatedBill(type, i);
      balances.push(bill.balanceSen);
      details.push(JSON.stringify(bill.details));
    }
    inserted += await prisma.$executeRawUnsafe(
      `INSERT INTO "Payable" ("id", "councilCode", "type", "accountNo", "displayNo", "ownerName", "ownerIdNo", "balanceSen", "details", "updatedAt")
       SELECT gen_random_uuid(), c, t::"PayableType", a, a, n, o, b, d, now()
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::int[], $7::jsonb[]) AS x(c, t, a, n, o, b, d)
       ON CONFLICT DO NOTHING`,
      councils,
      typeOf,
      accountNos,
      names,
      idNos,
      balances,
      details,
    );
  }
  return inserted;
}
