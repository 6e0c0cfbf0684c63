import {
  refundNeedsApproval,
  resolveRefundDate,
  type AdminRecordRefundRequest,
  type AdminRefundPreview,
} from '@councilpay/domain';
import type { Prisma } from '../../generated/prisma/client';
import { ApiError } from '../../http/api-error';
import type { LockedPayment } from '../locked-payment';
import { changeBillCredits, creditToReverse, type CreditChange, type CreditedItem } from './bill-credits';
import { loadRefunds, refundApprovalAboveSen, RefundTotals, type RefundRecord } from './refund-records';

type Tx = Prisma.TransactionClient;

export type RefundItemOfPayment = CreditedItem & { councilCode: string };

/** One item of a refund: how much of it is given back and the credit that reverses. */
export interface RefundLine {
  item: RefundItemOfPayment;
  amountSen: number;
  reverseCredit: boolean;
  creditReversedSen: number;
}

/** A refund checked against the payment and its refunds, before anything is written. */
export interface RefundPlan {
  refunds: RefundRecord[];
  totals: RefundTotals;
  /** Set for a duplicate charge's refund (it has no lines). */
  gatewayAnswerId: bigint | null;
  amountSen: number;
  lines: RefundLine[];
  refundedAt: Date;
  needsApproval: boolean;
  approvalAboveSen: number;
}

export const ITEM_SELECT = {
  id: true,
  payableId: true,
  councilCode: true,
  accountNo: true,
  type: true,
  amountSen: true,
  creditSen: true,
  creditedAt: true,
  creditedBreakdown: true,
  pricedBreakdown: true,
} satisfies Prisma.PaymentItemSelect;

export const refundInvalid = (message: string, details?: Record<string, unknown>) =>
  new ApiError(400, 'refund_invalid', message, details);
export const refundTooMuch = (remainderSen: number) =>
  new ApiError(409, 'refund_exceeds_remainder', 'This refund is more than what is left to give back', {
    remainderSen,
  });

const DATE_MESSAGES = {
  refund_date_invalid: 'The refund date must be a day as YYYY-MM-DD (or a time with its zone)',
  refund_date_in_future: 'The refund date cannot be later than today (Malaysian time)',
  refund_date_before_paid: 'The refund date cannot be before the day the payment was paid',
} as const;

/**
 * Checks a refund as recording it would, under the payment's row lock the caller holds: the refund date (from the
 * day it was paid to today, Malaysian time), the items (each at most what is left of it), a duplicate charge (at
 * most what is left of it), never more than what is left to give back, where refunds awaiting approval hold
 * theirs back; and whether it needs a second officer's approval. Throws the 4xx that says what is wrong.
 */
export async function planRefund(
  tx: Tx,
  payment: LockedPayment,
  request: AdminRecordRefundRequest,
  now: Date,
): Promise<RefundPlan> {
  if (!request.gatewayAnswerId) {
    if (payment.status === 'refunded') throw refundTooMuch(0);
    if (payment.status !== 'paid') {
      throw new ApiError(409, 'refund_not_allowed', 'Only a paid payment can be refunded', { status: payment.status });
    }
  }
  const date = resolveRefundDate(request.refundedAt, payment.paidAt ?? payment.finalAt ?? now, now);
  if (!date.ok) {
    throw new ApiError(
      400,
      date.code,
      DATE_MESSAGES[date.code],
      { earliestDay: date.earliestDay, latestDay: date.latestDay },
      'refundedAt',
    );
  }
  const refunds = await loadRefunds(tx, payment.id);
  const totals = new RefundTotals(refunds);
  const approvalAboveSen = await refundApprovalAboveSen(tx);
  const planned = request.gatewayAnswerId
    ? await duplicateChargeLines(tx, payment, request, totals)
    : await itemLines(tx, payment, request, totals);
  return {
    refunds,
    totals,
    ...planned,
    refundedAt: date.at,
    approvalAboveSen,
    needsApproval: refundNeedsApproval({
      amountSen: planned.amountSen,
      reservedSen: totals.allReservedSen(),
      approvalAboveSen,
    }),
  };
}

