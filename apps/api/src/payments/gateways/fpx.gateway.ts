import { Inject, Injectable } from '@nestjs/common';
import type { GatewayRedirectDto } from '@councilpay/domain';
import {
  buildAuthorisationRequest,
  buildEnquiryRequest,
  FPX_DEFAULTS,
  parseFpxTime,
  verifyAuthorisationConfirmation,
  verifyEnquiryResponse,
  type FpxConfig,
  type FpxConfirmation,
  type GatewayFieldsInput,
  type VerifyResult,
} from '@councilpay/fpx';
import { AppConfig } from '../../config/config';
import { Metrics } from '../../metrics/metrics';
import { APP_CONFIG } from '../../config/config.module';
import {
  AnswerChannel,
  AnswerFacts,
  GatewayAnswer,
  GatewayPayment,
  PaymentGateway,
  formText,
  type VerifiedCallback,
} from './payment-gateway';
import { GatewayError, postForm } from '../../http/gateway-form';

/** FPX answers an enquiry about an order it never received with 76: not a rejection, just nothing yet. */
const TRANSACTION_NOT_FOUND = '76';

/** What a verified AC says; `raw` is the message as received, kept with the answer. */
export function fpxAnswer(message: FpxConfirmation, raw = '', channel?: AnswerChannel): GatewayAnswer {
  const facts: AnswerFacts = {
    method: 'fpx',
    channel,
    raw,
    amountSen: message.amountSen,
    currency: message.txnCurrency || null,
    gatewayTxnTime: message.fpxTxnTime || null,
    debitAuthNo: message.debitAuthNo || undefined,
    creditAuthCode: message.creditAuthCode || undefined,
    creditAuthNo: message.creditAuthNo || undefined,
  };
  if (message.debitAuthCode === TRANSACTION_NOT_FOUND) {
    return { outcome: 'unknown', code: message.debitAuthCode, reason: message.result.reason, facts };
  }
  return {
    outcome: message.result.outcome,
    code: message.debitAuthCode,
    reason: message.result.reason,
    gatewayTxnId: message.fpxTxnId || undefined,
    facts,
  };
}

@Injectable()
export class FpxGateway implements PaymentGateway {
  private readonly fpx: FpxConfig;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly metrics: Metrics,
  ) {
    this.fpx = { ...config.gateways.fpx };
  }

  redirect(payment: GatewayPayment): GatewayRedirectDto {
    if (!payment.bankId) throw new GatewayError('FPX payment without a bank', 'missing_bank');
    const form = buildAuthorisationRequest({
      config: this.fpx,
      order: { ...this.order(payment), buyerBankId: payment.bankId },
    });
    return { action: form.action, method: 'POST', fields: form.fields };
  }

  async enquire(payment: GatewayPayment): Promise<GatewayAnswer> {
    // The AE repeats the AR's order exactly (same numbers, time and amount), as FPX requires.
    const request = buildEnquiryRequest({
      config: this.fpx,
      order: { ...this.order(payment), buyerBankId: payment.bankId ?? undefined },
    });
    const body = await this.metrics.gatewayCall('fpx', 'enquiry', () =>
      postForm(request.action, request.body, this.config.gateways.timeoutMs),
    );
    const verified = verifyEnquiryResponse(body, this.fpx.exchangePublicKeyPem, this.expected(payment));
    if (!verified.ok) throw new GatewayError(`FPX enquiry answer refused: ${verified.reason}`, verified.code);
    return fpxAnswer(verified.message, body, 'enquiry');
  }

  verifyCallback(fields: GatewayFieldsInput, payment: GatewayPayment): VerifiedCallback {
    const verified = this.verifyConfirmation(fields, payment);
    if (!verified.ok) return verified;
    return {
      ok: true,
      answer: fpxAnswer(verified.message, formText(fields)),
      gatewayTime: parseFpxTime(verified.message.fpxTxnTime),
    };
  }

  /** Verifies an authorisation confirmation (direct or indirect) against the payment it names. */
  verifyConfirmation(fields: GatewayFieldsInput, payment: GatewayPayment | null): VerifyResult<FpxConfirmation> {
    return verifyAuthorisationConfirmation(
      fields,
      this.fpx.exchangePublicKeyPem,
      payment ? this.expected(payment) : undefined,
    );
  }

  /** The order an AR carries and its AE repeats: our invoice number for both order numbers. */
  private order(payment: GatewayPayment) {
    return {
      sellerExOrderNo: payment.invoiceNo,
      sellerOrderNo: payment.invoiceNo,
      sellerTxnTime: payment.createdAt,
      amountSen: payment.amountSen,
      buyerEmail: payment.payerEmail,
      buyerName: payment.payerName,
    };
  }

  private expected(payment: GatewayPayment) {
    return {
      sellerExId: this.fpx.sellerExId,
      sellerId: this.fpx.sellerId,
      sellerOrderNo: payment.invoiceNo,
      sellerExOrderNo: payment.invoiceNo,
      amountSen: payment.amountSen,
      msgToken: this.fpx.msgToken ?? FPX_DEFAULTS.msgToken,
    };
  }
}
