import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  OPEN_PAYMENT_STATES,
  WITHDRAWN_STATUS,
  billKey,
  emptyBillCounts,
  mergedBillDetails,
  planBillStatement,
  planBillWithdrawal,
  type BillLicence,
  type BillOutcome,
  type BillOutcomeCounts,
  type BillRecord,
  type CouncilCode,
  type LedgerBill,
  type ParentLookup,
  type PayableType,
} from '@councilpay/domain';
import { Prisma } from '../generated/prisma/client';
import { rawSql, type RawDb } from '../prisma/raw-sql';
import { lockBillWriter, lockBills } from './bill-lock';

/** One bill of a statement and what it does to the ledger. */
export interface PlannedBill {
  readonly bill: BillRecord;
  readonly outcome: BillOutcome;
  /** The ledger's bill under the same key, when there is one. */
  readonly payableId: string | null;
  readonly ledger: LedgerBill | null;
  /** A dependent item's licence as the ledger holds it, when it does. */
  readonly parentPayableId: string | null;
}

/** A bill the statement does not name, when the statement is the complete list. */
export interface PlannedWithdrawal {
  readonly payableId: string;
  readonly accountNo: string;
  readonly displayNo: string;
  readonly planType: string;
  readonly outcome: BillOutcome;
}

export interface BillPlan {
  readonly councilCode: CouncilCode;
  readonly type: PayableType;
  readonly bills: readonly PlannedBill[];
  readonly withdrawals: readonly PlannedWithdrawal[];
  readonly counts: BillOutcomeCounts;
}

/**
 * What the rest of a statement says about some of its bills: the rules that look beyond one row (an account
 * stated twice, a licence reference used twice, a dependent whose licence is stated beside it). A statement held
 * in memory answers from its rows; a file staged in the database answers by query, chunk by chunk.
 */
export interface StatementFacts {
  /** How many rows of the statement state this bill's key. */
  occurrences(bill: BillRecord): number;
  /** How many rows of the statement carry this licence reference. */
  referenceUses(reference: string): number;
  /**
   * A dependent's licence as the statement has it: a licence, a dependent item itself, or missing (the statement
   * refused it); null when the statement does not state that account (the ledger decides).
   */
  parentInStatement(parentAccountNo: string): ParentLookup | null;
}

/** Bills planned, read from the ledger, locked or written per statement: each statement's parameters are bounded. */
export const BILL_CHUNK = 5_000;

/** A bill as the ledger holds it, with its licence, its licence's account and whether a payment is at the bank. */
export interface LedgerRow {
  readonly id: string;
  readonly accountNo: string;
  readonly planType: string;
  readonly displayNo: string;
  readonly ownerName: string;
  readonly ownerIdNo: string | null;
  readonly address: string | null;
  readonly balanceSen: number;
  readonly minimumPaymentSen: number | null;
  readonly paidUntilYear: number | null;
  readonly paidUntilMonth: number | null;
  readonly details: Record<string, unknown> | null;
  readonly status: string;
  readonly parentId: string | null;
  readonly parentAccountNo: string | null;
  readonly licence: BillLicence | null;
  readonly paymentAtBank: boolean;
}

/** One read of the ledger's bills, with what the rules need: one query whatever the number of bills. */
const LEDGER_COLUMNS = Prisma.sql`
  p."id"::text AS "id", p."accountNo", p."planType", p."displayNo", p."ownerName", p."ownerIdNo", p."address",
  p."balanceSen", p."minimumPaymentSen", p."paidUntilYear", p."paidUntilMonth", p."details", p."status",
  p."parentId"::text AS "parentId", pp."accountNo" AS "parentAccountNo",
  CASE WHEN l."id" IS NULL THEN NULL ELSE json_build_object(
    'reference', l."reference", 'statusl', l."statusl", 'mKodType', l."mKodType", 'kind', l."kind",
    'printCode', l."printCode", 'renewableOnline', l."renewableOnline", 'renewalYears', l."renewalYears",
    'renewalMonths', l."renewalMonths") END AS "licence",
  EXISTS (
    SELECT 1 FROM "PaymentItem" i JOIN "Payment" pay ON pay."id" = i."paymentId"
    WHERE i."payableId" = p."id" AND pay."status"::text = ANY(${[...OPEN_PAYMENT_STATES]}::text[])
  ) AS "paymentAtBank"`;

