import type { Principal } from '../../../auth/principal';
import type { RedeliverWebhooksRequestDto } from '../webhook-deliveries.request.dto';

/** Staff ask for deliveries of an endpoint to be sent again: named ones, or those of a time range. */
export class RedeliverWebhooksCommand {
  constructor(
    readonly principal: Principal,
    readonly endpointId: string,
    readonly request: RedeliverWebhooksRequestDto,
  ) {}
}
