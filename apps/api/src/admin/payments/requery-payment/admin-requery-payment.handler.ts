import { HttpException, Logger } from '@nestjs/common';
import { CommandBus, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { AdminPaymentActionResult } from '@councilpay/domain';
import { RequeryPaymentCommand } from '../../../payments/commands/requery-payment/requery-payment.command';
import { requeryRefusal, type RequeryResult } from '../../../payments/commands/requery-payment/requery-payment.result';
import { PrismaService } from '../../../prisma/prisma.service';
import { recordStaffAction } from '../../../audit/staff-audit';
import { PaymentScope } from '../payment-scope';
import { StaffActionLimits } from '../../staff-action-limits';
import { AdminRequeryPaymentCommand } from './admin-requery-payment.command';

/**
 * Runs the payments engine's own requery (recorded on the timeline with source `admin`) and audits who asked
 * and what came of it, including an enquiry the gateway could not answer. Limited per staff member and per
 * payment (STAFF_ACTION_LIMITS).
 */
@CommandHandler(AdminRequeryPaymentCommand)
export class AdminRequeryPaymentHandler implements ICommandHandler<
  AdminRequeryPaymentCommand,
  AdminPaymentActionResult
> {
  private readonly logger = new Logger(AdminRequeryPaymentHandler.name);

  constructor(
    private readonly scope: PaymentScope,
    private readonly commandBus: CommandBus,
    private readonly prisma: PrismaService,
    private readonly limits: StaffActionLimits,
  ) {}

  async execute({ principal, reference }: AdminRequeryPaymentCommand): Promise<AdminPaymentActionResult> {
    const { councils } = await this.scope.find(principal, reference);
    await this.limits.requery(principal, reference);
    const before = await this.prisma.payment.findUniqueOrThrow({ where: { reference }, select: { status: true } });
    this.logger.log({ reference, staffId: principal.id }, 'Requery asked by staff');
    const audit = (after: Record<string, string | null>) =>
      this.prisma.$transaction((tx) =>
        recordStaffAction(tx, principal, {
          action: 'payment_requery',
          targetType: 'payment',
          targetId: reference,
          councils,
          before: { status: before.status },
          after,
        }),
      );
    try {
      const result = await this.commandBus.execute<RequeryPaymentCommand, RequeryResult>(
        new RequeryPaymentCommand(reference, 'admin'),
      );
      const refusal = requeryRefusal(result);
      if (refusal) throw refusal;
      const applied = result as AdminPaymentActionResult;
      await audit({ outcome: applied.outcome, status: applied.to, reason: applied.reason ?? null });
      return applied;
    } catch (error) {
      const code = error instanceof HttpException ? (error.getResponse() as { code?: string }).code : undefined;
      await audit({ outcome: code ?? 'error', status: before.status });
      throw error;
    }
  }
}