const LEDGER_FROM = Prisma.sql`
  FROM "Payable" p
  LEFT JOIN "Payable" pp ON pp."id" = p."parentId"
  LEFT JOIN "Licence" l ON l."payableId" = p."id"`;

/** The council's bills of a type that satisfy `where` (on `p`), as the rules read them. */
export function readLedgerRows(
  db: RawDb,
  councilCode: CouncilCode,
  type: PayableType,
  where: Prisma.Sql,
  tail: Prisma.Sql = Prisma.empty,
): Promise<LedgerRow[]> {
  return rawSql(db).query<LedgerRow>(Prisma.sql`
    SELECT ${LEDGER_COLUMNS} ${LEDGER_FROM}
    WHERE p."councilCode" = ${councilCode} AND p."type" = ${type}::"PayableType" AND ${where} ${tail}`);
}

/** A bill's identity within a council and type. */
export interface BillKey {
  readonly planType: string;
  readonly accountNo: string;
}

/**
 * The keys as one lookup each on the unique index. Forced (a lateral subquery the planner may not flatten): while
 * a file's confirm inserts a million bills, the table's statistics still describe it as it was, and a plan from
 * them that scans the council's bills of the type for every key gets slower with every chunk written.
 */
function byKey(
  councilCode: CouncilCode,
  type: PayableType,
  keys: readonly BillKey[],
  columns: Prisma.Sql,
  from: Prisma.Sql,
) {
  return Prisma.sql`
    SELECT x.* FROM unnest(${keys.map((k) => k.planType)}::text[], ${keys.map((k) => k.accountNo)}::text[])
      AS s("planType", "accountNo")
    CROSS JOIN LATERAL (
      SELECT ${columns} ${from}
      WHERE p."councilCode" = ${councilCode} AND p."type" = ${type}::"PayableType"
        AND p."planType" = s."planType" AND p."accountNo" = s."accountNo"
      OFFSET 0
    ) x`;
}

/** The ledger's bills under these keys, as the rules read them. */
export function readLedgerByKey(
  db: RawDb,
  councilCode: CouncilCode,
  type: PayableType,
  keys: readonly BillKey[],
): Promise<LedgerRow[]> {
  return rawSql(db).query<LedgerRow>(byKey(councilCode, type, keys, LEDGER_COLUMNS, LEDGER_FROM));
}

export function toLedgerBill(row: LedgerRow): LedgerBill {
  return {
    displayNo: row.displayNo,
    ownerName: row.ownerName,
    ownerIdNo: row.ownerIdNo,
    address: row.address,
    balanceSen: row.balanceSen,
    minimumPaymentSen: row.minimumPaymentSen,
    paidUntilYear: row.paidUntilYear,
    paidUntilMonth: row.paidUntilMonth,
    details: (row.details ?? {}) as Record<string, unknown>,
    licence: row.licence ? { ...row.licence } : null,
    parentAccountNo: row.parentAccountNo,
    status: row.status,
    paymentAtBank: row.paymentAtBank,
  };
}

export function countOutcome(counts: BillOutcomeCounts, outcome: BillOutcome): void {
  counts[outcome.outcome] += 1;
}

/** The withdrawal of a bill a complete list leaves out (or the API withdraws). */
export function plannedWithdrawal(row: LedgerRow): PlannedWithdrawal {
  return {
    payableId: row.id,
    accountNo: row.accountNo,
    displayNo: row.displayNo,
    planType: row.planType,
    outcome: planBillWithdrawal(toLedgerBill(row)),
  };
}

