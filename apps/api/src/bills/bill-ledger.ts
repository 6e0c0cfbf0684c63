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
import type { Prisma } from '../generated/prisma/client';
import { lockBills } from './bill-lock';

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

/** How many bills are read from the ledger per query while planning. */
const READ_CHUNK = 1_000;

const LEDGER_SELECT = {
  id: true,
  accountNo: true,
  planType: true,
  displayNo: true,
  ownerName: true,
  ownerIdNo: true,
  address: true,
  balanceSen: true,
  minimumPaymentSen: true,
  paidUntilYear: true,
  paidUntilMonth: true,
  details: true,
  status: true,
  parentId: true,
  parent: { select: { accountNo: true } },
  licence: {
    select: {
      reference: true,
      statusl: true,
      mKodType: true,
      kind: true,
      printCode: true,
      renewableOnline: true,
      renewalYears: true,
      renewalMonths: true,
    },
  },
  paymentItems: {
    where: { payment: { status: { in: [...OPEN_PAYMENT_STATES] } } },
    select: { id: true },
    take: 1,
  },
} as const satisfies Prisma.PayableSelect;

type LedgerRow = Prisma.PayableGetPayload<{ select: typeof LEDGER_SELECT }>;

function toLedgerBill(row: LedgerRow): LedgerBill {
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
    licence: row.licence ? ({ ...row.licence } as BillLicence) : null,
    parentAccountNo: row.parent?.accountNo ?? null,
    status: row.status,
    paymentAtBank: row.paymentItems.length > 0,
  };
}

function count(counts: BillOutcomeCounts, outcome: BillOutcome): void {
  counts[outcome.outcome] += 1;
}

/**
 * The one writer of councils' bills: the file import's preview and confirm and the bills API all plan and write
 * through it, with the rules of libs/domain (`planBillStatement`, `planBillWithdrawal`).
 */
@Injectable()
export class BillLedger {
  /**
   * What a statement of bills of one council and type would do, read from the ledger as it is now. `complete`:
   * the statement is the type's complete list, so the bills it does not name are withdrawn.
   */
  async plan(
    db: Prisma.TransactionClient,
    councilCode: CouncilCode,
    type: PayableType,
    bills: readonly BillRecord[],
    complete: boolean,
  ): Promise<BillPlan> {
    const ledger = await this.readLedger(db, councilCode, type, bills, complete);
    const occurrences = new Map<string, number>();
    for (const bill of bills) occurrences.set(billKey(bill), (occurrences.get(billKey(bill)) ?? 0) + 1);
    const references = new Map<string, number>();
    for (const bill of bills) {
      if (bill.licence) references.set(bill.licence.reference, (references.get(bill.licence.reference) ?? 0) + 1);
    }
    const takenReferences = await this.referencesTaken(db, bills, ledger);
    // Licences are planned before their dependents: a dependent whose licence is refused is refused too.
    const byAccount = new Map<string, PlannedBill>();
    const dependents = new Set(bills.flatMap((b) => (b.parentAccountNo ? [b.accountNo] : [])));
    const indexes = bills.map((_, i) => i);
    const order = [
      ...indexes.filter((i) => !bills[i].parentAccountNo),
      ...indexes.filter((i) => bills[i].parentAccountNo),
    ];

    const counts = emptyBillCounts();
    const planned: PlannedBill[] = new Array<PlannedBill>(bills.length);
    for (const index of order) {
      const bill = bills[index];
      const key = billKey(bill);
      const row = ledger.get(key) ?? null;
      const current = row ? toLedgerBill(row) : null;
      const parentRow = bill.parentAccountNo
        ? ledger.get(billKey({ type, planType: bill.planType, accountNo: bill.parentAccountNo }))
        : undefined;
      const parentPayableId = parentRow?.id ?? null;
      const refuse = (code: 'duplicate_account' | 'licence_reference_taken'): PlannedBill => ({
        bill,
        outcome: { outcome: 'refused', code },
        payableId: row?.id ?? null,
        ledger: current,
        parentPayableId,
      });
      let result: PlannedBill;
      if ((occurrences.get(key) ?? 0) > 1) result = refuse('duplicate_account');
      else if (bill.licence && ((references.get(bill.licence.reference) ?? 0) > 1 || takenReferences.has(key))) {
        result = refuse('licence_reference_taken');
      } else {
        const parent = this.parentLookup(bill, byAccount, dependents, ledger);
        result = {
          bill,
          outcome: planBillStatement(current, bill, parent),
          payableId: row?.id ?? null,
          ledger: current,
          parentPayableId,
        };
      }
      count(counts, result.outcome);
      planned[index] = result;
      if (!byAccount.has(bill.accountNo)) byAccount.set(bill.accountNo, result);
    }

    const withdrawals: PlannedWithdrawal[] = [];
    if (complete) {
      const named = new Set(bills.map(billKey));
      for (const [key, row] of ledger) {
        if (named.has(key) || row.status === WITHDRAWN_STATUS) continue;
        const outcome = planBillWithdrawal(toLedgerBill(row));
        count(counts, outcome);
        withdrawals.push({
          payableId: row.id,
          accountNo: row.accountNo,
          displayNo: row.displayNo,
          planType: row.planType,
          outcome,
        });
      }
    }
    return { councilCode, type, bills: planned, withdrawals, counts };
  }

