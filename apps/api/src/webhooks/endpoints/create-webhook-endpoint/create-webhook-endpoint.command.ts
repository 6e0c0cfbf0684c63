import type { Principal } from '../../../auth/principal';
import type { CreateWebhookEndpointRequestDto } from '../webhook-endpoint.request.dto';

/** A council admin (or `_admin`) adds a receiver of a council's events; its secret is shown this once. */
export class CreateWebhookEndpointCommand {
  constructor(
    readonly principal: Principal,
    readonly request: CreateWebhookEndpointRequestDto,
  ) {}
}
