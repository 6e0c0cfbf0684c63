import { Logger } from '@nestjs/common';
import { CommandBus, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ApiError } from '../../../http/api-error';
import { PrismaService } from '../../../prisma/prisma.service';
import { LedgerResult, PaymentLedger } from '../../payment-ledger.service';
import { RequeryPaymentCommand } from '../requery-payment/requery-payment.command';
import { CancelPaymentCommand } from './cancel-payment.command';

/** A cancel the bank could not be asked about yet: the payment stays open and the next enquiry settles it. */
export type CancelResult =
  LedgerResult | { reference: string; outcome: 'requested'; from: 'in_progress'; to: 'in_progress' };

/**
 * The payer gives up before confirming at the bank. The gateway form has been handed out, so the payer may
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
    if (!payment) throw new ApiError(404, 'not_found', 'Not Found!');
    let result: LedgerResult;
    if (payment.status === 'in_progress') {
      await this.prisma.payment.updateMany({
        where: { id: payment.id, cancelRequestedAt: null },
        data: { cancelRequestedAt: new Date() },
      });
      await this.ledger.record({ reference }, 'cancel_requested', 'payer', {});
      try {
        result = await this.commandBus.execute(new RequeryPaymentCommand(reference, 'payer'));
      } catch (error) {
        if (!(error instanceof ApiError) || error.getStatus() !== 502) throw error;
        this.logger.warn({ reference }, 'Cancel requested; the bank could not be asked yet');
        return { reference, outcome: 'requested', from: 'in_progress', to: 'in_progress' };
      }
    } else {
      // Already cancelled: a repeated request changes nothing; any other state refuses it.
      result = await this.ledger.apply({ reference }, 'payer_cancelled', 'payer');
    }
    if (result.to !== 'cancelled') {
      throw new ApiError(409, 'cancel_not_allowed', 'A payment can be cancelled only before confirmation.', {
        status: result.to ?? payment.status,
      });
    }
    return result;
  }
}
