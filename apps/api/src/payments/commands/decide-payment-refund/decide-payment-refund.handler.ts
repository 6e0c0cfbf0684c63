import { Logger } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { refundDecisionRefusal, type AdminRecordRefundResult, type RefundState } from '@councilpay/domain';
import { recordStaffAction } from '../../../audit/staff-audit';
import { REFUND_INCLUDE, refundActions, toRefundRow } from '../../money-rows';
import { ApiError } from '../../../http/api-error';
import { PrismaService } from '../../../prisma/prisma.service';
import { lockPayment } from '../../locked-payment';
import { PaymentLedger, type LedgerResult } from '../../payment-ledger';
import { RefundEffects } from '../../refunds/refund-effects';
import { ITEM_SELECT, type RefundLine } from '../../refunds/refund-plan';
import { loadRefunds, RefundTotals } from '../../refunds/refund-records';
import { DecidePaymentRefundCommand } from './decide-payment-refund.command';

const TX_OPTIONS = { maxWait: 30_000, timeout: 30_000 };

const REFUSALS = {
  forbidden: () =>
    new ApiError(403, 'forbidden', 'Only an admin of every council of this payment may decide its refunds'),
  refund_own_approval: () =>
    new ApiError(403, 'refund_own_approval', 'The officer who recorded a refund cannot approve it'),
  refund_not_awaiting: (state: RefundState) =>
    new ApiError(409, 'refund_not_awaiting', 'This refund is not awaiting approval: it was decided already', { state }),
} as const;

/**
 * The decision on a refund awaiting approval, taken once under the payment's row lock. Approved, the refund is
 * made then: dated at the approval (money given back counts on the day it is approved), its bills' credits
 * reversed, the payment `refunded` if that gives back the whole charge, the payer told. Declined, it never
 * counts and what it held back is left to give back again. The officer who recorded it may decline (withdraw)
 * it but never approve it; the database refuses that too. Audited in the same transaction.
 */
@CommandHandler(DecidePaymentRefundCommand)
export class DecidePaymentRefundHandler implements ICommandHandler<
  DecidePaymentRefundCommand,
  AdminRecordRefundResult
> {
  private readonly logger = new Logger(DecidePaymentRefundHandler.name);

  constructor(
    private readonly prisma: PrismaService,
    private readonly ledger: PaymentLedger,
    private readonly effects: RefundEffects,
  ) {}

  async execute(command: DecidePaymentRefundCommand): Promise<AdminRecordRefundResult> {
    const { reference, refundId, decision, staff, decider, councils, reason } = command;
    let moved: LedgerResult | null = null;
    const result = await this.prisma.$transaction(async (tx) => {
      const payment = await lockPayment(tx, { reference });
      if (!payment) throw new ApiError(404, 'not_found', 'Not Found!');
      // The time is read under the payment's lock, after any answer that paid it meanwhile: read before, it could
      // fall before that payment's paidAt, and the database refuses a refund dated before its payment.
      const now = new Date();
      const refunds = await loadRefunds(tx, payment.id);
      const refund = refunds.find((r) => r.id === refundId);
      if (!refund) throw new ApiError(404, 'not_found', 'Not Found!');
      const state = refund.state as RefundState;
      const refusal = refundDecisionRefusal(decision, { state, staffId: refund.staffId }, decider, councils);
      if (refusal) throw REFUSALS[refusal](state);
      const decided = { decidedById: staff.id, decidedByEmail: staff.email, decidedAt: now };
      let status = payment.status;
      if (decision === 'approve') {
        if (refund.gatewayAnswerId === null && payment.status !== 'paid') {
          throw new ApiError(409, 'refund_not_allowed', 'Only a paid payment can be refunded', {
            status: payment.status,
          });
        }
        const updated = await tx.refund.update({
          where: { id: refund.id },
          data: { state: 'made', ...decided, refundedAt: now },
        });
        const items = await tx.paymentItem.findMany({ where: { paymentId: payment.id }, select: ITEM_SELECT });
        const byId = new Map(items.map((i) => [i.id, i]));
        const lines: RefundLine[] = refund.items.map((i) => ({
          item: byId.get(i.paymentItemId)!,
          amountSen: i.amountSen,
          reverseCredit: i.reverseCredit,
          creditReversedSen: i.creditReversedSen,
        }));
        const before = new RefundTotals(refunds.filter((r) => r.id !== refund.id));
        const made = await this.effects.make(tx, payment, updated, lines, before);
        moved = made.moved;
        status = made.status;
      } else {
        await tx.refund.update({
          where: { id: refund.id },
          data: { state: 'declined', ...decided, declineReason: reason },
        });
      }
      const row = await tx.refund.findUniqueOrThrow({ where: { id: refund.id }, include: REFUND_INCLUDE });
      const totals = new RefundTotals(await loadRefunds(tx, payment.id));
      await recordStaffAction(tx, staff, {
        action: decision === 'approve' ? 'payment_refund_approve' : 'payment_refund_decline',
        targetType: 'payment',
        targetId: reference,
        councils,
        before: {
          refundId: refund.id,
          state,
          refundedAt: refund.refundedAt.toISOString(),
          status: payment.status,
          refundedSen: new RefundTotals(refunds).ownMadeSen(),
        },
        after: {
          refundId: refund.id,
          state: row.state,
          amountSen: row.amountSen,
          refundedAt: row.refundedAt.toISOString(),
          recordedBy: refund.staffEmail,
          ...(decision === 'decline' ? { declineReason: reason } : {}),
          status,
          refundedSen: totals.ownMadeSen(),
        },
      });
      return {
        refund: toRefundRow(row, reference, refundActions(row, decider, councils)),
        status,
        refundableSen: payment.amountSen - totals.ownReservedSen(),
      };
    }, TX_OPTIONS);
    this.logger.log(
      { reference, refundId, decision, amountSen: result.refund.amountSen, status: result.status },
      decision === 'approve' ? 'Refund approved and made' : 'Refund declined',
    );
    if (moved) this.ledger.report(moved, 'refund_recorded', 'admin');
    return result;
  }
}
