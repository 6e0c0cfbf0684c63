import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { languageOrDefault, type AdminResendResult } from '@councilpay/domain';
import { ApiError } from '../../../http/api-error';
import { queueNotification } from '../../../notifications/queue-notification';
import type { NotificationTemplate } from '../../../notifications/notification-templates';
import { PrismaService } from '../../../prisma/prisma.service';
import { recordStaffAction } from '../../../audit/staff-audit';
import { PaymentScope } from '../payment-scope';
import { StaffActionLimits } from '../../staff-action-limits';
import { ResendOutcomeCommand } from './resend-outcome.command';

/** The outcomes a payer is told of, by the status that tells it. */
const OUTCOME_TEMPLATES: Partial<Record<string, NotificationTemplate>> = {
  paid: 'payment_paid',
  failed: 'payment_failed',
  expired: 'payment_expired',
};

/**
 * Queues a new message with the payment's outcome (a new row: the first message keeps its own history) and
 * audits it, in one transaction. A payment with no outcome yet (in progress, pending, cancelled by the payer,
 * refunded) has nothing to resend: 409. Limited per staff member and per recipient (STAFF_ACTION_LIMITS).
 */
@CommandHandler(ResendOutcomeCommand)
export class ResendOutcomeHandler implements ICommandHandler<ResendOutcomeCommand, AdminResendResult> {
  private readonly logger = new Logger(ResendOutcomeHandler.name);

  constructor(
    private readonly scope: PaymentScope,
    private readonly prisma: PrismaService,
    private readonly limits: StaffActionLimits,
  ) {}

  async execute({ principal, reference, channel }: ResendOutcomeCommand): Promise<AdminResendResult> {
    const { councils } = await this.scope.find(principal, reference);
    const payment = await this.prisma.payment.findUniqueOrThrow({ where: { reference } });
    const template = OUTCOME_TEMPLATES[payment.status];
    if (!template) {
      throw new ApiError(409, 'nothing_to_resend', 'This payment has no outcome to tell yet', {
        status: payment.status,
      });
    }
    const recipient = channel === 'email' ? payment.payerEmail : payment.payerPhone;
    await this.limits.resend(principal, recipient);
    const notificationId = await this.prisma.$transaction(async (tx) => {
      const id = await queueNotification(tx, {
        channel,
        recipient,
        template,
        language: languageOrDefault(payment.language),
        data: { reference },
        dedupeKey: `payment-${reference}-${payment.status}-${channel}-resend-${randomUUID()}`,
        paymentId: payment.id,
      });
      if (!id) throw new Error('a fresh dedupe key was taken');
      await recordStaffAction(tx, principal, {
        action: 'payment_resend',
        targetType: 'payment',
        targetId: reference,
        councils,
        before: null,
        after: { notificationId: id, channel, recipient, template },
      });
      return id;
    });
    this.logger.log({ reference, staffId: principal.id, channel, notificationId }, 'Outcome queued again by staff');
    return { notificationId, channel, recipient, status: 'queued' };
  }
}
