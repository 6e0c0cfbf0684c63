import type { Principal } from '../../../auth/principal';

/** The signed-in user's payment history, a page of it, newest first. */
export class PaymentHistoryQuery {
  constructor(
    readonly principal: Principal,
    readonly page: number,
    readonly pageSize: number,
  ) {}
}

/** One of the user's own payments, whole (404 when it is not theirs). */
export class GetOwnPaymentQuery {
  constructor(
    readonly principal: Principal,
    readonly reference: string,
  ) {}
}
