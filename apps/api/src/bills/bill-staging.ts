/**
 * A bill file's rows staged in the database (BillImportRow), so that a file of a million bills is previewed and
 * confirmed a chunk at a time in bounded memory: each row keeps the bill as read (or the reasons it could not be
 * read) and its outcome, with the bill's identity as columns, so that what looks beyond one row (an account stated
 * twice, a licence reference used twice, a dependent whose licence is in the same file, the bills a complete list
 * leaves out) is asked of the database.
 */
import type { BillOutcome, BillRecord, BillRowOutcome, CouncilCode, PayableType, RowError } from '@councilpay/domain';
import { Prisma } from '../generated/prisma/client';
import { rawSql, type RawDb } from '../prisma/raw-sql';
import { BILL_CHUNK, type LedgerRow, type PlannedWithdrawal, type StatementFacts, readLedgerRows } from './bill-ledger';

/** A row read from the file: a bill, or the reasons its line could not be read. */
export type ReadRow =
  | { readonly line: number; readonly bill: BillRecord; readonly errors?: undefined }
  | { readonly line: number; readonly bill?: undefined; readonly errors: readonly RowError[] };

/** A staged row with its bill, as planning and confirm read it back. */
export interface StagedBill {
  /** BillImportRow.id, as text. */
  readonly id: string;
  readonly bill: BillRecord;
  readonly outcome: BillOutcome | null;
}

/** Writes read rows with their outcomes (null: planned later) in one statement. */
export async function stageRows(
  tx: RawDb,
  importId: string,
  rows: readonly ReadRow[],
  outcomes: readonly (BillOutcome | null)[],
): Promise<void> {
  if (!rows.length) return;
  const col = <T>(pick: (r: ReadRow, i: number) => T) => rows.map(pick);
  await rawSql(tx).execute(Prisma.sql`
    INSERT INTO "BillImportRow" ("importId", "line", "bill", "errors", "outcome", "kind", "accountNo", "planType",
      "parentAccountNo", "licenceReference")
    SELECT ${importId}::uuid, t."line", t."bill", t."errors", t."outcome", t."kind", t."accountNo", t."planType",
      t."parentAccountNo", t."licenceReference"
    FROM unnest(
      ${col((r) => r.line)}::int[],
      ${col((r) => (r.bill ? JSON.stringify(r.bill) : null))}::jsonb[],
      ${col((r) => (r.errors ? JSON.stringify(r.errors) : null))}::jsonb[],
      ${col((_, i) => (outcomes[i] ? JSON.stringify(outcomes[i]) : null))}::jsonb[],
      ${col((r, i) => (r.errors ? 'invalid' : (outcomes[i]?.outcome ?? null)))}::text[],
      ${col((r) => r.bill?.accountNo ?? null)}::text[],
      ${col((r) => r.bill?.planType ?? null)}::text[],
      ${col((r) => r.bill?.parentAccountNo ?? null)}::text[],
      ${col((r) => r.bill?.licence?.reference ?? null)}::text[]
    ) AS t("line", "bill", "errors", "outcome", "kind", "accountNo", "planType", "parentAccountNo",
      "licenceReference")`);
}

/** Sets the outcomes of staged rows. */
export async function setOutcomes(
  tx: RawDb,
  rows: readonly StagedBill[],
  outcomes: readonly BillOutcome[],
): Promise<void> {
  if (!rows.length) return;
  await rawSql(tx).execute(Prisma.sql`
    UPDATE "BillImportRow" r SET "outcome" = t."outcome", "kind" = t."kind"
    FROM unnest(${rows.map((r) => r.id)}::bigint[], ${outcomes.map((o) => JSON.stringify(o))}::jsonb[],
      ${outcomes.map((o) => o.outcome)}::text[]) AS t("id", "outcome", "kind")
    WHERE r."id" = t."id"`);
}

/** Writes the withdrawals a complete list implies: rows without a line. */
export async function stageWithdrawals(
  tx: RawDb,
  importId: string,
  withdrawals: readonly PlannedWithdrawal[],
): Promise<void> {
  if (!withdrawals.length) return;
  await rawSql(tx).execute(Prisma.sql`
    INSERT INTO "BillImportRow" ("importId", "line", "bill", "outcome", "kind", "accountNo", "planType")
    SELECT ${importId}::uuid, NULL, jsonb_build_object('accountNo', t."accountNo", 'displayNo', t."displayNo",
      'planType', t."planType"), t."outcome", t."kind", t."accountNo", t."planType"
    FROM unnest(${withdrawals.map((w) => w.accountNo)}::text[], ${withdrawals.map((w) => w.displayNo)}::text[],
      ${withdrawals.map((w) => w.planType)}::text[], ${withdrawals.map((w) => JSON.stringify(w.outcome))}::jsonb[],
      ${withdrawals.map((w) => w.outcome.outcome)}::text[]) AS t("accountNo", "displayNo", "planType", "outcome", "kind")`);
}

