import {
  applyAssessmentCredit,
  creditAssessmentBreakdown,
  assessmentOwedSen,
  isAssessmentBreakdown,
  formatReceiptNo,
  isAssessmentSelection,
  malaysiaDate,
  type AssessmentAmounts,
} from '@councilpay/domain';
import type { PaymentItem, Prisma } from '../generated/prisma/client';

type Tx = Prisma.TransactionClient;

/** The components of an assessment account a credit takes from. */
const BREAKDOWN_KEYS = ['arrearsSen', 'currentYearSen', 'gstSen', 'discountSen', 'specialDiscountSen'] as const;

interface LockedPayable {
  id: string;
  councilCode: string;
  type: string;
  balanceSen: number;
  details: Prisma.JsonValue;
  paidUntilYear: number | null;
  paidUntilMonth: number | null;
  renewalYears: number | null;
  renewalMonths: number | null;
}

export interface CreditOutcome {
  /** Every item of the payment, in cart order, as it is after crediting (receipt numbers given). */
  items: PaymentItem[];
  credited: { itemId: string; payableId: string; receiptNo: string; creditSen: number }[];
  /** Items whose bill was already settled (by another payment): their money is due back to the payer. */
  refused: { itemId: string; payableId: string; amountSen: number; balanceSen: number; creditSen: number }[];
  /**
   * Items credited in part: a component of the bill was reduced between pricing and approval, so part of
   * what was paid found nothing to settle. That part is due back to the payer.
   */
  short: { itemId: string; payableId: string; uncreditedSen: number }[];
}

/** Issues the next receipt number of a council and year; the upsert's row lock serialises concurrent payments. */
async function nextReceiptNo(tx: Tx, councilCode: string, now: Date): Promise<string> {
  const { year } = malaysiaDate(now);
  const rows = await tx.$queryRaw<{ seq: number }[]>`
    INSERT INTO "ReceiptSequence" ("councilCode", "year", "nextValue") VALUES (${councilCode}, ${year}, 2)
    ON CONFLICT ("councilCode", "year") DO UPDATE SET "nextValue" = "ReceiptSequence"."nextValue" + 1
    RETURNING "nextValue" - 1 AS seq`;
  return formatReceiptNo(councilCode, year, rows[0].seq);
}

/** A licence's paid-until moves on by its renewal period. */
function advancePaidUntil(p: LockedPayable, now: Date): { paidUntilYear: number; paidUntilMonth: number } {
  const today = malaysiaDate(now);
  const fromYear = p.paidUntilYear ?? today.year;
  const fromMonth = p.paidUntilMonth ?? today.month;
  const months = fromYear * 12 + (fromMonth - 1) + (p.renewalYears ?? 1) * 12 + (p.renewalMonths ?? 0);
  return { paidUntilYear: Math.floor(months / 12), paidUntilMonth: (months % 12) + 1 };
}

/**
 * Credits the items of a payment that has just become paid, inside the paying transaction. Each payable is
 * locked (in id order, so two payments never deadlock) and credited only while its balance still covers the
 * item: a bill is never credited twice. An item that finds its bill already settled is left uncredited and
 * its amount is owed back to the payer.
 */
export async function creditPayment(tx: Tx, paymentId: string, now: Date): Promise<CreditOutcome> {
  const all = await tx.paymentItem.findMany({ where: { paymentId }, orderBy: { position: 'asc' } });
  const items = all.filter((i) => i.creditedAt === null);
  const outcome: CreditOutcome = { items: all, credited: [], refused: [], short: [] };
  if (items.length === 0) return outcome;
  const payableIds = [...new Set(items.map((i) => i.payableId))];
  const locked = await tx.$queryRaw<LockedPayable[]>`
    SELECT p."id", p."councilCode", p."type"::text AS "type", p."balanceSen", p."details", p."paidUntilYear", p."paidUntilMonth",
           l."renewalYears", l."renewalMonths"
    FROM "Payable" p LEFT JOIN "Licence" l ON l."payableId" = p."id"
    WHERE p."id" = ANY(${payableIds}::uuid[]) ORDER BY p."id" FOR UPDATE OF p`;
  const payables = new Map(locked.map((p) => [p.id, p]));

  for (const item of items) {
    const payable = payables.get(item.payableId);
    if (!payable || payable.balanceSen < item.creditSen) {
      outcome.refused.push({
        itemId: item.id,
        payableId: item.payableId,
        amountSen: item.amountSen,
        balanceSen: payable?.balanceSen ?? 0,
        creditSen: item.creditSen,
      });
      continue;
    }
    const update: Prisma.PayableUpdateInput = {
      balanceSen: payable.balanceSen - item.creditSen,
      version: { increment: 1 },
    };
    let creditedBreakdown: Prisma.InputJsonObject | undefined;
    if (payable.type === 'assessment' && isAssessmentSelection(item.selection)) {
      const amounts = payable.details as unknown as AssessmentAmounts;
      // What was priced and paid is applied, component by component, whatever the bill became since: new
      // arrears posted after pricing stay owed, and money for a component reduced since is owed back. Items
      // from before breakdowns were kept are priced again.
      let after: AssessmentAmounts;
      if (isAssessmentBreakdown(item.pricedBreakdown)) {
        const credit = creditAssessmentBreakdown(amounts, item.pricedBreakdown, item.amountSen);
        after = credit.amounts;
        creditedBreakdown = { ...credit.taken };
        if (credit.uncreditedSen > 0) {
          outcome.short.push({ itemId: item.id, payableId: item.payableId, uncreditedSen: credit.uncreditedSen });
        }
      } else {
        after = applyAssessmentCredit(amounts, item.selection, item.amountSen).amounts;
        creditedBreakdown = Object.fromEntries(
          BREAKDOWN_KEYS.map((k) => [k, Math.max(0, (amounts[k] ?? 0) - after[k])]),
        );
      }
      update.details = { ...(payable.details as Prisma.JsonObject), ...after } as Prisma.InputJsonValue;
      update.balanceSen = assessmentOwedSen(after);
    }
    if (payable.type === 'trading_license' || payable.type === 'council_permit_license') {
      Object.assign(update, advancePaidUntil(payable, now));
    }
    await tx.payable.update({ where: { id: payable.id }, data: update });
    payable.balanceSen = update.balanceSen as number;
    const receiptNo = await nextReceiptNo(tx, item.councilCode, now);
    await tx.paymentItem.update({
      where: { id: item.id },
      data: { receiptNo, creditedAt: now, ...(creditedBreakdown ? { creditedBreakdown } : {}) },
    });
    Object.assign(item, { receiptNo, creditedAt: now });
    outcome.credited.push({ itemId: item.id, payableId: item.payableId, receiptNo, creditSen: item.creditSen });
  }
  return outcome;
}
