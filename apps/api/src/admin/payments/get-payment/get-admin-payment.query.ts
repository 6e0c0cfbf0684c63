import type { Principal } from '../../../auth/principal';

export class GetAdminPaymentQuery {
  constructor(
    readonly principal: Principal,
    readonly reference: string,
  ) {}
}
