import { Logger } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { GatewayAnswerBook } from '../../gateway-answers/gateway-answer-book';
import { LedgerResult, PaymentLedger } from '../../payment-ledger';
import { ApplyGatewayAnswerCommand } from './apply-gateway-answer.command';

@CommandHandler(ApplyGatewayAnswerCommand)
export class ApplyGatewayAnswerHandler implements ICommandHandler<ApplyGatewayAnswerCommand, LedgerResult> {
  private readonly logger = new Logger(ApplyGatewayAnswerHandler.name);

  constructor(
    private readonly ledger: PaymentLedger,
    private readonly answers: GatewayAnswerBook,
  ) {}

  async execute({ invoiceNo, answer, source }: ApplyGatewayAnswerCommand): Promise<LedgerResult> {
    try {
      // Every answer becomes a GatewayAnswer row, with what was made of it, in the ledger's own transaction:
      // the state change, credits, events, outbox rows and the answer row are written together or not at all.
      return await this.ledger.applyAnswer({ invoiceNo }, answer, source, (tx, result, payment) =>
        this.answers.recordIn(tx, invoiceNo, answer, source, result, payment),
      );
    } catch (error) {
      // Nothing of it was written: kept even so, as an answer that could not be applied (every answer is a
      // record). Should that fail too, the first error is the one that tells what happened.
      await this.answers.record(invoiceNo, answer, source, null).catch((recordError: unknown) => {
        this.logger.error(
          { invoiceNo, source, err: (recordError as Error).message },
          'Gateway answer could not be recorded',
        );
      });
      throw error;
    }
  }
}
