import type { Principal } from '../../../auth/principal';
import type { ListWebhookDeliveriesRequestDto } from '../webhook-deliveries.request.dto';

/** An endpoint's deliveries, newest first, a page at a time. */
export class ListWebhookDeliveriesQuery {
  constructor(
    readonly principal: Principal,
    readonly endpointId: string,
    readonly request: ListWebhookDeliveriesRequestDto,
  ) {}
}
