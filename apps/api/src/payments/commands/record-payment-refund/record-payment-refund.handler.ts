import { Logger } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { AdminRecordRefundResult } from '@councilpay/domain';
import { recordStaffAction } from '../../../audit/staff-audit';
import { REFUND_INCLUDE, refundActions, toRefundRow } from '../../money-rows';
import { ApiError } from '../../../http/api-error';
import { PrismaService } from '../../../prisma/prisma.service';
import { lockPayment } from '../../locked-payment';
import { PaymentLedger, type LedgerResult } from '../../payment-ledger';
import { RefundEffects } from '../../refunds/refund-effects';
import { planRefund } from '../../refunds/refund-plan';
import { RecordPaymentRefundCommand } from './record-payment-refund.command';
import { isUuid } from '../../../http/id.param';

const TX_OPTIONS = { maxWait: 30_000, timeout: 30_000 };

/**
 * A refund is money: its amount, items, reason, staff member, gateway reference and date are recorded, under
 * the payment's row lock, never more than what is left to give back (the database refuses it too). Per item,
 * staff choose whether the bill's credit is reversed: its balance goes back up by the credit that item gave
 * (in proportion for part of it). A refund that takes the payment's refunds above the approval limit of the
 * configuration is recorded awaiting a second officer's approval: it holds back its amount and does nothing
 * else until approved. Otherwise it is made at once (RefundEffects: credits reversed, `refunded` once the whole
 * charge is given back, the payer told). Either way the staff audit records it in the same transaction.
 */
@CommandHandler(RecordPaymentRefundCommand)
export class RecordPaymentRefundHandler implements ICommandHandler<
  RecordPaymentRefundCommand,
  AdminRecordRefundResult
> {
  private readonly logger = new Logger(RecordPaymentRefundHandler.name);

  constructor(
    private readonly prisma: PrismaService,
    private readonly ledger: PaymentLedger,
    private readonly effects: RefundEffects,
  ) {}

  async execute({
    reference,
    staff,
    request,
    councils,
    decider,
  }: RecordPaymentRefundCommand): Promise<AdminRecordRefundResult> {
    let moved: LedgerResult | null = null;
    const result = await this.prisma.$transaction(async (tx) => {
      const payment = await lockPayment(tx, { reference });
      if (!payment) throw new ApiError(404, 'not_found', 'Not Found!');
      // The time is read under the payment's lock, after any answer that paid it meanwhile: read before, it could
      // fall before that payment's paidAt, and the database refuses a refund dated before its payment.
      const now = new Date();
      const plan = await planRefund(tx, payment, request, now);
      const created = await tx.refund.create({
        data: {
          paymentId: payment.id,
          gatewayAnswerId: plan.gatewayAnswerId,
          amountSen: plan.amountSen,
          reason: request.reason,
          staffId: staff.id,
          staffEmail: staff.email,
          gatewayReference: request.gatewayReference ?? null,
          refundedAt: plan.refundedAt,
          state: plan.needsApproval ? 'awaiting_approval' : 'made',
          items: {
            create: plan.lines.map((l) => ({
              paymentItemId: l.item.id,
              amountSen: l.amountSen,
              reverseCredit: l.reverseCredit,
              creditReversedSen: l.creditReversedSen,
            })),
          },
        },
      });
      const made = plan.needsApproval ? null : await this.effects.make(tx, payment, created, plan.lines, plan.totals);
      moved = made?.moved ?? null;
      const status = made?.status ?? payment.status;
      const refundableSen = made?.refundableSen ?? payment.amountSen - plan.totals.ownReservedSen() - ownPart(plan);
      const refund = await tx.refund.findUniqueOrThrow({ where: { id: created.id }, include: REFUND_INCLUDE });
      if (isUuid(staff.id)) {
        const refundedBefore = plan.totals.ownMadeSen();
        await recordStaffAction(tx, staff, {
          action: 'payment_refund',
          targetType: 'payment',
          targetId: reference,
          councils,
          before: { status: payment.status, refundedSen: refundedBefore },
          after: {
            status,
            refundedSen: refundedBefore + (made && plan.gatewayAnswerId === null ? plan.amountSen : 0),
            refundId: created.id,
            state: created.state,
            amountSen: created.amountSen,
            refundedAt: created.refundedAt.toISOString(),
            gatewayAnswerId: created.gatewayAnswerId?.toString() ?? null,
            items: plan.lines.map((l) => ({
              itemId: l.item.id,
              amountSen: l.amountSen,
              creditReversedSen: l.creditReversedSen,
            })),
          },
        });
      }
      return {
        refund: toRefundRow(refund, reference, refundActions(refund, decider, councils)),
        status,
        refundableSen,
      };
    }, TX_OPTIONS);
    this.logger.log(
      {
        reference,
        refundId: result.refund.id,
        amountSen: result.refund.amountSen,
        state: result.refund.state,
        status: result.status,
      },
      result.refund.state === 'made' ? 'Refund recorded' : 'Refund recorded, awaiting approval',
    );
    if (moved) this.ledger.report(moved, 'refund_recorded', 'admin');
    return result;
  }
}

/** The part of the payment's own charge a refund holds back (a duplicate charge's refund holds none of it). */
function ownPart(plan: { gatewayAnswerId: bigint | null; amountSen: number }): number {
  return plan.gatewayAnswerId === null ? plan.amountSen : 0;
}
