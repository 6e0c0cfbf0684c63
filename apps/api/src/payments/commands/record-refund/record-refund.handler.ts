import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ApiError } from '../../../http/api-error';
import { LedgerResult, PaymentLedger } from '../../payment-ledger.service';
import { RecordRefundCommand } from './record-refund.command';

@CommandHandler(RecordRefundCommand)
export class RecordRefundHandler implements ICommandHandler<RecordRefundCommand, LedgerResult> {
  constructor(private readonly ledger: PaymentLedger) {}

  async execute({ reference, staffId, note }: RecordRefundCommand): Promise<LedgerResult> {
    const result = await this.ledger.apply({ reference }, 'refund_recorded', 'admin', {
      note: `${staffId}: ${note}`.slice(0, 500),
    });
    if (result.outcome === 'not_found') throw new ApiError(404, 'not_found', 'Not Found!');
    if (result.outcome === 'refused')
      throw new ApiError(409, 'refund_not_allowed', 'Only a paid payment can be refunded', { status: result.from });
    return result;
  }
}
