/**
 * `--payables N`: N extra payables for benchmarks, inserted in set-based batches (unnest of arrays), so a
 * million rows take minutes. Ids are deterministic (GEN + type letter + sequence) and conflicts are skipped:
 * running it twice with the same N adds nothing.
 */
import { COUNCIL_CODES, normaliseAccountId, PAYABLE_TYPES } from '@councilpay/domain';
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

export async function generatePayables(prisma: PrismaClient, count: number): Promise<number> {
  let inserted = 0;
  for (let start = 1; start <= count; start += BATCH) {
    const size = Math.min(BATCH, count - start + 1);
    const councils: string[] = [];
    const types: string[] = [];
    const accountNos: string[] = [];
    const names: string[] = [];
    const idNos: string[] = [];
    const balances: number[] = [];
    for (let k = 0; k < size; k += 1) {
      const i = start + k;
      const type = SEARCHABLE_TYPES[i % SEARCHABLE_TYPES.length];
      councils.push(COUNCIL_CODES[i % COUNCIL_CODES.length]);
      types.push(type);
      // Stored as searched: normalised like every id (tenancy ids, for one, are lower-case).
      accountNos.push(normaliseAccountId(type, `GEN${type.slice(0, 1).toUpperCase()}${String(i).padStart(9, '0')}`));
      names.push(`${GIVEN[i % GIVEN.length]} ${FAMILY[(i >> 3) % FAMILY.length]}`);
      idNos.push(`${String(600101 + (i % 400000)).padStart(6, '0')}12${String(i % 10000).padStart(4, '0')}`);
      balances.push((i * 7919) % 500_000);
    }
    inserted += await prisma.$executeRawUnsafe(
      `INSERT INTO "Payable" ("id", "councilCode", "type", "accountNo", "displayNo", "ownerName", "ownerIdNo", "balanceSen", "updatedAt")
       SELECT gen_random_uuid(), c, t::"PayableType", a, a, n, o, b, now()
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::int[]) AS x(c, t, a, n, o, b)
       ON CONFLICT DO NOTHING`,
      councils,
      types,
      accountNos,
      names,
      idNos,
      balances,
    );
  }
  return inserted;
}
