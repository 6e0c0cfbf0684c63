import { Injectable } from '@nestjs/common';
import { languageOrDefault, transition, type PaymentState } from '@councilpay/domain';
import type { Prisma } from '../../generated/prisma/client';
import { queueNotification } from '../../notifications/queue-notification';
import type { LockedPayment } from '../locked-payment';
import { recordRefundMadeEvents } from '../payment-council-events';
import { PaymentLedger, type LedgerResult } from '../payment-ledger';
import { changeBillCredits } from './bill-credits';
import { reversals, type RefundLine } from './refund-plan';
import { loadRefunds, RefundTotals } from './refund-records';

type Tx = Prisma.TransactionClient;

/** A refund that is being made: recorded below the approval limit, or approved. */
export interface RefundBeingMade {
  id: string;
  amountSen: number;
  gatewayAnswerId: bigint | null;
  refundedAt: Date;
}

export interface RefundMade {
  /** The payment's status after it. */
  status: PaymentState;
  /** What may still be given back of the payment's own charge. */
  refundableSen: number;
  /** The ledger's status move, to log once the transaction committed. */
  moved: LedgerResult | null;
}

/**
 * What happens when a refund is made (counts), in the caller's transaction under the payment's row lock: the
 * bills' credits it reverses go back on their balances, the councils' systems are told (refund.made), the
 * payment's timeline says so, a payment whose whole charge is given back becomes `refunded` through the ledger,
 * and the payer is told by email and SMS (the outbox commits with the refund, once per refund). A refund awaiting approval does none of this until approved.
 */
@Injectable()
export class RefundEffects {
  constructor(private readonly ledger: PaymentLedger) {}

  async make(
    tx: Tx,
    payment: LockedPayment,
    refund: RefundBeingMade,
    lines: readonly RefundLine[],
    /** The payment's refunds before this one counted (this one left out, or still awaiting approval). */
    before: RefundTotals,
  ): Promise<RefundMade> {
    await changeBillCredits(tx, reversals(lines, before), 'reverse', true);
    await recordRefundMadeEvents(tx, payment, refund, lines, new Date());
    await tx.paymentEvent.create({
      data: {
        paymentId: payment.id,
        type: 'refund_recorded',
        source: 'admin',
        data: {
          refundId: refund.id,
          amountSen: refund.amountSen,
          ...(refund.gatewayAnswerId !== null
            ? { gatewayAnswerId: refund.gatewayAnswerId.toString() }
            : {
                items: lines.map((l) => ({
                  itemId: l.item.id,
                  amountSen: l.amountSen,
                  creditReversedSen: l.creditReversedSen,
                })),
              }),
        },
      },
    });
    const after = new RefundTotals(await loadRefunds(tx, payment.id));
    const ownMadeSen = after.ownMadeSen();
    let status = payment.status;
    let moved: LedgerResult | null = null;
    const whole = refund.gatewayAnswerId === null && ownMadeSen === payment.amountSen;
    if (whole && transition(payment.status, 'refund_recorded').kind === 'move') {
      // The whole charge is given back: the status moves the one way every status moves, through the ledger
      // (state table, timeline event, finalAt), in this transaction and under the row lock it already holds.
      moved = await this.ledger.applyIn(tx, { reference: payment.reference }, 'refund_recorded', 'admin', {
        data: { refundId: refund.id },
      });
      if (moved.outcome === 'move' && moved.to) status = moved.to;
    }
    await this.tellPayer(tx, payment, refund, {
      totalRefundedSen: refund.gatewayAnswerId === null ? ownMadeSen : after.chargeMadeSen(refund.gatewayAnswerId),
      whole,
    });
    return { status, refundableSen: payment.amountSen - after.ownReservedSen(), moved };
  }

  /** The payer's email and SMS about a refund made, in their language: once per refund, whatever retries. */
  private async tellPayer(
    tx: Tx,
    payment: LockedPayment,
    refund: RefundBeingMade,
    totals: { totalRefundedSen: number; whole: boolean },
  ): Promise<void> {
    const data = {
      reference: payment.reference,
      refundId: refund.id,
      amountSen: refund.amountSen,
      totalRefundedSen: totals.totalRefundedSen,
      whole: totals.whole,
      duplicateCharge: refund.gatewayAnswerId !== null,
      refundedAt: refund.refundedAt.toISOString(),
    };
    for (const [channel, recipient] of [
      ['email', payment.payerEmail],
      ['sms', payment.payerPhone],
    ] as const) {
      await queueNotification(tx, {
        channel,
        recipient,
        template: 'refund_made',
        language: languageOrDefault(payment.language),
        data,
        dedupeKey: `refund-${refund.id}-${channel}`,
        paymentId: payment.id,
      });
    }
  }
}