/** Which staged bills a pass reads: the licences (and every other bill) first, then the dependent items. */
export type Pass = 'licences' | 'dependents';

/**
 * The staged bills of a pass, a chunk at a time in file order: those not planned yet (`unplanned`), or those of
 * an outcome. Each chunk is read after the previous one is handled, so its rows may be updated in between.
 */
export async function* stagedChunks(
  db: RawDb,
  importId: string,
  pass: Pass,
  which: { readonly unplanned: true } | { readonly kind: BillRowOutcome },
): AsyncGenerator<StagedBill[]> {
  let after = '0';
  const dependent = pass === 'dependents';
  const kind = 'kind' in which ? Prisma.sql`r."kind" = ${which.kind}` : Prisma.sql`r."kind" IS NULL`;
  for (;;) {
    const rows = await rawSql(db).query<StagedBill>(Prisma.sql`
      SELECT r."id"::text AS "id", r."bill", r."outcome" FROM "BillImportRow" r
      WHERE r."importId" = ${importId}::uuid AND ${kind} AND r."id" > ${after}::bigint
        AND r."line" IS NOT NULL AND r."bill" IS NOT NULL AND (r."parentAccountNo" IS NOT NULL) = ${dependent}
      ORDER BY r."id" LIMIT ${BILL_CHUNK}`);
    if (!rows.length) return;
    yield rows;
    after = rows[rows.length - 1].id;
  }
}

/**
 * What the rest of a staged file says about a chunk of its dependent items not planned yet, once `refuseRepeats`
 * has run: none of them states an account twice (those rows are refused already) or carries a licence, so only
 * the file's own rows for the licences they name are asked of the database.
 */
export async function stagedFacts(db: RawDb, importId: string, bills: readonly BillRecord[]): Promise<StatementFacts> {
  const parents = new Map<string, 'licence' | 'dependent' | 'missing'>();
  const named = [...new Set(bills.flatMap((b) => (b.parentAccountNo ? [b.parentAccountNo] : [])))];
  if (named.length) {
    const found = await rawSql(db).query<{
      accountNo: string;
      dependent: boolean;
      n: number;
      refused: boolean;
    }>(Prisma.sql`
      SELECT "accountNo", bool_or("parentAccountNo" IS NOT NULL) AS "dependent", count(*)::int AS "n",
        bool_or("kind" = 'refused') AS "refused"
      FROM "BillImportRow"
      WHERE "importId" = ${importId}::uuid AND "line" IS NOT NULL AND "accountNo" = ANY(${named}::text[])
      GROUP BY 1`);
    for (const f of found) {
      // A licence stated twice is refused in both rows: its dependents have no licence.
      parents.set(f.accountNo, f.dependent ? 'dependent' : f.refused || f.n > 1 ? 'missing' : 'licence');
    }
  }
  return { ...READING_FACTS, parentInStatement: (account) => parents.get(account) ?? null };
}

/**
 * What a file is assumed to say while it is still being read (each account and reference once, no licence of its
 * own): the rows this assumption was wrong for are found by `refuseRepeats` once it is read, and dependent items
 * are planned only then. A confirm plans with it too: a preview it may confirm refused nothing (no account or
 * reference twice), and the file's licences are in the ledger before their dependents are written.
 */
export const READING_FACTS: StatementFacts = {
  occurrences: () => 1,
  referenceUses: () => 1,
  parentInStatement: () => null,
};

