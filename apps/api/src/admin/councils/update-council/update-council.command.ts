import type { AdminCouncilUpdate } from '@councilpay/domain';
import type { Principal } from '../../../identity/principal';

export class UpdateCouncilCommand {
  constructor(
    readonly principal: Principal,
    readonly code: string,
    readonly update: AdminCouncilUpdate,
  ) {}
}
