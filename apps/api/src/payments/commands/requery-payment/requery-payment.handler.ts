import { Logger } from '@nestjs/common';
import { CommandBus, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { isAnswerable } from '@councilpay/domain';
import { ApiError } from '../../../http/api-error';
import { PrismaService } from '../../../prisma/prisma.service';
import { ApplyGatewayAnswerCommand } from '../apply-gateway-answer/apply-gateway-answer.command';
import { GatewayAnswerBook } from '../../gateway-answers/gateway-answer-book';
import { Gateways } from '../../gateways/gateways';
import { GatewayError } from '../../gateways/payment-gateway';
import { LedgerResult, PaymentLedger } from '../../payment-ledger.service';
import { RequeryPaymentCommand } from './requery-payment.command';

@CommandHandler(RequeryPaymentCommand)
export class RequeryPaymentHandler implements ICommandHandler<RequeryPaymentCommand, LedgerResult> {
  private readonly logger = new Logger(RequeryPaymentHandler.name);

  constructor(
    private readonly prisma: PrismaService,
    private readonly gateways: Gateways,
    private readonly ledger: PaymentLedger,
    private readonly commandBus: CommandBus,
    private readonly answers: GatewayAnswerBook,
  ) {}

  async execute({ reference, source }: RequeryPaymentCommand): Promise<LedgerResult> {
    const payment = await this.prisma.payment.findUnique({ where: { reference } });
    if (!payment) throw new ApiError(404, 'not_found', 'Not Found!');
    if (!isAnswerable(payment.status)) {
      return { reference, outcome: 'noop', from: payment.status, to: payment.status, reason: 'final' };
    }
    try {
      const answer = await this.gateways.of(payment.method).enquire(payment);
      this.logger.log({ reference, outcome: answer.outcome, code: answer.code, source }, 'Gateway enquiry answered');
      const applied = source === 'system' ? 'requery' : source;
      // A cancel the payer asked for is granted once the bank says it never took the money.
      if (
        payment.cancelRequestedAt &&
        payment.status === 'in_progress' &&
        (answer.outcome === 'unknown' || answer.outcome === 'rejected')
      ) {
        return await this.ledger.apply({ reference }, 'payer_cancelled', applied, { answer });
      }
      // The one path for answers: applied by the ledger, and kept as a GatewayAnswer row.
      return await this.commandBus.execute<ApplyGatewayAnswerCommand, LedgerResult>(
        new ApplyGatewayAnswerCommand(payment.invoiceNo, answer, applied),
      );
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      await this.ledger.record({ reference }, 'requery_failed', source, { code: error.code, reason: error.message });
      if (error.refusedAnswer) {
        // A signed answer that does not fit the payment: kept as received, unapplied, like a refused callback.
        await this.answers.recordInvalid(
          payment.method,
          payment.invoiceNo,
          payment.id,
          error.refusedAnswer,
          'requery',
          error.code,
        );
      }
      this.logger.warn({ reference, code: error.code, err: error.message }, 'Gateway enquiry failed');
      throw new ApiError(
        502,
        'gateway_unavailable',
        'The bank could not be asked just now. Please try again in a few minutes.',
      );
    }
  }
}
