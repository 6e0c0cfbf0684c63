import type { AdminRecordRefundRequest, RefundDecider } from '@councilpay/domain';

/** Staff record money given back to a payer: (part of) some items, or a duplicate charge. */
export class RecordPaymentRefundCommand {
  constructor(
    readonly reference: string,
    /** Audited in the staff audit when `id` is a staff account's. */
    readonly staff: { id: string; email: string },
    readonly request: AdminRecordRefundRequest,
    /** The councils of the payment, for the audit entry. */
    readonly councils: string[],
    /** The caller, for what the answer's refund row says they may do next (nothing when null). */
    readonly decider: RefundDecider | null = null,
  ) {}
}