/** Refuses every row of an account stated twice, then every other row of a licence reference used twice. */
export async function refuseRepeats(tx: RawDb, importId: string): Promise<void> {
  await rawSql(tx).execute(Prisma.sql`
    UPDATE "BillImportRow" r SET "outcome" = '{"outcome":"refused","code":"duplicate_account"}'::jsonb,
      "kind" = 'refused'
    FROM (
      SELECT "accountNo", "planType" FROM "BillImportRow"
      WHERE "importId" = ${importId}::uuid AND "line" IS NOT NULL AND "accountNo" IS NOT NULL
      GROUP BY 1, 2 HAVING count(*) > 1
    ) d
    WHERE r."importId" = ${importId}::uuid AND r."line" IS NOT NULL AND r."accountNo" = d."accountNo"
      AND r."planType" = d."planType"`);
  await rawSql(tx).execute(Prisma.sql`
    UPDATE "BillImportRow" r SET "outcome" = '{"outcome":"refused","code":"licence_reference_taken"}'::jsonb,
      "kind" = 'refused'
    FROM (
      SELECT "licenceReference" FROM "BillImportRow"
      WHERE "importId" = ${importId}::uuid AND "line" IS NOT NULL AND "licenceReference" IS NOT NULL
      GROUP BY 1 HAVING count(*) > 1
    ) d
    WHERE r."importId" = ${importId}::uuid AND r."line" IS NOT NULL AND r."licenceReference" = d."licenceReference"
      AND r."outcome" IS DISTINCT FROM '{"outcome":"refused","code":"duplicate_account"}'::jsonb`);
}

/**
 * The council's bills of the type, not withdrawn, that a staged complete list does not name, a chunk at a time in
 * id order (and, with `lock`, row-locked as they are read).
 */
export async function* unnamedChunks(
  db: RawDb,
  importId: string,
  councilCode: CouncilCode,
  type: PayableType,
): AsyncGenerator<LedgerRow[]> {
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const rows = await readLedgerRows(
      db,
      councilCode,
      type,
      Prisma.sql`p."status" <> 'withdrawn' AND p."id" > ${after}::uuid AND NOT EXISTS (
        SELECT 1 FROM "BillImportRow" r WHERE r."importId" = ${importId}::uuid AND r."line" IS NOT NULL
          AND r."accountNo" = p."accountNo" AND r."planType" = p."planType")`,
      Prisma.sql`ORDER BY p."id" LIMIT ${BILL_CHUNK}`,
    );
    if (!rows.length) return;
    yield rows;
    after = rows[rows.length - 1].id;
  }
}

/** The staged withdrawals' outcomes of some accounts, by plan type and account. */
export async function stagedWithdrawals(
  db: RawDb,
  importId: string,
  rows: readonly { readonly accountNo: string; readonly planType: string }[],
): Promise<Map<string, BillOutcome>> {
  const found = await rawSql(db).query<{ accountNo: string; planType: string; outcome: BillOutcome }>(Prisma.sql`
    SELECT r."accountNo", r."planType", r."outcome" FROM "BillImportRow" r
    JOIN unnest(${rows.map((w) => w.accountNo)}::text[], ${rows.map((w) => w.planType)}::text[])
      AS s("accountNo", "planType") ON r."accountNo" = s."accountNo" AND r."planType" = s."planType"
    WHERE r."importId" = ${importId}::uuid AND r."line" IS NULL`);
  return new Map(found.map((f) => [`${f.planType}|${f.accountNo}`, f.outcome]));
}

/** The staged rows per outcome (invalid: rows that could not be read). */
export async function stagedCounts(db: RawDb, importId: string): Promise<Partial<Record<BillRowOutcome, number>>> {
  const rows = await rawSql(db).query<{ kind: BillRowOutcome; n: number }>(Prisma.sql`
    SELECT "kind", count(*)::int AS "n" FROM "BillImportRow" WHERE "importId" = ${importId}::uuid GROUP BY 1`);
  return Object.fromEntries(rows.map((r) => [r.kind, r.n]));
}

/**
 * Row-locks, in id order and in one statement, every bill of the ledger a staged file names and, for a complete
 * list, every bill it would withdraw: taken before anything is written, the locks are taken in the order payment
 * creation takes its own, so the two never deadlock however many chunks the file is written in.
 */
export async function lockStagedBills(
  tx: RawDb,
  importId: string,
  councilCode: CouncilCode,
  type: PayableType,
  complete: boolean,
): Promise<void> {
  await rawSql(tx).execute(Prisma.sql`
    SELECT 1 FROM "Payable" p
    WHERE p."councilCode" = ${councilCode} AND p."type" = ${type}::"PayableType"
      AND (EXISTS (
        SELECT 1 FROM "BillImportRow" r WHERE r."importId" = ${importId}::uuid AND r."line" IS NOT NULL
          AND r."accountNo" = p."accountNo" AND r."planType" = p."planType"
      ) OR (${complete} AND p."status" <> 'withdrawn'))
    ORDER BY p."id" FOR NO KEY UPDATE OF p`);
}
