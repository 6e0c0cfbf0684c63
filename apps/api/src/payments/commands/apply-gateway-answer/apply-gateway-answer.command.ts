import type { GatewayAnswer } from '../../gateways/payment-gateway';
import type { EventSource } from '../../payment-ledger';

/** A verified gateway message (FPX AC, card response) about the payment with this invoice number. */
export class ApplyGatewayAnswerCommand {
  constructor(
    readonly invoiceNo: string,
    readonly answer: GatewayAnswer,
    readonly source: EventSource,
  ) {}
}
