import {
  assessmentOwedSen,
  breakdownOwedSen,
  isAssessmentBreakdown,
  reapplyAssessmentCredit,
  restoreAssessmentCredit,
  type AssessmentAmounts,
  type AssessmentBreakdown,
} from '@councilpay/domain';
import type { Prisma } from '../../generated/prisma/client';
import { ApiError } from '../../http/api-error';

type Tx = Prisma.TransactionClient;

/** What an item of a payment credited to its bill, as a refund needs it. */
export interface CreditedItem {
  id: string;
  payableId: string;
  accountNo: string;
  type: string;
  amountSen: number;
  creditSen: number;
  creditedAt: Date | null;
  creditedBreakdown: Prisma.JsonValue;
  pricedBreakdown: Prisma.JsonValue;
}

/** What an assessment item's credit took off each component: as credited, or as priced for older items. */
export function takenBreakdown(item: CreditedItem): AssessmentBreakdown | null {
  if (item.type !== 'assessment') return null;
  if (isAssessmentBreakdown(item.creditedBreakdown)) return item.creditedBreakdown;
  return isAssessmentBreakdown(item.pricedBreakdown) ? item.pricedBreakdown : null;
}

/** The credit an item gave its bill, in owed sen: what an assessment's credit took, or the item's credit. */
export function itemCreditSen(item: CreditedItem): number {
  const taken = takenBreakdown(item);
  return taken ? breakdownOwedSen(taken) : item.creditSen;
}

/**
 * The credit a refund of `amountSen` of an item reverses, when staff choose to reverse it: the credit that part
 * of the item gave (in proportion), and for the last part of the item what is left, so a whole refund reverses
 * it all. `reversedSen` and `refundedSen` are what the item's refunds reversed and took already (made, net of
 * corrections, and awaiting approval, which hold theirs back).
 */
export function creditToReverse(
  item: CreditedItem,
  line: { amountSen: number; reverseCredit: boolean },
  refundedSen: number,
  reversedSen: number,
): number {
  if (!line.reverseCredit || !item.creditedAt) return 0;
  const creditSen = itemCreditSen(item);
  const remainder = item.amountSen - refundedSen;
  if (line.amountSen === remainder) return creditSen - reversedSen;
  return Math.min(creditSen - reversedSen, Math.floor((creditSen * line.amountSen) / item.amountSen));
}

/** One bill's credit changed by one item of a refund. */
export interface CreditChange {
  item: CreditedItem;
  /** The credit: given back to the bill's balance (reverse), or taken off it again (re-apply). */
  creditSen: number;
  /** What the item's refunds made (net) have reversed on the bill before this change. */
  reversedBeforeSen: number;
}

export interface BillBalance {
  itemId: string;
  balanceBeforeSen: number;
  balanceAfterSen: number;
}

interface PayableRow {
  id: string;
  type: string;
  balanceSen: number;
  details: Prisma.JsonValue;
}

/**
 * Reverses the credit refunds give back to bills (their balances go back up), or re-applies what a corrected
 * refund had reversed (they go back down), and says each bill's balance before and after. With `write` the bills
 * are locked in id order (as crediting locks them) and updated; without, nothing is written (the console's
 * confirmation step). A re-application a bill no longer owes (it was paid again since) is refused: 409.
 */
export async function changeBillCredits(
  tx: Tx,
  changes: readonly CreditChange[],
  direction: 'reverse' | 'reapply',
  write: boolean,
): Promise<Map<string, BillBalance>> {
  const balances = new Map<string, BillBalance>();
  const moving = changes.filter((c) => c.creditSen > 0);
  if (moving.length === 0) return balances;
  const ids = [...new Set(moving.map((c) => c.item.payableId))].sort();
  const rows = write
    ? await tx.$queryRaw<PayableRow[]>`
        SELECT "id", "type"::text AS "type", "balanceSen", "details" FROM "Payable"
        WHERE "id" = ANY(${ids}::uuid[]) ORDER BY "id" FOR UPDATE`
    : await tx.$queryRaw<PayableRow[]>`
        SELECT "id", "type"::text AS "type", "balanceSen", "details" FROM "Payable" WHERE "id" = ANY(${ids}::uuid[])`;
  const payables = new Map(rows.map((p) => [p.id, p]));
  for (const change of moving) {
    const payable = payables.get(change.item.payableId);
    if (!payable) throw new Error(`payable ${change.item.payableId} of item ${change.item.id} is missing`);
    const before = payable.balanceSen;
    const taken = takenBreakdown(change.item);
    let details: Prisma.JsonValue | undefined;
    let after: number;
    if (payable.type === 'assessment' && taken) {
      // The components the credit took go back up, or down again, exactly (arrears, the year, tax, discounts).
      const current = payable.details as unknown as AssessmentAmounts;
      const amounts =
        direction === 'reverse'
          ? restoreAssessmentCredit(current, taken, change.reversedBeforeSen, change.creditSen)
          : reapplyAssessmentCredit(current, taken, change.reversedBeforeSen, change.creditSen);
      if (!amounts) throw billPaidAgain(change, before);
      details = { ...(payable.details as Prisma.JsonObject), ...amounts };
      after = assessmentOwedSen(amounts);
    } else {
      after = direction === 'reverse' ? before + change.creditSen : before - change.creditSen;
      if (after < 0) throw billPaidAgain(change, before);
    }
    if (write) {
      await tx.payable.update({
        where: { id: payable.id },
        data: {
          balanceSen: after,
          ...(details !== undefined ? { details: details as Prisma.InputJsonValue } : {}),
          version: { increment: 1 },
        },
      });
    }
    payable.balanceSen = after;
    if (details !== undefined) payable.details = details;
    balances.set(change.item.id, { itemId: change.item.id, balanceBeforeSen: before, balanceAfterSen: after });
  }
  return balances;
}

function billPaidAgain(change: CreditChange, balanceSen: number): ApiError {
  return new ApiError(
    409,
    'refund_correction_bill_paid',
    'A bill whose credit this refund reversed was paid again since: its credit cannot be taken back from it',
    { accountNo: change.item.accountNo, balanceSen, creditSen: change.creditSen },
  );
}
