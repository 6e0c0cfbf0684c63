import { Injectable } from '@nestjs/common';
import { CardGateway } from './card.gateway';
import { FpxGateway } from './fpx.gateway';
import type { PaymentGateway } from './payment-gateway';

/** The gateway of a payment method. */
@Injectable()
export class Gateways {
  constructor(
    readonly fpx: FpxGateway,
    readonly card: CardGateway,
  ) {}

  of(method: 'fpx' | 'card'): PaymentGateway {
    return method === 'fpx' ? this.fpx : this.card;
  }
}
