import type { Principal } from '../../../auth/principal';

export class GetDashboardQuery {
  constructor(
    readonly principal: Principal,
    readonly now: Date = new Date(),
  ) {}
}
