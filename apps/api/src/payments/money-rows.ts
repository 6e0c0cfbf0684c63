import {
  refundCorrectionRefusal,
  refundDecisionRefusal,
  type AdminGatewayAnswerRow,
  type AdminRefundRow,
  type GatewayAnswerSource,
  type GatewayAnswerVerdict,
  type RefundDecider,
  type RefundState,
} from '@councilpay/domain';
import { fpxReasonText } from '@councilpay/fpx';
import type { GatewayAnswer, Prisma } from '../generated/prisma/client';
import { REFUND_ITEM_ORDER } from './refunds/refund-records';

export function toGatewayAnswerRow(row: GatewayAnswer, reference: string | null): AdminGatewayAnswerRow {
  return {
    id: row.id.toString(),
    reference,
    invoiceNo: row.invoiceNo,
    // Written only by GatewayAnswerBook, from the same lists.
    source: row.source as GatewayAnswerSource,
    method: row.method,
    outcome: row.outcome as AdminGatewayAnswerRow['outcome'],
    responseCode: row.responseCode,
    // The FPX list's own English words for the code; the console shows them in the reader's language.
    reason: row.method === 'fpx' ? (fpxReasonText(row.responseCode) ?? null) : null,
    amountSen: row.amountSen,
    currency: row.currency,
    gatewayTxnId: row.gatewayTxnId,
    gatewayTxnTime: row.gatewayTxnTime,
    debitAuthNo: row.debitAuthNo,
    creditAuthCode: row.creditAuthCode,
    creditAuthNo: row.creditAuthNo,
    authCode: row.authCode,
    verdict: row.verdict as GatewayAnswerVerdict,
    refundDueSen: row.refundDueSen,
    rawMessage: row.rawMessage,
    receivedAt: row.receivedAt.toISOString(),
  };
}

export const REFUND_INCLUDE = {
  items: { include: { paymentItem: { select: { councilCode: true, accountNo: true } } }, orderBy: REFUND_ITEM_ORDER },
  correctedBy: { select: { id: true } },
} satisfies Prisma.RefundInclude;

export type RefundWithItems = Prisma.RefundGetPayload<{ include: typeof REFUND_INCLUDE }>;

/**
 * What a staff member may do with a refund, by the rules of libs/domain; without `decider` (no caller to ask
 * for) nothing. The API checks the same rules again when they do it.
 */
export function refundActions(
  row: RefundWithItems,
  decider: RefundDecider | null,
  paymentCouncils: readonly string[],
): Pick<AdminRefundRow, 'mayApprove' | 'mayDecline' | 'mayCorrect'> {
  if (!decider) return { mayApprove: false, mayDecline: false, mayCorrect: false };
  const wholly = decider.systemAdmin || paymentCouncils.every((c) => decider.councils.includes(c));
  const state = row.state as RefundState;
  return {
    mayApprove: refundDecisionRefusal('approve', { state, staffId: row.staffId }, decider, paymentCouncils) === null,
    mayDecline: refundDecisionRefusal('decline', { state, staffId: row.staffId }, decider, paymentCouncils) === null,
    mayCorrect:
      wholly &&
      refundCorrectionRefusal({
        state,
        correctsRefundId: row.correctsRefundId,
        correctedByRefundId: row.correctedBy?.id ?? null,
      }) === null,
  };
}

export function toRefundRow(
  row: RefundWithItems,
  reference: string,
  actions: Pick<AdminRefundRow, 'mayApprove' | 'mayDecline' | 'mayCorrect'> = {
    mayApprove: false,
    mayDecline: false,
    mayCorrect: false,
  },
): AdminRefundRow {
  return {
    id: row.id,
    reference,
    state: row.state as RefundState,
    amountSen: row.amountSen,
    reason: row.reason,
    staffEmail: row.staffEmail,
    gatewayReference: row.gatewayReference,
    gatewayAnswerId: row.gatewayAnswerId?.toString() ?? null,
    refundedAt: row.refundedAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    correctsRefundId: row.correctsRefundId,
    correctedByRefundId: row.correctedBy?.id ?? null,
    decidedByEmail: row.decidedByEmail,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    declineReason: row.declineReason,
    items: row.items.map((i) => ({
      itemId: i.paymentItemId,
      councilCode: i.paymentItem.councilCode,
      accountNo: i.paymentItem.accountNo,
      amountSen: i.amountSen,
      reverseCredit: i.reverseCredit,
      creditReversedSen: i.creditReversedSen,
    })),
    ...actions,
  };
}
