import type { Principal } from '../../../auth/principal';

export class ResetSecondFactorCommand {
  constructor(
    readonly principal: Principal,
    readonly userId: string,
  ) {}
}
