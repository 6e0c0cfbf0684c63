import type { PaymentView } from '@councilpay/domain';

/** A payment as its viewer may see it: `public` masks the payer (see PaymentCapability). */
export class GetPaymentQuery {
  constructor(
    readonly reference: string,
    readonly view: PaymentView = 'full',
  ) {}
}
