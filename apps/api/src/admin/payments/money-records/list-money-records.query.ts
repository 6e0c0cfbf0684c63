import type { Principal } from '../../../auth/principal';

/** A payment's gateway answers, oldest first. */
export class ListGatewayAnswersQuery {
  constructor(
    readonly principal: Principal,
    readonly reference: string,
  ) {}
}

/** A payment's refunds, oldest first. */
export class ListRefundsQuery {
  constructor(
    readonly principal: Principal,
    readonly reference: string,
  ) {}
}
