import type { Principal } from '../../../identity/principal';

export class GetCouncilQuery {
  constructor(
    readonly principal: Principal,
    readonly code: string,
  ) {}
}