/** The facts of a statement held whole in memory (an API batch, the seed). */
function factsOfStatement(bills: readonly BillRecord[], planned?: ReadonlyMap<string, PlannedBill>): StatementFacts {
  const occurrences = new Map<string, number>();
  const references = new Map<string, number>();
  const dependents = new Set<string>();
  for (const bill of bills) {
    occurrences.set(billKey(bill), (occurrences.get(billKey(bill)) ?? 0) + 1);
    if (bill.licence) references.set(bill.licence.reference, (references.get(bill.licence.reference) ?? 0) + 1);
    if (bill.parentAccountNo) dependents.add(bill.accountNo);
  }
  return {
    occurrences: (bill) => occurrences.get(billKey(bill)) ?? 0,
    referenceUses: (reference) => references.get(reference) ?? 0,
    parentInStatement: (account) => {
      if (dependents.has(account)) return 'dependent';
      const parent = planned?.get(account);
      if (!parent) return null;
      return parent.outcome.outcome === 'refused' ? 'missing' : 'licence';
    },
  };
}

/** Licences first: a dependent is planned once its licence's outcome is known. */
const isDependent = (bill: BillRecord) => bill.parentAccountNo !== null;

/**
 * The one writer of councils' bills: the file import's preview and confirm and the bills API all plan and write
 * through it, with the rules of libs/domain (`planBillStatement`, `planBillWithdrawal`). It reads, locks and
 * writes a chunk of bills per statement (`BILL_CHUNK`), so a file of a million bills is planned and written in
 * bounded memory (see BillImports) and an API batch of 5,000 in a few statements.
 */
@Injectable()
export class BillLedger {
  /**
   * What a statement of bills of one council and type would do, read from the ledger as it is now. `complete`:
   * the statement is the type's complete list, so the bills it does not name are withdrawn.
   */
  async plan(
    db: RawDb,
    councilCode: CouncilCode,
    type: PayableType,
    bills: readonly BillRecord[],
    complete: boolean,
  ): Promise<BillPlan> {
    const licences = bills.filter((b) => !isDependent(b));
    const first = await this.planAll(db, councilCode, type, licences, factsOfStatement(bills));
    const dependents = bills.filter(isDependent);
    const second = await this.planAll(db, councilCode, type, dependents, factsOfStatement(bills, byAccount(first)));
    const withdrawals = complete ? await this.unnamed(db, councilCode, type, bills) : [];
    return this.assemble(councilCode, type, bills, [...first, ...second], withdrawals);
  }

  /**
   * Plans again under the bills' locks and writes what the plan says, inside the caller's transaction: all of it
   * or, if the caller's transaction fails, none. Every bill written points at `importId`. Returns the plan
   * written, which the caller compares with the preview the officer confirmed.
   */
  async write(
    tx: RawDb,
    importId: string,
    councilCode: CouncilCode,
    type: PayableType,
    bills: readonly BillRecord[],
    complete: boolean,
  ): Promise<BillPlan> {
    await lockBillWriter(tx, councilCode, type);
    // No payment for these bills can start until this transaction ends, and the plan made under the locks sees
    // every payment that started before.
    await lockBills(tx, await this.idsOf(tx, councilCode, type, bills));
    const licences = bills.filter((b) => !isDependent(b));
    const first: PlannedBill[] = [];
    for (let i = 0; i < licences.length; i += BILL_CHUNK) {
      const planned = await this.planChunk(
        tx,
        councilCode,
        type,
        licences.slice(i, i + BILL_CHUNK),
        factsOfStatement(bills),
      );
      await this.apply(tx, importId, councilCode, type, planned);
      first.push(...planned);
    }
    // The licences the statement created are in the ledger now: their dependents find them there.
    const dependents = bills.filter(isDependent);
    const facts = factsOfStatement(bills, byAccount(first));
    const second: PlannedBill[] = [];
    for (let i = 0; i < dependents.length; i += BILL_CHUNK) {
      const planned = await this.planChunk(tx, councilCode, type, dependents.slice(i, i + BILL_CHUNK), facts);
      await this.apply(tx, importId, councilCode, type, planned);
      second.push(...planned);
    }
    let withdrawals: PlannedWithdrawal[] = [];
    if (complete) {
      await lockBills(
        tx,
        (await this.unnamed(tx, councilCode, type, bills)).map((w) => w.payableId),
      );
      withdrawals = await this.unnamed(tx, councilCode, type, bills);
      await this.withdrawAll(tx, importId, withdrawals);
    }
    return this.assemble(councilCode, type, bills, [...first, ...second], withdrawals);
  }

