import type { Principal } from '../../../auth/principal';
import type { ListPaymentsRequestDto } from '../list-payments/list-payments.request.dto';

/** The totals row of the payments list: every payment its filters match, not a page. */
export class GetPaymentTotalsQuery {
  constructor(
    readonly principal: Principal,
    readonly request: ListPaymentsRequestDto,
  ) {}
}
