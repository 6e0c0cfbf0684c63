import type { Principal } from '../../../auth/principal';
import type { ListWebhookEndpointsRequestDto } from '../webhook-endpoint.request.dto';

/** The endpoints the caller may see (optionally one council's), oldest first. */
export class ListWebhookEndpointsQuery {
  constructor(
    readonly principal: Principal,
    readonly request: ListWebhookEndpointsRequestDto,
  ) {}
}