async function itemLines(
  tx: Tx,
  payment: LockedPayment,
  request: AdminRecordRefundRequest,
  totals: RefundTotals,
): Promise<Pick<RefundPlan, 'gatewayAnswerId' | 'amountSen' | 'lines'>> {
  const wanted = request.items ?? [];
  if (wanted.length === 0) throw refundInvalid('Name the items refunded');
  if (new Set(wanted.map((w) => w.itemId)).size !== wanted.length) throw refundInvalid('An item is named twice');
  const items = await tx.paymentItem.findMany({ where: { paymentId: payment.id }, select: ITEM_SELECT });
  const byId = new Map(items.map((i) => [i.id, i]));
  const lines = wanted.map((w): RefundLine => {
    const item = byId.get(w.itemId);
    if (!item) throw refundInvalid('An item is not one of this payment', { itemId: w.itemId });
    const refundedSen = totals.itemReservedSen(item.id, 'amountSen');
    const remainder = item.amountSen - refundedSen;
    if (w.amountSen > remainder) throw refundTooMuch(remainder);
    const reversedSen = totals.itemReservedSen(item.id, 'creditReversedSen');
    return {
      item,
      amountSen: w.amountSen,
      reverseCredit: w.reverseCredit,
      creditReversedSen: creditToReverse(item, w, refundedSen, reversedSen),
    };
  });
  const amountSen = lines.reduce((sum, l) => sum + l.amountSen, 0);
  if (request.amountSen !== undefined && request.amountSen !== amountSen) {
    throw refundInvalid("The amount is not the sum of the items' amounts", { itemsSen: amountSen });
  }
  return { gatewayAnswerId: null, amountSen, lines };
}

async function duplicateChargeLines(
  tx: Tx,
  payment: LockedPayment,
  request: AdminRecordRefundRequest,
  totals: RefundTotals,
): Promise<Pick<RefundPlan, 'gatewayAnswerId' | 'amountSen' | 'lines'>> {
  if (request.items?.length) throw refundInvalid('A duplicate charge is given back whole, without items');
  if (!/^\d{1,18}$/.test(request.gatewayAnswerId ?? '')) throw refundInvalid('gatewayAnswerId is not an answer id');
  const answer = await tx.gatewayAnswer.findFirst({
    where: { id: BigInt(request.gatewayAnswerId!), paymentId: payment.id, verdict: 'duplicate_charge' },
  });
  if (!answer) throw refundInvalid('That gateway answer is no duplicate charge of this payment');
  const remainder = answer.refundDueSen - totals.chargeReservedSen(answer.id);
  const amountSen = request.amountSen ?? remainder;
  if (amountSen <= 0 || amountSen > remainder) throw refundTooMuch(remainder);
  return { gatewayAnswerId: answer.id, amountSen, lines: [] };
}

/** The bills' credits a refund's lines reverse, against what refunds made (net) reversed before it. */
export function reversals(lines: readonly RefundLine[], before: RefundTotals): CreditChange[] {
  return lines.map((l) => ({
    item: l.item,
    creditSen: l.creditReversedSen,
    reversedBeforeSen: before.itemMadeSen(l.item.id, 'creditReversedSen'),
  }));
}

/** What recording the refund would do, for the console's confirmation step: nothing is written. */
export async function previewOf(tx: Tx, payment: LockedPayment, plan: RefundPlan): Promise<AdminRefundPreview> {
  const balances = await changeBillCredits(tx, reversals(plan.lines, plan.totals), 'reverse', false);
  const current = await tx.payable.findMany({
    where: { id: { in: plan.lines.map((l) => l.item.payableId) } },
    select: { id: true, balanceSen: true },
  });
  const balanceOf = new Map(current.map((p) => [p.id, p.balanceSen]));
  const ownBefore = payment.amountSen - plan.totals.ownReservedSen();
  const ownAfter = plan.gatewayAnswerId === null ? ownBefore - plan.amountSen : ownBefore;
  const whole = plan.gatewayAnswerId === null && plan.totals.ownMadeSen() + plan.amountSen === payment.amountSen;
  return {
    reference: payment.reference,
    paymentAmountSen: payment.amountSen,
    paidAt: payment.paidAt?.toISOString() ?? null,
    status: payment.status,
    amountSen: plan.amountSen,
    refundedAt: plan.refundedAt.toISOString(),
    gatewayAnswerId: plan.gatewayAnswerId?.toString() ?? null,
    items: plan.lines.map((l) => {
      const balance = balances.get(l.item.id);
      const now = balanceOf.get(l.item.payableId) ?? 0;
      return {
        itemId: l.item.id,
        council: l.item.councilCode,
        accountNo: l.item.accountNo,
        amountSen: l.amountSen,
        reverseCredit: l.reverseCredit,
        creditReversedSen: l.creditReversedSen,
        balanceBeforeSen: balance?.balanceBeforeSen ?? now,
        balanceAfterSen: balance?.balanceAfterSen ?? now,
      };
    }),
    needsApproval: plan.needsApproval,
    approvalAboveSen: plan.approvalAboveSen,
    refundableBeforeSen: ownBefore,
    refundableAfterSen: ownAfter,
    statusAfter: !plan.needsApproval && whole ? 'refunded' : payment.status,
  };
}
