import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { WebhookEndpoint } from '@councilpay/domain';
import type { ListPage } from '../../../http/list-query';
import { PrismaService } from '../../../prisma/prisma.service';
import { toEndpointView, visibleEndpoints } from '../webhook-endpoints';
import { ListWebhookEndpointsQuery } from './list-webhook-endpoints.query';

/** Every visible endpoint at once: a council has at most ten, so the list needs no pages. */
@QueryHandler(ListWebhookEndpointsQuery)
export class ListWebhookEndpointsHandler implements IQueryHandler<
  ListWebhookEndpointsQuery,
  ListPage<WebhookEndpoint>
> {
  constructor(private readonly prisma: PrismaService) {}

  async execute({ principal, request }: ListWebhookEndpointsQuery): Promise<ListPage<WebhookEndpoint>> {
    const rows = await this.prisma.webhookEndpoint.findMany({
      where: { AND: [visibleEndpoints(principal), request.council ? { councilCode: request.council } : {}] },
      orderBy: [{ councilCode: 'asc' }, { createdAt: 'asc' }, { id: 'asc' }],
    });
    return { rows: rows.map(toEndpointView), total: rows.length };
  }
}
