import type { Principal } from '../../../identity/principal';

export class GetDashboardQuery {
  constructor(
    readonly principal: Principal,
    readonly now: Date = new Date(),
  ) {}
}
