import type { AdminUserRolesUpdate } from '@councilpay/domain';
import type { Principal } from '../../../auth/principal';

export class UpdateUserRolesCommand {
  constructor(
    readonly principal: Principal,
    readonly userId: string,
    readonly update: AdminUserRolesUpdate,
  ) {}
}
