import type { Principal } from '../../../auth/principal';

export class GetWebhookEndpointQuery {
  constructor(
    readonly principal: Principal,
    readonly id: string,
  ) {}
}
