import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { LedgerResult, PaymentLedger } from '../../payment-ledger.service';
import { ApplyGatewayAnswerCommand } from './apply-gateway-answer.command';

@CommandHandler(ApplyGatewayAnswerCommand)
export class ApplyGatewayAnswerHandler implements ICommandHandler<ApplyGatewayAnswerCommand, LedgerResult> {
  constructor(private readonly ledger: PaymentLedger) {}

  execute({ invoiceNo, answer, source }: ApplyGatewayAnswerCommand): Promise<LedgerResult> {
    return this.ledger.applyAnswer({ invoiceNo }, answer, source);
  }
}