  /**
   * Withdraws one bill of a council (the bills API's withdrawal), under the bill's lock, by the same rule as a
   * complete list's withdrawal: refused while a payment for it is at the bank. `null` when the council has no such
   * bill; an already withdrawn bill is `unchanged`.
   */
  async withdraw(
    tx: RawDb,
    importId: string,
    councilCode: CouncilCode,
    type: PayableType,
    accountNo: string,
    planType: string,
  ): Promise<PlannedWithdrawal | null> {
    await lockBillWriter(tx, councilCode, type);
    const where = Prisma.sql`p."accountNo" = ${accountNo} AND p."planType" = ${planType}`;
    const [first] = await readLedgerRows(tx, councilCode, type, where);
    if (!first) return null;
    await lockBills(tx, [first.id]);
    const [row] = await readLedgerRows(tx, councilCode, type, Prisma.sql`p."id" = ${first.id}::uuid`);
    const withdrawal = plannedWithdrawal(row);
    await this.withdrawAll(tx, importId, [withdrawal]);
    return withdrawal;
  }

  /**
   * Plans a chunk of bills (at most `BILL_CHUNK`) against the ledger as it is now, with what the rest of their
   * statement says about them. Licences and dependents may not be mixed in a chunk whose dependents' licences are
   * in the statement: plan the licences first and answer for them in `facts`.
   */
  async planChunk(
    db: RawDb,
    councilCode: CouncilCode,
    type: PayableType,
    bills: readonly BillRecord[],
    facts: StatementFacts,
  ): Promise<PlannedBill[]> {
    if (!bills.length) return [];
    // Parents named by dependents are read too: whether they exist decides the dependent's outcome.
    const keys = new Map<string, BillKey>();
    for (const b of bills) {
      for (const accountNo of b.parentAccountNo ? [b.accountNo, b.parentAccountNo] : [b.accountNo]) {
        keys.set(`${b.planType}|${accountNo}`, { planType: b.planType, accountNo });
      }
    }
    const rows = await readLedgerByKey(db, councilCode, type, [...keys.values()]);
    const ledger = new Map(
      rows.map((row) => [billKey({ type, planType: row.planType, accountNo: row.accountNo }), row]),
    );
    const taken = await this.referencesTaken(db, bills, ledger);
    return bills.map((bill) => {
      const key = billKey(bill);
      const row = ledger.get(key) ?? null;
      const current = row ? toLedgerBill(row) : null;
      const parentRow = bill.parentAccountNo
        ? ledger.get(billKey({ type, planType: bill.planType, accountNo: bill.parentAccountNo }))
        : undefined;
      const base = { bill, payableId: row?.id ?? null, ledger: current, parentPayableId: parentRow?.id ?? null };
      if (facts.occurrences(bill) > 1) return { ...base, outcome: { outcome: 'refused', code: 'duplicate_account' } };
      if (bill.licence && (facts.referenceUses(bill.licence.reference) > 1 || taken.has(key))) {
        return { ...base, outcome: { outcome: 'refused', code: 'licence_reference_taken' } };
      }
      const parent = this.parentLookup(bill, facts, parentRow);
      return { ...base, outcome: planBillStatement(current, bill, parent) };
    });
  }

