import { Logger } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import {
  assessmentOwedSen,
  breakdownOwedSen,
  isAssessmentBreakdown,
  restoreAssessmentCredit,
  type AdminRecordRefundResult,
  type AssessmentAmounts,
  type AssessmentBreakdown,
  type PaymentState,
} from '@councilpay/domain';
import type { Prisma } from '../../../generated/prisma/client';
import { recordStaffAction } from '../../../admin/audit/staff-audit';
import { REFUND_INCLUDE, toRefundRow } from '../../../admin/payments/money-records/money-rows';
import { ApiError } from '../../../http/api-error';
import { PrismaService } from '../../../prisma/prisma.service';
import { PaymentLedger, type LedgerResult, type Tx } from '../../payment-ledger';
import { RecordPaymentRefundCommand } from './record-payment-refund.command';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TX_OPTIONS = { maxWait: 30_000, timeout: 30_000 };

interface LockedPayment {
  id: string;
  reference: string;
  status: PaymentState;
  amountSen: number;
}

/** What an assessment item's credit took off each component: as credited, or as priced for older items. */
function takenBreakdown(item: {
  type: string;
  creditedBreakdown: Prisma.JsonValue;
  pricedBreakdown: Prisma.JsonValue;
}): AssessmentBreakdown | null {
  if (item.type !== 'assessment') return null;
  if (isAssessmentBreakdown(item.creditedBreakdown)) return item.creditedBreakdown;
  return isAssessmentBreakdown(item.pricedBreakdown) ? item.pricedBreakdown : null;
}

const invalid = (message: string, details?: Record<string, unknown>) =>
  new ApiError(400, 'refund_invalid', message, details);
const tooMuch = (remainderSen: number) =>
  new ApiError(409, 'refund_exceeds_remainder', 'This refund is more than what is left to give back', {
    remainderSen,
  });

