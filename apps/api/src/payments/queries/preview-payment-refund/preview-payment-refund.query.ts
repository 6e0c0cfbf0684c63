import type { AdminRecordRefundRequest } from '@councilpay/domain';

/** What recording a refund would do, checked as recording checks it, with nothing written. */
export class PreviewPaymentRefundQuery {
  constructor(
    readonly reference: string,
    readonly request: AdminRecordRefundRequest,
  ) {}
}