  /** The ledger ids of the statement's bills that the ledger holds. */
  async idsOf(db: RawDb, councilCode: CouncilCode, type: PayableType, bills: readonly BillRecord[]): Promise<string[]> {
    if (!bills.length) return [];
    const rows = await rawSql(db).query<{ id: string }>(
      byKey(councilCode, type, bills, Prisma.sql`p."id"::text AS "id"`, Prisma.sql`FROM "Payable" p`),
    );
    return rows.map((r) => r.id);
  }

  /** Writes a planned chunk: its new bills (and licences) in one statement each, its changed bills in one more. */
  async apply(
    tx: RawDb,
    importId: string,
    councilCode: CouncilCode,
    type: PayableType,
    planned: readonly PlannedBill[],
  ): Promise<void> {
    const creating = planned.filter((p) => p.outcome.outcome === 'new');
    const changing = planned.filter((p) => p.outcome.outcome === 'changed' && p.payableId);
    const ids = new Map<PlannedBill, string>(creating.map((p) => [p, randomUUID()]));
    const column = <T>(rows: readonly PlannedBill[], pick: (p: PlannedBill) => T) => rows.map(pick);
    const scalars = (rows: readonly PlannedBill[]) => [
      column(rows, (p) => p.bill.displayNo),
      column(rows, (p) => p.bill.ownerName),
      column(rows, (p) => p.bill.ownerIdNo),
      column(rows, (p) => p.bill.address),
      column(rows, (p) => p.bill.balanceSen),
      column(rows, (p) => p.bill.minimumPaymentSen),
      column(rows, (p) => p.bill.paidUntilYear),
      column(rows, (p) => p.bill.paidUntilMonth),
      column(rows, (p) => JSON.stringify(mergedBillDetails(p.ledger, p.bill))),
      column(rows, (p) => p.parentPayableId),
    ];
    if (creating.length) {
      const [displayNo, ownerName, ownerIdNo, address, balance, minimum, year, month, details, parent] =
        scalars(creating);
      await rawSql(tx).execute(Prisma.sql`
        INSERT INTO "Payable" ("id", "councilCode", "type", "accountNo", "planType", "displayNo", "ownerName",
          "ownerIdNo", "address", "balanceSen", "minimumPaymentSen", "paidUntilYear", "paidUntilMonth", "details",
          "parentId", "lastImportId", "updatedAt")
        SELECT t."id", ${councilCode}, ${type}::"PayableType", t."accountNo", t."planType", t."displayNo",
          t."ownerName", t."ownerIdNo", t."address", t."balanceSen", t."minimumPaymentSen", t."paidUntilYear",
          t."paidUntilMonth", t."details", t."parentId", ${importId}::uuid, now()
        FROM unnest(${column(creating, (p) => ids.get(p)!)}::uuid[], ${column(creating, (p) => p.bill.accountNo)}::text[],
          ${column(creating, (p) => p.bill.planType)}::text[], ${displayNo}::text[], ${ownerName}::text[],
          ${ownerIdNo}::text[], ${address}::text[], ${balance}::int[], ${minimum}::int[], ${year}::int[],
          ${month}::int[], ${details}::jsonb[], ${parent}::uuid[])
          AS t("id", "accountNo", "planType", "displayNo", "ownerName", "ownerIdNo", "address", "balanceSen",
            "minimumPaymentSen", "paidUntilYear", "paidUntilMonth", "details", "parentId")`);
    }
    if (changing.length) {
      const [displayNo, ownerName, ownerIdNo, address, balance, minimum, year, month, details, parent] =
        scalars(changing);
      const reinstated = column(changing, (p) => p.outcome.outcome === 'changed' && p.outcome.reinstated);
      await rawSql(tx).execute(Prisma.sql`
        UPDATE "Payable" p SET "displayNo" = t."displayNo", "ownerName" = t."ownerName", "ownerIdNo" = t."ownerIdNo",
          "address" = t."address", "balanceSen" = t."balanceSen", "minimumPaymentSen" = t."minimumPaymentSen",
          "paidUntilYear" = t."paidUntilYear", "paidUntilMonth" = t."paidUntilMonth", "details" = t."details",
          "parentId" = t."parentId", "lastImportId" = ${importId}::uuid,
          "status" = CASE WHEN t."reinstated" THEN 'active' ELSE p."status" END,
          "version" = p."version" + 1, "updatedAt" = now()
        FROM unnest(${column(changing, (p) => p.payableId)}::uuid[], ${displayNo}::text[], ${ownerName}::text[],
          ${ownerIdNo}::text[], ${address}::text[], ${balance}::int[], ${minimum}::int[], ${year}::int[],
          ${month}::int[], ${details}::jsonb[], ${parent}::uuid[], ${reinstated}::boolean[])
          AS t("id", "displayNo", "ownerName", "ownerIdNo", "address", "balanceSen", "minimumPaymentSen",
            "paidUntilYear", "paidUntilMonth", "details", "parentId", "reinstated")
        WHERE p."id" = t."id" AND p."id" = ANY(${column(changing, (p) => p.payableId)}::uuid[])`);
    }
    const licensed = [...creating, ...changing].filter((p) => p.bill.licence);
    if (licensed.length) {
      const licence = <T>(pick: (l: BillLicence) => T) => licensed.map((p) => pick(p.bill.licence!));
      await rawSql(tx).execute(Prisma.sql`
        INSERT INTO "Licence" ("id", "payableId", "licenceNo", "reference", "statusl", "mKodType", "kind", "printCode",
          "renewableOnline", "renewalYears", "renewalMonths", "updatedAt")
        SELECT gen_random_uuid(), t."payableId", t."licenceNo", t."reference", t."statusl", t."mKodType", t."kind",
          t."printCode", t."renewableOnline", t."renewalYears", t."renewalMonths", now()
        FROM unnest(${licensed.map((p) => ids.get(p) ?? p.payableId)}::uuid[], ${licensed.map((p) => p.bill.displayNo)}::text[],
          ${licence((l) => l.reference)}::text[], ${licence((l) => l.statusl)}::text[],
          ${licence((l) => l.mKodType)}::text[], ${licence((l) => l.kind)}::text[],
          ${licence((l) => l.printCode)}::text[], ${licence((l) => l.renewableOnline)}::boolean[],
          ${licence((l) => l.renewalYears)}::int[], ${licence((l) => l.renewalMonths)}::int[])
          AS t("payableId", "licenceNo", "reference", "statusl", "mKodType", "kind", "printCode", "renewableOnline",
            "renewalYears", "renewalMonths")
        ON CONFLICT ("payableId") DO UPDATE SET "licenceNo" = EXCLUDED."licenceNo", "reference" = EXCLUDED."reference",
          "statusl" = EXCLUDED."statusl", "mKodType" = EXCLUDED."mKodType", "kind" = EXCLUDED."kind",
          "printCode" = EXCLUDED."printCode", "renewableOnline" = EXCLUDED."renewableOnline",
          "renewalYears" = EXCLUDED."renewalYears", "renewalMonths" = EXCLUDED."renewalMonths", "updatedAt" = now()`);
    }
  }

