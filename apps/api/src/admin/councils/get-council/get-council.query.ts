import type { Principal } from '../../../auth/principal';

export class GetCouncilQuery {
  constructor(
    readonly principal: Principal,
    readonly code: string,
  ) {}
}
