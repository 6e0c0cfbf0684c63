import type { PaymentState } from '@councilpay/domain';

/** Published after the transaction that moved a payment has committed. */
export class PaymentStatusChanged {
  constructor(
    readonly reference: string,
    readonly from: PaymentState,
    readonly to: PaymentState,
    readonly source: string,
    readonly late: boolean,
  ) {}
}