  /** Writes the withdrawals that are withdrawals (not refusals, not already withdrawn), stamped with `importId`. */
  async withdrawAll(tx: RawDb, importId: string, withdrawals: readonly PlannedWithdrawal[]): Promise<void> {
    const ids = withdrawals.filter((w) => w.outcome.outcome === 'withdrawn').map((w) => w.payableId);
    if (!ids.length) return;
    await rawSql(tx).execute(Prisma.sql`
      UPDATE "Payable" SET "status" = ${WITHDRAWN_STATUS}, "lastImportId" = ${importId}::uuid,
        "version" = "version" + 1, "updatedAt" = now()
      WHERE "id" = ANY(${ids}::uuid[])`);
  }

  private async planAll(
    db: RawDb,
    councilCode: CouncilCode,
    type: PayableType,
    bills: readonly BillRecord[],
    facts: StatementFacts,
  ): Promise<PlannedBill[]> {
    const planned: PlannedBill[] = [];
    for (let i = 0; i < bills.length; i += BILL_CHUNK) {
      planned.push(...(await this.planChunk(db, councilCode, type, bills.slice(i, i + BILL_CHUNK), facts)));
    }
    return planned;
  }

  /** The council's bills of the type, not withdrawn, that a complete list held in memory does not name. */
  private async unnamed(
    db: RawDb,
    councilCode: CouncilCode,
    type: PayableType,
    bills: readonly BillRecord[],
  ): Promise<PlannedWithdrawal[]> {
    const named = new Set(bills.map(billKey));
    const rows = await readLedgerRows(
      db,
      councilCode,
      type,
      Prisma.sql`p."status" <> ${WITHDRAWN_STATUS}`,
      Prisma.sql`ORDER BY p."id"`,
    );
    return rows
      .filter((row) => !named.has(billKey({ type, planType: row.planType, accountNo: row.accountNo })))
      .map(plannedWithdrawal);
  }

