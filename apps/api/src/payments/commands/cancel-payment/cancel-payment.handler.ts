import { Logger } from '@nestjs/common';
import { CommandBus, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ApiError } from '../../../http/api-error';
import { PrismaService } from '../../../prisma/prisma.service';
import { LedgerResult, PaymentLedger } from '../../payment-ledger';
import type { RequeryResult } from '../requery-payment/requery-payment.result';
import { RequeryPaymentCommand } from '../requery-payment/requery-payment.command';
import { CancelPaymentCommand } from './cancel-payment.command';

/** A cancel the bank could not be asked about yet: the payment stays open and the next enquiry settles it. */
export type CancelResult =
  LedgerResult | { reference: string; outcome: 'requested'; from: 'in_progress'; to: 'in_progress' };

/**
 * The payer gives up before confirming at the bank. Like the other handlers it returns what came of it (the
 * HTTP route maps a refusal with `cancelRefusal`). The gateway form has been handed out, so the payer may
 * be at the bank already: the cancel is a request, settled by asking the gateway. A bank that never saw the
 * order (or refused it) lets the payment be cancelled; an approval or a pending answer is applied instead and
 * the cancel refused. A gateway that cannot be asked leaves the request open for the requery worker.
 */
@CommandHandler(CancelPaymentCommand)
export class CancelPaymentHandler implements ICommandHandler<CancelPaymentCommand, CancelResult> {
  private readonly logger = new Logger(CancelPaymentHandler.name);

  constructor(
    private readonly prisma: PrismaService,
    private readonly ledger: PaymentLedger,
    private readonly commandBus: CommandBus,
  ) {}

  async execute({ reference }: CancelPaymentCommand): Promise<CancelResult> {
    const payment = await this.prisma.payment.findUnique({ where: { reference }, select: { id: true, status: true } });
    if (!payment) return { reference, outcome: 'not_found', from: null, to: null };
    if (payment.status !== 'in_progress') {
      // Already cancelled: a repeated request changes nothing; any other state refuses it.
      return this.ledger.apply({ reference }, 'payer_cancelled', 'payer');
    }
    await this.prisma.payment.updateMany({
      where: { id: payment.id, cancelRequestedAt: null },
      data: { cancelRequestedAt: new Date() },
    });
    await this.ledger.record({ reference }, 'cancel_requested', 'payer', {});
    const result = await this.commandBus.execute<RequeryPaymentCommand, RequeryResult>(
      new RequeryPaymentCommand(reference, 'payer'),
    );
    if (result.outcome === 'gateway_unavailable') {
      this.logger.warn({ reference }, 'Cancel requested; the bank could not be asked yet');
      return { reference, outcome: 'requested', from: 'in_progress', to: 'in_progress' };
    }
    return result;
  }
}

/** The HTTP refusal for a cancel that did not cancel (nor stay requested), or null. */
export function cancelRefusal(result: CancelResult): ApiError | null {
  if (result.outcome === 'not_found') return new ApiError(404, 'not_found', 'Not Found!');
  if (result.outcome === 'requested' || result.to === 'cancelled') return null;
  return new ApiError(409, 'cancel_not_allowed', 'A payment can be cancelled only before confirmation.', {
    status: result.to ?? result.from,
  });
}