  /**
   * Plans again under the bills' locks and writes what the plan says, inside the caller's transaction: all of it
   * or, if the caller's transaction fails, none. Every bill written points at `importId`. Returns the plan
   * written, which the caller compares with the preview the officer confirmed.
   */
  async write(
    tx: Prisma.TransactionClient,
    importId: string,
    councilCode: CouncilCode,
    type: PayableType,
    bills: readonly BillRecord[],
    complete: boolean,
  ): Promise<BillPlan> {
    const first = await this.plan(tx, councilCode, type, bills, complete);
    // Payment creation holds the same locks: no payment for these bills can start until this transaction ends,
    // and the plan made under the locks sees every payment that started before.
    await lockBills(tx, [
      ...first.bills.flatMap((p) => (p.payableId ? [p.payableId] : [])),
      ...first.withdrawals.map((w) => w.payableId),
    ]);
    const plan = await this.plan(tx, councilCode, type, bills, complete);
    await this.apply(tx, importId, plan);
    return plan;
  }

  /**
   * Withdraws one bill of a council (the bills API's withdrawal), under the bill's lock, by the same rule as a
   * complete list's withdrawal: refused while a payment for it is at the bank. `null` when the council has no such
   * bill; an already withdrawn bill is `unchanged`.
   */
  async withdraw(
    tx: Prisma.TransactionClient,
    importId: string,
    councilCode: CouncilCode,
    type: PayableType,
    accountNo: string,
    planType: string,
  ): Promise<PlannedWithdrawal | null> {
    const where = { councilCode, type, accountNo, planType };
    const first = await tx.payable.findFirst({ where, select: { id: true } });
    if (!first) return null;
    await lockBills(tx, [first.id]);
    const row = await tx.payable.findFirstOrThrow({ where: { id: first.id }, select: LEDGER_SELECT });
    const outcome = planBillWithdrawal(toLedgerBill(row));
    if (outcome.outcome === 'withdrawn') {
      await tx.payable.update({
        where: { id: row.id },
        data: { status: WITHDRAWN_STATUS, lastImportId: importId, version: { increment: 1 } },
      });
    }
    return { payableId: row.id, accountNo: row.accountNo, displayNo: row.displayNo, planType: row.planType, outcome };
  }

  private async apply(tx: Prisma.TransactionClient, importId: string, plan: BillPlan): Promise<void> {
    const ids = new Map<string, string>();
    for (const p of plan.bills) if (p.payableId) ids.set(p.bill.accountNo, p.payableId);
    const creating = plan.bills.filter((p) => p.outcome.outcome === 'new');
    for (const p of creating) ids.set(p.bill.accountNo, randomUUID());
    // Licences before their dependents: a dependent's parent must exist when it is written.
    const ordered = [...creating].sort(
      (a, b) => Number(a.bill.parentAccountNo !== null) - Number(b.bill.parentAccountNo !== null),
    );
    const parentId = (p: PlannedBill) =>
      p.bill.parentAccountNo ? (ids.get(p.bill.parentAccountNo) ?? p.parentPayableId) : null;
    const scalar = (bill: BillRecord, ledger: LedgerBill | null) => ({
      displayNo: bill.displayNo,
      ownerName: bill.ownerName,
      ownerIdNo: bill.ownerIdNo,
      address: bill.address,
      balanceSen: bill.balanceSen,
      minimumPaymentSen: bill.minimumPaymentSen,
      paidUntilYear: bill.paidUntilYear,
      paidUntilMonth: bill.paidUntilMonth,
      details: mergedBillDetails(ledger, bill) as Prisma.InputJsonObject,
      lastImportId: importId,
    });
    const parents = ordered.filter((p) => !p.bill.parentAccountNo);
    const dependents = ordered.filter((p) => p.bill.parentAccountNo);
    for (const group of [parents, dependents]) {
      if (!group.length) continue;
      await tx.payable.createMany({
        data: group.map((p) => ({
          id: ids.get(p.bill.accountNo)!,
          councilCode: plan.councilCode,
          type: plan.type,
          accountNo: p.bill.accountNo,
          planType: p.bill.planType,
          parentId: parentId(p),
          ...scalar(p.bill, null),
        })),
      });
    }
    const licences = creating.filter((p) => p.bill.licence);
    if (licences.length) {
      await tx.licence.createMany({
        data: licences.map((p) => ({
          payableId: ids.get(p.bill.accountNo)!,
          licenceNo: p.bill.displayNo,
          ...p.bill.licence!,
        })),
      });
    }
    for (const p of plan.bills) {
      if (p.outcome.outcome !== 'changed' || !p.payableId) continue;
      await tx.payable.update({
        where: { id: p.payableId },
        data: {
          ...scalar(p.bill, p.ledger),
          parentId: parentId(p),
          status: p.outcome.reinstated ? 'active' : undefined,
          version: { increment: 1 },
        },
      });
      if (p.bill.licence) {
        await tx.licence.upsert({
          where: { payableId: p.payableId },
          create: { payableId: p.payableId, licenceNo: p.bill.displayNo, ...p.bill.licence },
          update: { licenceNo: p.bill.displayNo, ...p.bill.licence },
        });
      }
    }
    const withdrawn = plan.withdrawals.filter((w) => w.outcome.outcome === 'withdrawn').map((w) => w.payableId);
    if (withdrawn.length) {
      await tx.payable.updateMany({
        where: { id: { in: withdrawn } },
        data: { status: WITHDRAWN_STATUS, lastImportId: importId, version: { increment: 1 } },
      });
    }
  }

