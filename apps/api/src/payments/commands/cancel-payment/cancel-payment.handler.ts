import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ApiError } from '../../../http/api-error';
import { LedgerResult, PaymentLedger } from '../../payment-ledger.service';
import { CancelPaymentCommand } from './cancel-payment.command';

/** The payer gives up before confirming at the bank; only an `in_progress` payment may be cancelled. */
@CommandHandler(CancelPaymentCommand)
export class CancelPaymentHandler implements ICommandHandler<CancelPaymentCommand, LedgerResult> {
  constructor(private readonly ledger: PaymentLedger) {}

  async execute({ reference }: CancelPaymentCommand): Promise<LedgerResult> {
    const result = await this.ledger.apply({ reference }, 'payer_cancelled', 'payer');
    if (result.outcome === 'not_found') throw new ApiError(404, 'not_found', 'Not Found!');
    if (result.outcome === 'refused') {
      throw new ApiError(409, 'cancel_not_allowed', 'A payment can be cancelled only before confirmation.', {
        status: result.from,
      });
    }
    return result;
  }
}