/**
 * A refund is money: its amount, items, reason, staff member, gateway reference and date are recorded, under
 * the payment's row lock, never more than what is left to give back (the database refuses it too). Per item,
 * staff choose whether the bill's credit is reversed: its balance goes back up by the credit that item gave
 * (in proportion for part of it). Once the whole charge is given back the payment moves to `refunded` through the
 * ledger, as the state table allows; its paidAt stays. A duplicate charge is given back against its gateway answer.
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
  ) {}

  async execute({ reference, staff, request, councils }: RecordPaymentRefundCommand): Promise<AdminRecordRefundResult> {
    const refundedAt = request.refundedAt ? new Date(request.refundedAt) : new Date();
    let moved: LedgerResult | null = null;
    const result = await this.prisma.$transaction(async (tx) => {
      const rows = await tx.$queryRaw<LockedPayment[]>`
        SELECT "id", "reference", "status"::text AS "status", "amountSen" FROM "Payment"
        WHERE "reference" = ${reference} FOR UPDATE`;
      const payment = rows[0];
      if (!payment) throw new ApiError(404, 'not_found', 'Not Found!');
      const refundId = request.gatewayAnswerId
        ? await this.duplicateChargeRefund(tx, payment, request, staff, refundedAt)
        : await this.itemsRefund(tx, payment, request, staff, refundedAt);
      const own = await tx.refund.aggregate({
        where: { paymentId: payment.id, gatewayAnswerId: null },
        _sum: { amountSen: true },
      });
      const refundedSen = own._sum.amountSen ?? 0;
      let status = payment.status;
      if (!request.gatewayAnswerId && refundedSen === payment.amountSen) {
        // The whole charge is given back: the status moves the one way every status moves, through the ledger
        // (state table, timeline event, finalAt), in this transaction and under the row lock it already holds.
        moved = await this.ledger.applyIn(tx, { reference }, 'refund_recorded', 'admin', { data: { refundId } });
        if (moved.outcome === 'move' && moved.to) status = moved.to;
      }
      const refund = await tx.refund.findUniqueOrThrow({ where: { id: refundId }, include: REFUND_INCLUDE });
      if (UUID.test(staff.id)) {
        await recordStaffAction(tx, staff, {
          action: 'payment_refund',
          targetType: 'payment',
          targetId: reference,
          councils,
          before: {
            status: payment.status,
            refundedSen: refundedSen - (refund.gatewayAnswerId ? 0 : refund.amountSen),
          },
          after: {
            status,
            refundedSen,
            refundId,
            amountSen: refund.amountSen,
            gatewayAnswerId: refund.gatewayAnswerId?.toString() ?? null,
          },
        });
      }
      return {
        refund: toRefundRow(refund, reference),
        status,
        refundableSen: payment.amountSen - refundedSen,
      };
    }, TX_OPTIONS);
    this.logger.log(
      { reference, refundId: result.refund.id, amountSen: result.refund.amountSen, status: result.status },
      'Refund recorded',
    );
    if (moved) this.ledger.report(moved, 'refund_recorded', 'admin');
    return result;
  }

  private async itemsRefund(
    tx: Tx,
    payment: LockedPayment,
    request: RecordPaymentRefundCommand['request'],
    staff: RecordPaymentRefundCommand['staff'],
    refundedAt: Date,
  ): Promise<string> {
    if (payment.status !== 'paid') {
      if (payment.status === 'refunded') throw tooMuch(0);
      throw new ApiError(409, 'refund_not_allowed', 'Only a paid payment can be refunded', { status: payment.status });
    }
    const wanted = request.items ?? [];
    if (wanted.length === 0) throw invalid('Name the items refunded');
    if (new Set(wanted.map((w) => w.itemId)).size !== wanted.length) throw invalid('An item is named twice');
    const items = await tx.paymentItem.findMany({
      where: { paymentId: payment.id },
      include: { refundItems: true },
    });
    const byId = new Map(items.map((i) => [i.id, i]));
    const lines = wanted.map((w) => {
      const item = byId.get(w.itemId);
      if (!item) throw invalid('An item is not one of this payment', { itemId: w.itemId });
      const refunded = item.refundItems.reduce((sum, r) => sum + r.amountSen, 0);
      const reversed = item.refundItems.reduce((sum, r) => sum + r.creditReversedSen, 0);
      const remainder = item.amountSen - refunded;
      if (w.amountSen > remainder) throw tooMuch(remainder);
      // An assessment's credit is what it took off each component (less than priced when one had shrunk).
      const taken = takenBreakdown(item);
      const creditSen = taken ? breakdownOwedSen(taken) : item.creditSen;
      // The credit this part of the item gave; the last part takes what is left, so a whole refund reverses it all.
      const creditReversedSen =
        w.reverseCredit && item.creditedAt
          ? w.amountSen === remainder
            ? creditSen - reversed
            : Math.min(creditSen - reversed, Math.floor((creditSen * w.amountSen) / item.amountSen))
          : 0;
      return { item, amountSen: w.amountSen, reverseCredit: w.reverseCredit, creditReversedSen, taken, reversed };
    });
    const amountSen = lines.reduce((sum, l) => sum + l.amountSen, 0);
    if (request.amountSen !== undefined && request.amountSen !== amountSen) {
      throw invalid("The amount is not the sum of the items' amounts", { itemsSen: amountSen });
    }
    // Bills whose credit is reversed, locked in id order like crediting does.
    const payableIds = [...new Set(lines.filter((l) => l.creditReversedSen > 0).map((l) => l.item.payableId))].sort();
    const locked =
      payableIds.length > 0
        ? await tx.$queryRaw<{ id: string; type: string; details: Prisma.JsonValue }[]>`
            SELECT "id", "type"::text AS "type", "details" FROM "Payable"
            WHERE "id" = ANY(${payableIds}::uuid[]) ORDER BY "id" FOR UPDATE`
        : [];
    const details = new Map(locked.map((p) => [p.id, p]));
    for (const line of lines.filter((l) => l.creditReversedSen > 0)) {
      const payable = details.get(line.item.payableId);
      if (payable?.type === 'assessment' && line.taken) {
        // The components the credit took go back up, exactly (arrears, the year, tax and the discounts).
        const amounts = restoreAssessmentCredit(
          payable.details as unknown as AssessmentAmounts,
          line.taken,
          line.reversed,
          line.creditReversedSen,
        );
        payable.details = { ...(payable.details as Prisma.JsonObject), ...amounts };
        await tx.payable.update({
          where: { id: payable.id },
          data: {
            details: payable.details as Prisma.InputJsonValue,
            balanceSen: assessmentOwedSen(amounts),
            version: { increment: 1 },
          },
        });
        continue;
      }
      await tx.payable.update({
        where: { id: line.item.payableId },
        data: { balanceSen: { increment: line.creditReversedSen }, version: { increment: 1 } },
      });
    }
    const refund = await tx.refund.create({
      data: {
        paymentId: payment.id,
        amountSen,
        reason: request.reason,
        staffId: staff.id,
        staffEmail: staff.email,
        gatewayReference: request.gatewayReference ?? null,
        refundedAt,
        items: {
          create: lines.map((l) => ({
            paymentItemId: l.item.id,
            amountSen: l.amountSen,
            reverseCredit: l.reverseCredit,
            creditReversedSen: l.creditReversedSen,
          })),
        },
      },
    });
    await tx.paymentEvent.create({
      data: {
        paymentId: payment.id,
        type: 'refund_recorded',
        source: 'admin',
        data: {
          refundId: refund.id,
          amountSen,
          items: lines.map((l) => ({
            itemId: l.item.id,
            amountSen: l.amountSen,
            creditReversedSen: l.creditReversedSen,
          })),
        },
      },
    });
    return refund.id;
  }

  private async duplicateChargeRefund(
    tx: Tx,
    payment: LockedPayment,
    request: RecordPaymentRefundCommand['request'],
    staff: RecordPaymentRefundCommand['staff'],
    refundedAt: Date,
  ): Promise<string> {
    if (request.items?.length) throw invalid('A duplicate charge is given back whole, without items');
    if (!/^\d{1,18}$/.test(request.gatewayAnswerId ?? '')) throw invalid('gatewayAnswerId is not an answer id');
    const answer = await tx.gatewayAnswer.findFirst({
      where: { id: BigInt(request.gatewayAnswerId!), paymentId: payment.id, verdict: 'duplicate_charge' },
    });
    if (!answer) throw invalid('That gateway answer is no duplicate charge of this payment');
    const made = await tx.refund.aggregate({ where: { gatewayAnswerId: answer.id }, _sum: { amountSen: true } });
    const remainder = answer.refundDueSen - (made._sum.amountSen ?? 0);
    const amountSen = request.amountSen ?? remainder;
    if (amountSen <= 0 || amountSen > remainder) throw tooMuch(remainder);
    const refund = await tx.refund.create({
      data: {
        paymentId: payment.id,
        gatewayAnswerId: answer.id,
        amountSen,
        reason: request.reason,
        staffId: staff.id,
        staffEmail: staff.email,
        gatewayReference: request.gatewayReference ?? null,
        refundedAt,
      },
    });
    await tx.paymentEvent.create({
      data: {
        paymentId: payment.id,
        type: 'refund_recorded',
        source: 'admin',
        data: { refundId: refund.id, amountSen, gatewayAnswerId: answer.id.toString() },
      },
    });
    return refund.id;
  }
}
