import type { RefundDecider } from '@councilpay/domain';

/** A second officer approves a refund awaiting approval (it is made), or declines it (it never counts). */
export class DecidePaymentRefundCommand {
  constructor(
    readonly reference: string,
    readonly refundId: string,
    readonly decision: 'approve' | 'decline',
    readonly staff: { id: string; email: string },
    readonly decider: RefundDecider,
    /** The councils of the payment. */
    readonly councils: string[],
    /** Why it is declined (required to decline). */
    readonly reason: string | null,
  ) {}
}
