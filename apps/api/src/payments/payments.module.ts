import { Module } from '@nestjs/common';
import { PaymentCapability } from './capability';
import { GatewayCallbacksHttpController } from './callbacks/gateway-callbacks.http.controller';
import { GatewayCallbacks } from './callbacks/gateway-callbacks';
import { ApplyGatewayAnswerHandler } from './commands/apply-gateway-answer/apply-gateway-answer.handler';
import { CancelPaymentHandler } from './commands/cancel-payment/cancel-payment.handler';
import { CancelPaymentHttpController } from './commands/cancel-payment/cancel-payment.http.controller';
import { CreatePaymentHandler } from './commands/create-payment/create-payment.handler';
import { CreatePaymentHttpController } from './commands/create-payment/create-payment.http.controller';
import { CorrectPaymentRefundHandler } from './commands/correct-payment-refund/correct-payment-refund.handler';
import { DecidePaymentRefundHandler } from './commands/decide-payment-refund/decide-payment-refund.handler';
import { ExpirePaymentHandler } from './commands/expire-payment/expire-payment.handler';
import { RecordPaymentRefundHandler } from './commands/record-payment-refund/record-payment-refund.handler';
import { RequeryPaymentHandler } from './commands/requery-payment/requery-payment.handler';
import { RequeryPaymentHttpController } from './commands/requery-payment/requery-payment.http.controller';
import { GatewayAnswerBook } from './gateway-answers/gateway-answer-book';
import { CardGateway } from './gateways/card.gateway';
import { FpxGateway } from './gateways/fpx.gateway';
import { Gateways } from './gateways/gateways';
import { PaymentLedger } from './payment-ledger';
import { GetPaymentHandler } from './queries/get-payment/get-payment.handler';
import { GetPaymentHttpController } from './queries/get-payment/get-payment.http.controller';
import { PreviewPaymentRefundHandler } from './queries/preview-payment-refund/preview-payment-refund.handler';
import { RefundEffects } from './refunds/refund-effects';

const commandHandlers = [
  CreatePaymentHandler,
  ApplyGatewayAnswerHandler,
  RequeryPaymentHandler,
  CancelPaymentHandler,
  ExpirePaymentHandler,
  RecordPaymentRefundHandler,
  DecidePaymentRefundHandler,
  CorrectPaymentRefundHandler,
];
const queryHandlers = [GetPaymentHandler, PreviewPaymentRefundHandler];
const gateways = [FpxGateway, CardGateway, Gateways];

/** The payment engine: commands change a payment only through PaymentLedger, under a row lock. */
@Module({
  providers: [
    ...commandHandlers,
    ...queryHandlers,
    ...gateways,
    PaymentLedger,
    RefundEffects,
    GatewayCallbacks,
    PaymentCapability,
    // The bank list (cached in Redis): creation refuses a bank FPX lists as offline.
    GatewayAnswerBook,
  ],
  exports: [PaymentLedger, Gateways, GatewayCallbacks, PaymentCapability, GatewayAnswerBook],
})
export class PaymentsModule {}

/** The payment engine's HTTP routes (the API process only; the worker imports PaymentsModule alone). */
@Module({
  imports: [PaymentsModule],
  controllers: [
    CreatePaymentHttpController,
    GetPaymentHttpController,
    RequeryPaymentHttpController,
    CancelPaymentHttpController,
    GatewayCallbacksHttpController,
  ],
})
export class PaymentsHttpModule {}