  /** The plan in the statement's order, with its counts. */
  private assemble(
    councilCode: CouncilCode,
    type: PayableType,
    bills: readonly BillRecord[],
    planned: readonly PlannedBill[],
    withdrawals: readonly PlannedWithdrawal[],
  ): BillPlan {
    const byBill = new Map(planned.map((p) => [p.bill, p]));
    const ordered = bills.map((bill) => byBill.get(bill)!);
    const counts = emptyBillCounts();
    for (const p of ordered) countOutcome(counts, p.outcome);
    for (const w of withdrawals) countOutcome(counts, w.outcome);
    return { councilCode, type, bills: ordered, withdrawals, counts };
  }

  /** Keys of the chunk's bills whose licence reference is another bill's licence already. */
  private async referencesTaken(
    db: RawDb,
    bills: readonly BillRecord[],
    ledger: ReadonlyMap<string, LedgerRow>,
  ): Promise<Set<string>> {
    const withLicence = bills.filter((b) => b.licence);
    const taken = new Set<string>();
    if (!withLicence.length) return taken;
    const found = await rawSql(db).query<{ reference: string; payableId: string }>(Prisma.sql`
      SELECT "reference", "payableId"::text AS "payableId" FROM "Licence"
      WHERE "reference" = ANY(${withLicence.map((b) => b.licence!.reference)}::text[])`);
    const owner = new Map(found.map((l) => [l.reference, l.payableId]));
    for (const bill of withLicence) {
      const holder = owner.get(bill.licence!.reference);
      if (holder && holder !== ledger.get(billKey(bill))?.id) taken.add(billKey(bill));
    }
    return taken;
  }

  /** Where a dependent item's licence is: in the statement, else in the ledger. */
  private parentLookup(bill: BillRecord, facts: StatementFacts, ledgerParent: LedgerRow | undefined): ParentLookup {
    if (!bill.parentAccountNo) return 'none';
    const inStatement = facts.parentInStatement(bill.parentAccountNo);
    if (inStatement) return inStatement;
    if (!ledgerParent || ledgerParent.status === WITHDRAWN_STATUS) return 'missing';
    return ledgerParent.parentId ? 'dependent' : 'licence';
  }
}

/** The first plan of each account (a duplicated account is refused in every row anyway). */
function byAccount(planned: readonly PlannedBill[]): Map<string, PlannedBill> {
  const map = new Map<string, PlannedBill>();
  for (const p of planned) if (!map.has(p.bill.accountNo)) map.set(p.bill.accountNo, p);
  return map;
}
