import {
  refundsMadeNetSen,
  refundsReservedSen,
  DEFAULT_REFUND_APPROVAL_ABOVE_SEN,
  type CountedRefund,
  type RefundState,
} from '@councilpay/domain';
import type { Prisma } from '../../generated/prisma/client';

type Tx = Prisma.TransactionClient;

/** A refund's items in the order of the payment's own items (the payer's cart, as receipts list them). */
export const REFUND_ITEM_ORDER = [
  { paymentItem: { position: 'asc' } },
  { paymentItemId: 'asc' },
] satisfies Prisma.RefundItemOrderByWithRelationInput[];

/** A payment's refunds as the refund commands read them: with their items and the correction of each. */
export const REFUND_RECORD_INCLUDE = {
  items: { orderBy: REFUND_ITEM_ORDER },
  correctedBy: { select: { id: true } },
} satisfies Prisma.RefundInclude;

export type RefundRecord = Prisma.RefundGetPayload<{ include: typeof REFUND_RECORD_INCLUDE }>;

export function loadRefunds(tx: Tx, paymentId: string): Promise<RefundRecord[]> {
  return tx.refund.findMany({ where: { paymentId }, include: REFUND_RECORD_INCLUDE, orderBy: { createdAt: 'asc' } });
}

const counted = (r: RefundRecord, amountSen: number): CountedRefund => ({
  state: r.state as RefundState,
  correctsRefundId: r.correctsRefundId,
  amountSen,
});

/** What the refunds of a payment come to, counted by the rules of libs/domain (`refundsMadeNetSen` ...). */
export class RefundTotals {
  constructor(private readonly refunds: readonly RefundRecord[]) {}

  /** Of the payment's own charge (refunds without a gateway answer): made, net of corrections. */
  ownMadeSen(): number {
    return refundsMadeNetSen(
      this.refunds.filter((r) => r.gatewayAnswerId === null).map((r) => counted(r, r.amountSen)),
    );
  }

  /** Of the payment's own charge: made (net) and awaiting approval, i.e. no longer left to give back. */
  ownReservedSen(): number {
    return refundsReservedSen(
      this.refunds.filter((r) => r.gatewayAnswerId === null).map((r) => counted(r, r.amountSen)),
    );
  }

  /** Every refund of the payment, duplicate charges too, made (net) and awaiting: what the approval limit weighs. */
  allReservedSen(): number {
    return refundsReservedSen(this.refunds.map((r) => counted(r, r.amountSen)));
  }

  /** Of one duplicate charge: made (net). */
  chargeMadeSen(gatewayAnswerId: bigint): number {
    return refundsMadeNetSen(
      this.refunds.filter((r) => r.gatewayAnswerId === gatewayAnswerId).map((r) => counted(r, r.amountSen)),
    );
  }

  /** Of one duplicate charge: made (net) and awaiting. */
  chargeReservedSen(gatewayAnswerId: bigint): number {
    return refundsReservedSen(
      this.refunds.filter((r) => r.gatewayAnswerId === gatewayAnswerId).map((r) => counted(r, r.amountSen)),
    );
  }

  /** Of one item: the amount or the credit reversed, made (net) and awaiting. */
  itemReservedSen(itemId: string, field: 'amountSen' | 'creditReversedSen'): number {
    return refundsReservedSen(this.itemLines(itemId, field));
  }

  /** Of one item: the amount or the credit reversed, made (net) only: what its bill has seen. */
  itemMadeSen(itemId: string, field: 'amountSen' | 'creditReversedSen'): number {
    return refundsMadeNetSen(this.itemLines(itemId, field));
  }

  private itemLines(itemId: string, field: 'amountSen' | 'creditReversedSen'): CountedRefund[] {
    return this.refunds.flatMap((r) =>
      r.items.filter((i) => i.paymentItemId === itemId).map((i) => counted(r, i[field])),
    );
  }
}

/** The approval limit of the configuration row (the default when the row is missing). */
export async function refundApprovalAboveSen(tx: Tx): Promise<number> {
  const row = await tx.configuration.findUnique({ where: { id: 'default' }, select: { refundApprovalAboveSen: true } });
  return row?.refundApprovalAboveSen ?? DEFAULT_REFUND_APPROVAL_ABOVE_SEN;
}
