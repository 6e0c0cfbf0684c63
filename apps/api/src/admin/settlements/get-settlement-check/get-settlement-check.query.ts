import type { Principal } from '../../../auth/principal';

/** A stored settlement check with the first page of its lines. */
export class GetSettlementCheckQuery {
  constructor(
    readonly principal: Principal,
    readonly id: string,
  ) {}
}
