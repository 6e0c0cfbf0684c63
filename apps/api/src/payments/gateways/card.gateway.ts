import { Inject, Injectable } from '@nestjs/common';
import { isCardMethod, type GatewayRedirectDto } from '@councilpay/domain';
import {
  buildCardEnquiry,
  buildCardRequest,
  parseFormBody,
  verifyCardEnquiryResponse,
  verifyCardResponse,
  type CardResponse,
  type GatewayFieldsInput,
  type VerifyResult,
} from '@councilpay/fpx';
import { AppConfig } from '../../config/config';
import { Metrics } from '../../metrics/metrics';
import { APP_CONFIG } from '../../config/config.module';
import {
  AnswerChannel,
  GatewayAnswer,
  GatewayPayment,
  PaymentGateway,
  formText,
  type VerifiedCallback,
} from './payment-gateway';
import { GatewayError, postForm } from '../../http/gateway-form';

/** What a verified card response says; `raw` is the message as received, kept with the answer. */
export function cardAnswer(message: CardResponse, raw = '', channel?: AnswerChannel): GatewayAnswer {
  return {
    outcome: message.result.outcome,
    code: message.status,
    reason: message.result.reason,
    gatewayTxnId: message.transId || undefined,
    facts: {
      method: 'card',
      channel,
      raw,
      amountSen: message.amountSen,
      currency: message.currency || null,
      gatewayTxnTime: null,
      authCode: message.authCode || undefined,
    },
  };
}

/**
 * The card gateway: a signed redirect. The card form is the gateway's page, so card numbers and CVVs never
 * reach this API, its logs or its database.
 */
@Injectable()
export class CardGateway implements PaymentGateway {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly metrics: Metrics,
  ) {}

  redirect(payment: GatewayPayment): GatewayRedirectDto {
    const method = payment.cardMethod ?? '';
    if (!isCardMethod(method)) throw new GatewayError('card payment without a card method', 'missing_card_method');
    const card = this.config.gateways.card;
    const form = buildCardRequest({
      gatewayUrl: card.payUrl,
      merchantId: card.merchantId,
      invoiceNo: payment.invoiceNo,
      amountSen: payment.amountSen,
      payer: { name: payment.payerName, email: payment.payerEmail, contact: payment.payerPhone },
      method,
      returnUrl: `${this.config.publicUrl}/api/gateways/card/return`,
      callbackUrl: `${this.config.publicUrl}/api/gateways/card/callback`,
      secret: card.secret,
    });
    return { action: form.action, method: 'POST', fields: form.fields };
  }

  async enquire(payment: GatewayPayment): Promise<GatewayAnswer> {
    const card = this.config.gateways.card;
    const request = buildCardEnquiry({
      enquiryUrl: card.enquiryUrl,
      merchantId: card.merchantId,
      invoiceNo: payment.invoiceNo,
      amountSen: payment.amountSen,
      secret: card.secret,
    });
    const body = await this.metrics.gatewayCall('card', 'enquiry', () =>
      postForm(request.action, request.body, this.config.gateways.timeoutMs),
    );
    const verified = verifyCardEnquiryResponse(body, card.secret, this.expected(payment));
    if (!verified.ok) throw new GatewayError(`card enquiry answer refused: ${verified.reason}`, verified.code);
    // Like a callback or a return, an enquiry answer is about the card method the payment was made with. Only
    // an answer that approves nothing (the gateway's "transaction not found" names no method) may leave it empty.
    const { paymentId, result } = verified.message;
    const method = payment.cardMethod ?? '';
    if (paymentId !== method && !(paymentId === '' && result.outcome !== 'approved')) {
      throw new GatewayError(
        `card enquiry answer refused: paymentId is '${paymentId}', expected '${method}'`,
        'mismatch',
        parseFormBody(body),
      );
    }
    return cardAnswer(verified.message, body, 'enquiry');
  }

  /** The card gateway's messages carry no transaction time: there is none to check for freshness. */
  verifyCallback(fields: GatewayFieldsInput, payment: GatewayPayment): VerifiedCallback {
    const verified = this.verifyResponse(fields, payment);
    return verified.ok
      ? { ok: true, answer: cardAnswer(verified.message, formText(fields)), gatewayTime: null }
      : verified;
  }

  verifyResponse(fields: GatewayFieldsInput, payment: GatewayPayment | null): VerifyResult<CardResponse> {
    return verifyCardResponse(
      fields,
      this.config.gateways.card.secret,
      payment ? { ...this.expected(payment), paymentId: payment.cardMethod ?? '' } : undefined,
    );
  }

  private expected(payment: GatewayPayment) {
    return {
      merchantId: this.config.gateways.card.merchantId,
      invoiceNo: payment.invoiceNo,
      amountSen: payment.amountSen,
    };
  }
}
