import type { ReconciliationQuery } from '@councilpay/domain';
import type { Principal } from '../../auth/principal';

/** The money of a span of Malaysian days, per council, day and method, and every record that does not agree. */
export class GetReconciliationQuery {
  constructor(
    readonly principal: Principal,
    readonly query: ReconciliationQuery,
  ) {}
}
