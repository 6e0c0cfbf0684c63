import type { Principal } from '../../../auth/principal';
import type { UpdateWebhookEndpointRequestDto } from '../webhook-endpoint.request.dto';

/** Changes an endpoint's URL, events or description, or turns it off or back on. */
export class UpdateWebhookEndpointCommand {
  constructor(
    readonly principal: Principal,
    readonly id: string,
    readonly request: UpdateWebhookEndpointRequestDto,
  ) {}
}
