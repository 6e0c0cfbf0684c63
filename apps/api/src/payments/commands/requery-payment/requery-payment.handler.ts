import { Inject, Logger } from '@nestjs/common';
import { CommandBus, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { isAnswerable, OPEN_PAYMENT_STATES, BANK_SILENT_AFTER_MS } from '@councilpay/domain';
import { AppConfig } from '../../../config/config';
import { APP_CONFIG } from '../../../config/config.module';
import { PrismaService } from '../../../prisma/prisma.service';
import { ApplyGatewayAnswerCommand } from '../apply-gateway-answer/apply-gateway-answer.command';
import { GatewayAnswerBook } from '../../gateway-answers/gateway-answer-book';
import { Gateways } from '../../gateways/gateways';
import { GatewayError } from '../../../http/gateway-form';
import { LedgerResult, PaymentLedger } from '../../payment-ledger';
import { RequeryPaymentCommand } from './requery-payment.command';
import type { RequeryResult } from './requery-payment.result';

@CommandHandler(RequeryPaymentCommand)
/**
 * Asks the payment's gateway and applies the answer. Like the other handlers it returns what came of it, never
 * an HTTP error: `not_found`, or `gateway_unavailable` when the gateway could not be asked (the HTTP routes map
 * those to 404 and 502 with `requeryRefusal`).
 */
export class RequeryPaymentHandler implements ICommandHandler<RequeryPaymentCommand, RequeryResult> {
  private readonly logger = new Logger(RequeryPaymentHandler.name);

  constructor(
    private readonly prisma: PrismaService,
    private readonly gateways: Gateways,
    private readonly ledger: PaymentLedger,
    private readonly commandBus: CommandBus,
    private readonly answers: GatewayAnswerBook,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ reference, source }: RequeryPaymentCommand): Promise<RequeryResult> {
    const payment = await this.prisma.payment.findUnique({ where: { reference } });
    if (!payment) return { reference, outcome: 'not_found', from: null, to: null };
    if (!isAnswerable(payment.status)) {
      return { reference, outcome: 'noop', from: payment.status, to: payment.status, reason: 'final' };
    }
    try {
      const answer = await this.gateways.of(payment.method).enquire(payment);
      this.logger.log({ reference, outcome: answer.outcome, code: answer.code, source }, 'Gateway enquiry answered');
      if (payment.enquiryFailingSince || payment.bankSilentAt) {
        // The gateway answers again: the failing run (and any alert about it) is over.
        await this.prisma.payment.update({
          where: { id: payment.id },
          data: { enquiryFailingSince: null, bankSilentAt: null },
        });
      }
      const applied = source === 'system' ? 'requery' : source;
      // A cancel the payer asked for is granted once the bank says it never took the money.
      if (
        payment.cancelRequestedAt &&
        payment.status === 'in_progress' &&
        (answer.outcome === 'unknown' || answer.outcome === 'rejected')
      ) {
        // Like every answer, it is kept as a GatewayAnswer row, written in the ledger's transaction.
        return await this.ledger.apply({ reference }, 'payer_cancelled', applied, {
          answer,
          within: (tx, result, locked) => this.answers.recordIn(tx, payment.invoiceNo, answer, applied, result, locked),
        });
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
      await this.noteFailure(payment);
      return {
        reference,
        outcome: 'gateway_unavailable',
        from: payment.status,
        to: payment.status,
        reason: error.code,
      };
    }
  }

  /**
   * A failed enquiry starts (or continues) the payment's failing run. An open payment that the gateway has not
   * answered about for BANK_SILENT_AFTER_MS is raised to operators once: an error log and `bankSilentAt`, which
   * the health's money detail counts. It stays open and is asked daily; it is never decided without the bank.
   */
  private async noteFailure(payment: { id: string; reference: string; enquiryFailingSince: Date | null }) {
    const now = new Date();
    const since = payment.enquiryFailingSince ?? now;
    if (!payment.enquiryFailingSince) {
      await this.prisma.payment.updateMany({
        where: { id: payment.id, enquiryFailingSince: null },
        data: { enquiryFailingSince: now },
      });
    }
    const bound = Math.round(BANK_SILENT_AFTER_MS * this.config.requery.timeScale);
    if (now.getTime() - since.getTime() < bound) return;
    const raised = await this.prisma.payment.updateMany({
      where: { id: payment.id, bankSilentAt: null, status: { in: [...OPEN_PAYMENT_STATES] } },
      data: { bankSilentAt: now },
    });
    if (raised.count === 0) return;
    await this.ledger.record({ reference: payment.reference }, 'bank_silent', 'system', {
      failingSince: since.toISOString(),
    });
    this.logger.error(
      { reference: payment.reference, failingSince: since.toISOString(), alert: 'bank_silent' },
      'The bank cannot be asked about this payment: its enquiries have failed for 7 days; it stays open, asked daily',
    );
  }
}
