import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { WebhookEndpoint } from '@councilpay/domain';
import { toEndpointView, WebhookEndpoints } from '../webhook-endpoints';
import { GetWebhookEndpointQuery } from './get-webhook-endpoint.query';

/** One endpoint the caller may see; another council's is 404. */
@QueryHandler(GetWebhookEndpointQuery)
export class GetWebhookEndpointHandler implements IQueryHandler<GetWebhookEndpointQuery, WebhookEndpoint> {
  constructor(private readonly endpoints: WebhookEndpoints) {}

  async execute({ principal, id }: GetWebhookEndpointQuery): Promise<WebhookEndpoint> {
    return toEndpointView(await this.endpoints.visible(principal, id));
  }
}
