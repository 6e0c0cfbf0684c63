import {
  malaysiaDay,
  sumSen,
  type BillCreditedData,
  type LateApprovalData,
  type PayableType,
  type RefundMadeData,
} from '@councilpay/domain';
import type { Prisma } from '../generated/prisma/client';
import { recordCouncilEvents, type CouncilEvent } from '../webhooks/council-events';
import type { CreditOutcome } from './crediting';
import type { LockedPayment } from './locked-payment';

type Tx = Prisma.TransactionClient;

/**
 * The councils' events of a payment that has just become paid, in its paying transaction: one `bill.credited`
 * per item credited (each to its own council), and, when the approval came late, one `payment.late_approval`
 * per council first, naming that council's items and whether each could still be credited.
 */
export async function recordPaidEvents(
  tx: Tx,
  payment: LockedPayment,
  credit: CreditOutcome,
  late: boolean,
  now: Date,
  /** The approving gateway transaction (the one the payment was just paid under). */
  gatewayTxnId: string | null,
): Promise<void> {
  // The payment as locked and its items as credited: nothing to read again.
  const items = credit.items;
  const method = payment.method as 'fpx' | 'card';
  const credited = new Set(credit.credited.map((c) => c.itemId));
  const refusedSen = new Map(credit.refused.map((r) => [r.itemId, r.amountSen]));
  const shortSen = new Map(credit.short.map((s) => [s.itemId, s.uncreditedSen]));
  const events: CouncilEvent[] = [];
  if (late && (payment.status === 'failed' || payment.status === 'expired' || payment.status === 'cancelled')) {
    for (const council of [...new Set(items.map((i) => i.councilCode))]) {
      const mine = items.filter((i) => i.councilCode === council);
      const data: LateApprovalData = {
        paymentReference: payment.reference,
        gatewayTxnId,
        method,
        previousStatus: payment.status,
        approvedAt: now.toISOString(),
        items: mine.map((i) => ({
          itemId: i.id,
          accountNo: i.accountNo,
          payableType: i.type as PayableType,
          amountSen: i.amountSen,
          credited: credited.has(i.id),
          receiptNo: i.receiptNo,
          refundDueSen: refusedSen.get(i.id) ?? shortSen.get(i.id) ?? 0,
        })),
      };
      events.push({ council, type: 'payment.late_approval', billKeys: mine.map((i) => i.payableId), data });
    }
  }
  for (const item of items) {
    if (!credited.has(item.id) || !item.receiptNo) continue;
    const data: BillCreditedData = {
      receiptNo: item.receiptNo,
      accountNo: item.accountNo,
      payableType: item.type as PayableType,
      amountSen: item.amountSen,
      creditSen: item.creditSen,
      paymentReference: payment.reference,
      gatewayTxnId,
      method,
      paidAt: now.toISOString(),
      late,
      itemId: item.id,
    };
    events.push({ council: item.councilCode, type: 'bill.credited', billKeys: [item.payableId], data });
  }
  await recordCouncilEvents(tx, events, now);
}

/** A refund's lines, as far as the councils' events need them. */
interface RefundedLine {
  item: { id: string; payableId: string; councilCode: string; accountNo: string; type: string };
  amountSen: number;
}

/**
 * The councils' events of a refund made, in its transaction: one `refund.made` per council whose items it
 * names, with that council's share. A duplicate charge's refund names no item (no bill was credited by that
 * charge) and tells no council.
 */
export async function recordRefundMadeEvents(
  tx: Tx,
  payment: LockedPayment,
  refund: { id: string; refundedAt: Date },
  lines: readonly RefundedLine[],
  now: Date,
): Promise<void> {
  const named = lines.filter((l) => l.amountSen > 0);
  if (named.length === 0) return;
  const receipts = new Map(
    (
      await tx.paymentItem.findMany({
        where: { id: { in: named.map((l) => l.item.id) } },
        select: { id: true, receiptNo: true },
      })
    ).map((i) => [i.id, i.receiptNo]),
  );
  const events: CouncilEvent[] = [];
  for (const council of [...new Set(named.map((l) => l.item.councilCode))]) {
    const mine = named.filter((l) => l.item.councilCode === council);
    const data: RefundMadeData = {
      refundId: refund.id,
      paymentReference: payment.reference,
      // A council's share of a refund: the sum of what it gives back on that council's own items.
      amountSen: sumSen(mine.map((l) => l.amountSen)),
      refundDay: malaysiaDay(0, refund.refundedAt),
      madeAt: now.toISOString(),
      items: mine.map((l) => ({
        itemId: l.item.id,
        receiptNo: receipts.get(l.item.id) ?? null,
        accountNo: l.item.accountNo,
        payableType: l.item.type as PayableType,
        amountSen: l.amountSen,
      })),
    };
    events.push({ council, type: 'refund.made', billKeys: mine.map((l) => l.item.payableId), data });
  }
  await recordCouncilEvents(tx, events, now);
}
