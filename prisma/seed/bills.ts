/**
 * The demo bills go in the way a council's go in: each seed becomes a row of its type's bill file layout, read
 * by the layouts' cell readers (`readBillHeader`, `parseBillRow`), planned and written by the one bill writer
 * (`BillLedger`) under an import of source `seed`. Only bills the ledger does not hold yet are written: a bill
 * that exists is left as it is (payments may have reduced its balance), so a second run writes nothing and
 * records no import. What a bill file does not carry, the licence owner's photo, is added afterwards.
 */
import {
  BILL_LAYOUTS,
  SEN_PER_RINGGIT,
  billKey,
  parseBillRow,
  readBillHeader,
  type BillColumn,
  type BillRecord,
  type CellValue,
  type CouncilCode,
  type PayableType,
  type RowError,
} from '@councilpay/domain';
import type { PrismaClient } from '../../apps/api/src/generated/prisma/client';
import { BillLedger } from '../../apps/api/src/bills/bill-ledger';
import type { LicenceSeed, PayableSeed } from './payables';

type BillSeed = Omit<PayableSeed, 'council' | 'dependents'>;

/** Sen as a bill file writes ringgit: digits, a point and two decimals, no separator. */
function ringgit(amountSen: number): string {
  const magnitude = Math.abs(amountSen);
  const text = `${Math.floor(magnitude / SEN_PER_RINGGIT)}.${String(magnitude % SEN_PER_RINGGIT).padStart(2, '0')}`;
  return amountSen < 0 ? `-${text}` : text;
}

/** One column's cell of a seed, as an officer would type it (amounts in RM). */
function cellOf(column: BillColumn, seed: BillSeed, council: CouncilCode, parent: BillSeed | null): CellValue {
  const amount = (value: unknown) => (typeof value === 'number' ? ringgit(value) : null);
  const target = column.maps;
  if (target.on === 'details') {
    const value = seed.details?.[target.key];
    if (value === undefined || value === null) return null;
    return column.name.endsWith('_rm') ? amount(value) : (value as CellValue);
  }
  if (target.on === 'licence') {
    if (!seed.licence) return null;
    const value = seed.licence[target.field as keyof LicenceSeed];
    return value === undefined ? null : (value as CellValue);
  }
  switch (target.field) {
    case 'council':
      return council;
    case 'account':
      return seed.displayNo;
    case 'ownerName':
      return seed.ownerName;
    case 'ownerIdNo':
      return seed.ownerIdNo ?? null;
    case 'address':
      return seed.address ?? null;
    case 'balanceSen':
      return amount(seed.balanceSen);
    case 'minimumPaymentSen':
      return amount(seed.minimumPaymentSen);
    case 'planType':
      return seed.planType ?? null;
    case 'parent':
      return parent?.displayNo ?? null;
    case 'paidUntilYear':
      return seed.paidUntilYear ?? null;
    case 'paidUntilMonth':
      return seed.paidUntilMonth ?? null;
  }
}

/** Each seed with its licence (for a dependent item), grouped as one statement per council and type. */
function statements(
  seeds: readonly PayableSeed[],
): Map<string, { council: CouncilCode; type: PayableType; rows: [BillSeed, BillSeed | null][] }> {
  const groups = new Map<string, { council: CouncilCode; type: PayableType; rows: [BillSeed, BillSeed | null][] }>();
  const add = (council: CouncilCode, seed: BillSeed, parent: BillSeed | null) => {
    const key = `${council}|${seed.type}`;
    const group = groups.get(key) ?? { council, type: seed.type, rows: [] };
    group.rows.push([seed, parent]);
    groups.set(key, group);
  };
  for (const seed of seeds) {
    add(seed.council, seed, null);
    for (const dependent of seed.dependents ?? []) add(seed.council, dependent, seed);
  }
  return groups;
}

function refusedRows(errors: readonly RowError[]): string {
  return errors.map((e) => `line ${e.line} ${e.column} "${e.value}": ${e.code}`).join('; ');
}

/** Loads the demo bills through the bill file path; returns how many bills were created. */
export async function importSeedBills(prisma: PrismaClient, seeds: readonly PayableSeed[]): Promise<number> {
  const ledger = new BillLedger();
  let created = 0;
  for (const { council, type, rows } of statements(seeds).values()) {
    const layout = BILL_LAYOUTS[type];
    const read = readBillHeader(
      type,
      layout.map((c) => c.name),
    );
    if (!read.ok) throw new Error(`the ${type} layout refuses its own header`);
    const bills: BillRecord[] = [];
    const errors: RowError[] = [];
    rows.forEach(([seed, parent], i) => {
      const cells = layout.map((column) => cellOf(column, seed, council, parent));
      const parsed = parseBillRow(type, council, read.header, cells, i + 2);
      if (parsed.ok) bills.push(parsed.bill);
      else errors.push(...parsed.errors);
    });
    if (errors.length) throw new Error(`demo ${council} ${type} bills refused: ${refusedRows(errors)}`);

    // Only what the ledger lacks: an existing bill is never overwritten by the seed.
    const plan = await ledger.plan(prisma, council, type, bills, false);
    const refused = plan.bills.filter((p) => p.outcome.outcome === 'refused');
    if (refused.length) {
      throw new Error(
        `demo ${council} ${type} bills refused: ${refused.map((p) => `${p.bill.displayNo} ${JSON.stringify(p.outcome)}`).join('; ')}`,
      );
    }
    const missing = new Set(plan.bills.filter((p) => p.outcome.outcome === 'new').map((p) => billKey(p.bill)));
    if (missing.size === 0) continue;
    const fresh = bills.filter((b) => missing.has(billKey(b)));
    await prisma.$transaction(
      async (tx) => {
        const imp = await tx.billImport.create({
          data: { councilCode: council, type, source: 'seed', fileName: null, status: 'previewed', complete: false },
        });
        const written = await ledger.write(tx, imp.id, council, type, fresh, false);
        await tx.billImport.update({
          where: { id: imp.id },
          data: { status: 'confirmed', confirmedAt: new Date(), counts: { ...written.counts, invalid: 0 } },
        });
        created += written.counts.new;
      },
      { timeout: 120_000 },
    );
  }
  return created;
}
