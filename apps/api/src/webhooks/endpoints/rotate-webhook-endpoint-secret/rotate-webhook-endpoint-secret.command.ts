import type { Principal } from '../../../auth/principal';

/** Gives an endpoint a new secret (shown this once); the old one signs nothing more. */
export class RotateWebhookEndpointSecretCommand {
  constructor(
    readonly principal: Principal,
    readonly id: string,
  ) {}
}
