import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { LedgerResult, PaymentLedger } from '../../payment-ledger';
import { ExpirePaymentCommand } from './expire-payment.command';

@CommandHandler(ExpirePaymentCommand)
export class ExpirePaymentHandler implements ICommandHandler<ExpirePaymentCommand, LedgerResult> {
  constructor(private readonly ledger: PaymentLedger) {}

  execute({ reference }: ExpirePaymentCommand): Promise<LedgerResult> {
    return this.ledger.apply({ reference }, 'expired', 'system');
  }
}
