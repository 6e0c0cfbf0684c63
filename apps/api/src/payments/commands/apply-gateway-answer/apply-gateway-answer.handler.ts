import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { GatewayAnswerBook } from '../../gateway-answers/gateway-answer-book';
import { LedgerResult, PaymentLedger } from '../../payment-ledger.service';
import { ApplyGatewayAnswerCommand } from './apply-gateway-answer.command';

@CommandHandler(ApplyGatewayAnswerCommand)
export class ApplyGatewayAnswerHandler implements ICommandHandler<ApplyGatewayAnswerCommand, LedgerResult> {
  constructor(
    private readonly ledger: PaymentLedger,
    private readonly answers: GatewayAnswerBook,
  ) {}

  async execute({ invoiceNo, answer, source }: ApplyGatewayAnswerCommand): Promise<LedgerResult> {
    try {
      // Every answer becomes a GatewayAnswer row, with what was made of it, in the transaction that applies it.
      return await this.ledger.applyAnswer({ invoiceNo }, answer, source, (tx, result) =>
        this.answers.recordIn(tx, invoiceNo, answer, source, result),
      );
    } catch (error) {
      // Kept even when it could not be applied: every answer is a record.
      await this.answers.record(invoiceNo, answer, source, null);
      throw error;
    }
  }
}
