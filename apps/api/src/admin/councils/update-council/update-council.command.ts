import type { AdminCouncilUpdate } from '@councilpay/domain';
import type { Principal } from '../../../auth/principal';

export class UpdateCouncilCommand {
  constructor(
    readonly principal: Principal,
    readonly code: string,
    readonly update: AdminCouncilUpdate,
  ) {}
}
