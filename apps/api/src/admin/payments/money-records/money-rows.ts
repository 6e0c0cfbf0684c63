import type {
  AdminGatewayAnswerRow,
  AdminRefundRow,
  GatewayAnswerSource,
  GatewayAnswerVerdict,
} from '@councilpay/domain';
import type { GatewayAnswer, Prisma } from '../../../generated/prisma/client';

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
  items: { include: { paymentItem: { select: { councilCode: true, accountNo: true } } }, orderBy: { id: 'asc' } },
} satisfies Prisma.RefundInclude;

export type RefundWithItems = Prisma.RefundGetPayload<{ include: typeof REFUND_INCLUDE }>;

export function toRefundRow(row: RefundWithItems, reference: string): AdminRefundRow {
  return {
    id: row.id,
    reference,
    amountSen: row.amountSen,
    reason: row.reason,
    staffEmail: row.staffEmail,
    gatewayReference: row.gatewayReference,
    gatewayAnswerId: row.gatewayAnswerId?.toString() ?? null,
    refundedAt: row.refundedAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    items: row.items.map((i) => ({
      itemId: i.paymentItemId,
      councilCode: i.paymentItem.councilCode,
      accountNo: i.paymentItem.accountNo,
      amountSen: i.amountSen,
      reverseCredit: i.reverseCredit,
      creditReversedSen: i.creditReversedSen,
    })),
  };
}
