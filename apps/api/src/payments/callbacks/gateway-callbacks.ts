import { Inject, Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { receiptPath } from '@councilpay/domain';
import type { GatewayFieldsInput } from '@councilpay/fpx';
import { AppConfig } from '../../config/config';
import { APP_CONFIG } from '../../config/config.module';
import { Metrics } from '../../metrics/metrics';
import { PrismaService } from '../../prisma/prisma.service';
import { ApplyGatewayAnswerCommand } from '../commands/apply-gateway-answer/apply-gateway-answer.command';
import { RequeryPaymentCommand } from '../commands/requery-payment/requery-payment.command';
import type { RequeryResult } from '../commands/requery-payment/requery-payment.result';
import { GatewayAnswerBook } from '../gateway-answers/gateway-answer-book';
import { CardGateway } from '../gateways/card.gateway';
import { FpxGateway } from '../gateways/fpx.gateway';
import { Gateways } from '../gateways/gateways';
import type { VerifiedCallback } from '../gateways/payment-gateway';
import { EventSource, LedgerResult, PaymentLedger } from '../payment-ledger';

export type CallbackResult =
  /** `councils`: of the payment's bills, for the browser's way back (its council's own portal address). */
  | { ok: true; reference: string; result: LedgerResult | null; councils?: string[] }
  | { ok: false; reference: string | null; code: string; reason: string };

/** How far a gateway's transaction time may sit before the payment's creation, or after now (clock skew). */
export const GATEWAY_CLOCK_SKEW_MS = 15 * 60_000;

function field(fields: GatewayFieldsInput, name: string): string {
  const value = fields[name];
  return typeof value === 'string' ? value.trim().slice(0, 40) : '';
}

/**
 * A signed answer is plausible only for a transaction made after the payment was created and not in the
 * future: an older one is a replay of another transaction's message, a future one a forged clock.
 */
/**
 * Refusals of a message the gateway did sign (its signature verified, but it does not fit the payment or is
 * stale): worth a record, since only the gateway's key could have made them. Anything else (unsigned, forged,
 * malformed, naming no payment) could come from anyone, so it writes nothing and only logs: otherwise anyone
 * could fill the database or a payer's timeline.
 */
const SIGNED_REFUSALS = new Set(['mismatch', 'stale_message']);

export function freshnessProblem(gatewayTime: Date | null, createdAt: Date, now: Date): string | null {
  if (!gatewayTime) return null;
  if (gatewayTime.getTime() < createdAt.getTime() - GATEWAY_CLOCK_SKEW_MS)
    return `gateway time ${gatewayTime.toISOString()} is before the payment was created`;
  if (gatewayTime.getTime() > now.getTime() + GATEWAY_CLOCK_SKEW_MS)
    return `gateway time ${gatewayTime.toISOString()} is in the future`;
  return null;
}

/**
 * Gateway messages that arrive on their own (FPX AC direct and indirect, card callback and return), one path
 * for all: the payment's gateway verifies the message against the payment it names (`verifyCallback`), its
 * time is checked for freshness, and then:
 * - a server-to-server answer (FPX direct AC, card callback) goes to the apply-answer handler, which has the
 *   ledger apply it under the payment's row lock;
 * - a browser return moves nothing (the browser can replay any message it once saw): it is recorded, the
 *   payer is sent to the receipt, and an enquiry of our own asks the gateway.
 * A message that does not verify changes nothing; it is recorded on the payment's timeline (or, when no
 * payment matches, on the unattached timeline).
 */
@Injectable()
export class GatewayCallbacks {
  private readonly logger = new Logger(GatewayCallbacks.name);

  constructor(
    private readonly prisma: PrismaService,
    private readonly gateways: Gateways,
    private readonly ledger: PaymentLedger,
    private readonly commandBus: CommandBus,
    private readonly answers: GatewayAnswerBook,
    private readonly fpx: FpxGateway,
    private readonly card: CardGateway,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly metrics: Metrics,
  ) {}

  fpxConfirmation(fields: GatewayFieldsInput, source: EventSource): Promise<CallbackResult> {
    return this.handle(fields, field(fields, 'fpx_sellerOrderNo'), source, 'fpx');
  }

  cardResponse(fields: GatewayFieldsInput, source: EventSource): Promise<CallbackResult> {
    return this.handle(fields, field(fields, 'refNo'), source, 'card');
  }

  /**
   * Where the browser goes after the gateway: the payment's receipt, at its council's own portal address when
   * its bills are one council's (the payer started there); the enquiry page when no payment is named.
   */
  receiptUrl(reference: string | null, councils: readonly string[] = []): string {
    return reference
      ? `${this.config.publicUrl}${receiptPath(reference, councils)}`
      : `${this.config.publicUrl}/#/requery`;
  }

  private async handle(
    fields: GatewayFieldsInput,
    invoiceNo: string,
    source: EventSource,
    method: 'fpx' | 'card',
  ): Promise<CallbackResult> {
    const payment = invoiceNo ? await this.prisma.payment.findUnique({ where: { invoiceNo } }) : null;
    let verdict: VerifiedCallback =
      payment && payment.method === method
        ? this.gateways.of(method).verifyCallback(fields, payment)
        : {
            ok: false as const,
            code: 'unknown_payment',
            reason: `no ${method} payment with invoice number "${invoiceNo}"`,
          };
    if (verdict.ok && payment) {
      const stale = freshnessProblem(verdict.gatewayTime, payment.createdAt, new Date());
      if (stale) verdict = { ok: false, code: 'stale_message', reason: stale };
    }
    if (!verdict.ok || !payment) {
      const refused = verdict.ok ? { code: 'unknown_payment', reason: 'no payment' } : verdict;
      if (payment && SIGNED_REFUSALS.has(refused.code)) {
        await this.ledger.record({ reference: payment.reference }, 'callback_rejected', source, {
          method,
          invoiceNo,
          code: refused.code,
          reason: refused.reason,
        });
        await this.answers.recordInvalid(method, invoiceNo, payment.id, fields, source, refused.code);
      } else if (!payment && this.signedByGateway(method, fields)) {
        // A genuine answer about an order we never issued: a reconciliation finding, kept as received.
        await this.answers.recordInvalid(method, invoiceNo, null, fields, source, refused.code);
      }
      this.metrics.callbacksRefused.inc({ gateway: method, reason: refused.code });
      this.logger.warn(
        { reference: payment?.reference, invoiceNo, method, source, code: refused.code, reason: refused.reason },
        'Gateway message refused',
      );
      return { ok: false, reference: payment?.reference ?? null, code: refused.code, reason: refused.reason };
    }
    if (source === 'browser') {
      await this.ledger.record({ reference: payment.reference }, 'browser_returned', source, {
        method,
        answer: { ...verdict.answer, facts: undefined },
      });
      await this.answers.record(invoiceNo, verdict.answer, source, 'recorded');
      this.askGateway(payment.reference);
      const items = await this.prisma.paymentItem.findMany({
        where: { paymentId: payment.id },
        select: { councilCode: true },
      });
      return { ok: true, reference: payment.reference, result: null, councils: items.map((i) => i.councilCode) };
    }
    const result: LedgerResult = await this.commandBus.execute(
      new ApplyGatewayAnswerCommand(invoiceNo, verdict.answer, source),
    );
    return { ok: true, reference: result.reference, result };
  }

  /** True when the message's signature is the gateway's, whatever payment it names. */
  private signedByGateway(method: 'fpx' | 'card', fields: GatewayFieldsInput): boolean {
    return method === 'fpx' ? this.fpx.verifyConfirmation(fields, null).ok : this.card.verifyResponse(fields, null).ok;
  }

  /** Our own enquiry, after a browser return; the payer is not kept waiting for it. */
  private askGateway(reference: string): void {
    this.commandBus
      .execute<RequeryPaymentCommand, RequeryResult>(new RequeryPaymentCommand(reference, 'requery'))
      .then((result) => {
        if (result.outcome === 'gateway_unavailable')
          this.logger.warn({ reference, code: result.reason }, 'Enquiry after a browser return failed');
      })
      .catch((error: unknown) => {
        this.logger.warn({ reference, err: (error as Error).message }, 'Enquiry after a browser return failed');
      });
  }
}
