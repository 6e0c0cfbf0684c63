import type { RefundDecider } from '@councilpay/domain';

/** A refund made by mistake is corrected by a reversing entry (the money was never given back). */
export class CorrectPaymentRefundCommand {
  constructor(
    readonly reference: string,
    readonly refundId: string,
    readonly staff: { id: string; email: string },
    readonly decider: RefundDecider,
    /** The councils of the payment. */
    readonly councils: string[],
    readonly reason: string,
  ) {}
}