  /** The ledger's bills the statement names (and, for a complete list, all the type's bills), by key. */
  private async readLedger(
    db: Prisma.TransactionClient,
    councilCode: CouncilCode,
    type: PayableType,
    bills: readonly BillRecord[],
    complete: boolean,
  ): Promise<Map<string, LedgerRow>> {
    const rows: LedgerRow[] = [];
    if (complete) {
      rows.push(...(await db.payable.findMany({ where: { councilCode, type }, select: LEDGER_SELECT })));
    } else {
      // Parents named by dependents are read too: whether they exist decides the dependent's outcome.
      const accounts = [
        ...new Set(bills.flatMap((b) => [b.accountNo, ...(b.parentAccountNo ? [b.parentAccountNo] : [])])),
      ];
      for (let i = 0; i < accounts.length; i += READ_CHUNK) {
        const chunk = accounts.slice(i, i + READ_CHUNK);
        rows.push(
          ...(await db.payable.findMany({
            where: { councilCode, type, accountNo: { in: chunk } },
            select: LEDGER_SELECT,
          })),
        );
      }
    }
    return new Map(rows.map((row) => [billKey({ type, planType: row.planType, accountNo: row.accountNo }), row]));
  }

  /** Keys of the statement's bills whose licence reference is another bill's licence already. */
  private async referencesTaken(
    db: Prisma.TransactionClient,
    bills: readonly BillRecord[],
    ledger: Map<string, LedgerRow>,
  ): Promise<Set<string>> {
    const withLicence = bills.filter((b) => b.licence);
    const taken = new Set<string>();
    for (let i = 0; i < withLicence.length; i += READ_CHUNK) {
      const chunk = withLicence.slice(i, i + READ_CHUNK);
      const found = await db.licence.findMany({
        where: { reference: { in: chunk.map((b) => b.licence!.reference) } },
        select: { reference: true, payableId: true },
      });
      const owner = new Map(found.map((l) => [l.reference, l.payableId]));
      for (const bill of chunk) {
        const holder = owner.get(bill.licence!.reference);
        if (holder && holder !== ledger.get(billKey(bill))?.id) taken.add(billKey(bill));
      }
    }
    return taken;
  }

  /** Where a dependent item's licence is: in the statement, else in the ledger. */
  private parentLookup(
    bill: BillRecord,
    planned: Map<string, PlannedBill>,
    batchDependents: Set<string>,
    ledger: Map<string, LedgerRow>,
  ): ParentLookup {
    if (!bill.parentAccountNo) return 'none';
    if (batchDependents.has(bill.parentAccountNo)) return 'dependent';
    const batchParent = planned.get(bill.parentAccountNo);
    if (batchParent) {
      if (batchParent.outcome.outcome === 'refused') return 'missing';
      return batchParent.bill.parentAccountNo ? 'dependent' : 'licence';
    }
    const row = ledger.get(billKey({ type: bill.type, planType: bill.planType, accountNo: bill.parentAccountNo }));
    if (!row || row.status === WITHDRAWN_STATUS) return 'missing';
    return row.parentId ? 'dependent' : 'licence';
  }
}
