import type { Principal } from '../../../identity/principal';

export class GetAdminPaymentQuery {
  constructor(
    readonly principal: Principal,
    readonly reference: string,
  ) {}
}
