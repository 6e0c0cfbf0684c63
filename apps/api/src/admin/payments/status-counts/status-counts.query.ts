import type { Principal } from '../../../auth/principal';
import type { ListPaymentsRequestDto } from '../list-payments/list-payments.request.dto';

/** How many payments of each status the list's other filters match (the status tabs), each counted to a cap. */
export class GetPaymentStatusCountsQuery {
  constructor(
    readonly principal: Principal,
    readonly request: ListPaymentsRequestDto,
  ) {}
}
