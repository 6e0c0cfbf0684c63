import { Logger } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import {
  correctionItems,
  refundCorrectionRefusal,
  transition,
  type AdminRecordRefundResult,
  type RefundState,
} from '@councilpay/domain';
import { recordStaffAction } from '../../../audit/staff-audit';
import { REFUND_INCLUDE, refundActions, toRefundRow } from '../../money-rows';
import { ApiError } from '../../../http/api-error';
import { PrismaService } from '../../../prisma/prisma.service';
import { lockPayment } from '../../locked-payment';
import { PaymentLedger, type LedgerResult } from '../../payment-ledger';
import { changeBillCredits } from '../../refunds/bill-credits';
import { ITEM_SELECT } from '../../refunds/refund-plan';
import { loadRefunds, RefundTotals } from '../../refunds/refund-records';
import { CorrectPaymentRefundCommand } from './correct-payment-refund.command';

const TX_OPTIONS = { maxWait: 30_000, timeout: 30_000 };

const REFUSAL_MESSAGES = {
  refund_not_made: 'Only a refund that was made is corrected; one awaiting approval is declined instead',
  refund_is_correction: 'A correction is final: it is never itself corrected',
  refund_already_corrected: 'This refund was corrected already',
} as const;

/**
 * A refund recorded by mistake is never edited or deleted: a reversing entry, a new refund made at once that
 * names it, for its whole amount and the same items, takes it back out of what was given back. The credit the
 * mistaken refund reversed is re-applied to each bill (its balance goes back down; refused with 409 when a bill
 * was paid again since and no longer owes it), and a payment it had made `refunded` is `paid` again through the
 * ledger. Dated now, so it shows as an adjustment on the day it is made. The payer is not told: no money moved.
 * A refund is corrected once; a correction never. Audited in the same transaction.
 */
@CommandHandler(CorrectPaymentRefundCommand)
export class CorrectPaymentRefundHandler implements ICommandHandler<
  CorrectPaymentRefundCommand,
  AdminRecordRefundResult
> {
  private readonly logger = new Logger(CorrectPaymentRefundHandler.name);

  constructor(
    private readonly prisma: PrismaService,
    private readonly ledger: PaymentLedger,
  ) {}

  async execute(command: CorrectPaymentRefundCommand): Promise<AdminRecordRefundResult> {
    const { reference, refundId, staff, decider, councils, reason } = command;
    let moved: LedgerResult | null = null;
    const result = await this.prisma.$transaction(async (tx) => {
      const payment = await lockPayment(tx, { reference });
      if (!payment) throw new ApiError(404, 'not_found', 'Not Found!');
      // The time is read under the payment's lock, after any answer that paid it meanwhile: read before, it could
      // fall before that payment's paidAt, and the database refuses a refund dated before its payment.
      const now = new Date();
      const refunds = await loadRefunds(tx, payment.id);
      const original = refunds.find((r) => r.id === refundId);
      if (!original) throw new ApiError(404, 'not_found', 'Not Found!');
      const refusal = refundCorrectionRefusal({
        state: original.state as RefundState,
        correctsRefundId: original.correctsRefundId,
        correctedByRefundId: original.correctedBy?.id ?? null,
      });
      if (refusal) {
        throw new ApiError(409, 'refund_not_correctable', REFUSAL_MESSAGES[refusal], {
          reason: refusal,
          state: original.state,
        });
      }
      const before = new RefundTotals(refunds);
      const lines = correctionItems(original.items);
      const items = await tx.paymentItem.findMany({ where: { paymentId: payment.id }, select: ITEM_SELECT });
      const byId = new Map(items.map((i) => [i.id, i]));
      await changeBillCredits(
        tx,
        lines.map((l) => ({
          item: byId.get(l.paymentItemId)!,
          creditSen: l.creditReversedSen,
          reversedBeforeSen: before.itemMadeSen(l.paymentItemId, 'creditReversedSen'),
        })),
        'reapply',
        true,
      );
      const correction = await tx.refund.create({
        data: {
          paymentId: payment.id,
          gatewayAnswerId: original.gatewayAnswerId,
          amountSen: original.amountSen,
          reason,
          staffId: staff.id,
          staffEmail: staff.email,
          refundedAt: now,
          state: 'made',
          correctsRefundId: original.id,
          items: { create: lines },
        },
      });
      await tx.paymentEvent.create({
        data: {
          paymentId: payment.id,
          type: 'refund_corrected',
          source: 'admin',
          data: { refundId: correction.id, correctsRefundId: original.id, amountSen: original.amountSen },
        },
      });
      const after = new RefundTotals(await loadRefunds(tx, payment.id));
      let status = payment.status;
      if (after.ownMadeSen() < payment.amountSen && transition(payment.status, 'refund_corrected').kind === 'move') {
        // Not all of it was given back after all: paid again, the one way every status moves.
        moved = await this.ledger.applyIn(tx, { reference }, 'refund_corrected', 'admin', {
          data: { refundId: correction.id, correctsRefundId: original.id },
        });
        if (moved.outcome === 'move' && moved.to) status = moved.to;
      }
      const row = await tx.refund.findUniqueOrThrow({ where: { id: correction.id }, include: REFUND_INCLUDE });
      await recordStaffAction(tx, staff, {
        action: 'payment_refund_correct',
        targetType: 'payment',
        targetId: reference,
        councils,
        before: { status: payment.status, refundedSen: before.ownMadeSen(), refundId: original.id },
        after: {
          status,
          refundedSen: after.ownMadeSen(),
          refundId: correction.id,
          correctsRefundId: original.id,
          amountSen: original.amountSen,
          creditReappliedSen: lines.reduce((sum, l) => sum + l.creditReversedSen, 0),
        },
      });
      return {
        refund: toRefundRow(row, reference, refundActions(row, decider, councils)),
        status,
        refundableSen: payment.amountSen - after.ownReservedSen(),
      };
    }, TX_OPTIONS);
    this.logger.log(
      { reference, refundId: result.refund.id, correctsRefundId: refundId, status: result.status },
      'Refund corrected',
    );
    if (moved) this.ledger.report(moved, 'refund_corrected', 'admin');
    return result;
  }
}
