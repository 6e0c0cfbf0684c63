import { Inject, Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { GatewayFieldsInput } from '@councilpay/fpx';
import { AppConfig } from '../../config/config';
import { APP_CONFIG } from '../../config/config.module';
import { PrismaService } from '../../prisma/prisma.service';
import { ApplyGatewayAnswerCommand } from '../commands/apply-gateway-answer/apply-gateway-answer.command';
import { cardAnswer, CardGateway } from '../gateways/card.gateway';
import { fpxAnswer, FpxGateway } from '../gateways/fpx.gateway';
import { GatewayAnswerBook } from '../gateway-answers/gateway-answer-book';
import { formText, type GatewayAnswer } from '../gateways/payment-gateway';
import { EventSource, LedgerResult, PaymentLedger } from '../payment-ledger.service';

export type CallbackResult =
  | { ok: true; reference: string; result: LedgerResult }
  | { ok: false; reference: string | null; code: string; reason: string };

function field(fields: GatewayFieldsInput, name: string): string {
  const value = fields[name];
  return typeof value === 'string' ? value.trim().slice(0, 40) : '';
}

/**
 * Gateway messages that arrive on their own (FPX AC direct and indirect, card return and callback): verified
 * against the payment they name before anything changes. A message that does not verify changes nothing; it
 * is recorded on the payment's timeline (or, when no payment matches, on the unattached timeline).
 */
@Injectable()
export class GatewayCallbacks {
  private readonly logger = new Logger(GatewayCallbacks.name);

  constructor(
    private readonly prisma: PrismaService,
    private readonly fpx: FpxGateway,
    private readonly card: CardGateway,
    private readonly ledger: PaymentLedger,
    private readonly commandBus: CommandBus,
    private readonly answers: GatewayAnswerBook,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  fpxConfirmation(fields: GatewayFieldsInput, source: EventSource): Promise<CallbackResult> {
    return this.handle(fields, field(fields, 'fpx_sellerOrderNo'), source, 'fpx', (payment) => {
      const verified = this.fpx.verifyConfirmation(fields, payment);
      return verified.ok ? { ok: true, answer: fpxAnswer(verified.message, formText(fields)) } : verified;
    });
  }

  cardResponse(fields: GatewayFieldsInput, source: EventSource): Promise<CallbackResult> {
    return this.handle(fields, field(fields, 'refNo'), source, 'card', (payment) => {
      const verified = this.card.verifyResponse(fields, payment);
      return verified.ok ? { ok: true, answer: cardAnswer(verified.message, formText(fields)) } : verified;
    });
  }

  /** Where the browser goes after the gateway: the portal's receipt route for this payment. */
  receiptUrl(reference: string | null): string {
    return reference
      ? `${this.config.publicUrl}/#/receipt?reference=${encodeURIComponent(reference)}`
      : `${this.config.publicUrl}/#/requery`;
  }

  private async handle(
    fields: GatewayFieldsInput,
    invoiceNo: string,
    source: EventSource,
    method: 'fpx' | 'card',
    verify: (
      payment: Parameters<FpxGateway['verifyConfirmation']>[1],
    ) => { ok: true; answer: GatewayAnswer } | { ok: false; code: string; reason: string },
  ): Promise<CallbackResult> {
    const payment = invoiceNo ? await this.prisma.payment.findUnique({ where: { invoiceNo } }) : null;
    const verdict =
      payment && payment.method === method
        ? verify(payment)
        : {
            ok: false as const,
            code: 'unknown_payment',
            reason: `no ${method} payment with invoice number "${invoiceNo}"`,
          };
    if (!verdict.ok) {
      await this.ledger.record(payment ? { reference: payment.reference } : { id: null }, 'callback_rejected', source, {
        method,
        invoiceNo,
        code: verdict.code,
        reason: verdict.reason,
      });
      // Kept as received: an approval nobody could match is a reconciliation finding.
      await this.answers.recordInvalid(method, invoiceNo, payment?.id ?? null, fields, source, verdict.code);
      this.logger.warn(
        { reference: payment?.reference, invoiceNo, method, source, code: verdict.code, reason: verdict.reason },
        'Gateway message refused',
      );
      return { ok: false, reference: payment?.reference ?? null, code: verdict.code, reason: verdict.reason };
    }
    const result: LedgerResult = await this.commandBus.execute(
      new ApplyGatewayAnswerCommand(invoiceNo, verdict.answer, source),
    );
    return { ok: true, reference: result.reference, result };
  }
}
