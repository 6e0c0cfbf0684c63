import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import {
  WEBHOOK_DELIVERIES_PAGE,
  type WebhookDeliveryRow,
  type WebhookDeliveryStatus,
  type WebhookEventType,
} from '@councilpay/domain';
import { PrismaService } from '../../../prisma/prisma.service';
import { WebhookEndpoints } from '../../endpoints/webhook-endpoints';
import { ListWebhookDeliveriesQuery } from './list-webhook-deliveries.query';

/** The deliveries of an endpoint the caller may see (another council's is 404), newest event first. */
@QueryHandler(ListWebhookDeliveriesQuery)
export class ListWebhookDeliveriesHandler implements IQueryHandler<ListWebhookDeliveriesQuery, WebhookDeliveryRow[]> {
  constructor(
    private readonly prisma: PrismaService,
    private readonly endpoints: WebhookEndpoints,
  ) {}

  async execute({ principal, endpointId, request }: ListWebhookDeliveriesQuery): Promise<WebhookDeliveryRow[]> {
    const endpoint = await this.endpoints.visible(principal, endpointId);
    const rows = await this.prisma.webhookDelivery.findMany({
      where: {
        endpointId: endpoint.id,
        ...(request.status ? { status: request.status } : {}),
        ...(request.before ? { eventSeq: { lt: BigInt(request.before) } } : {}),
      },
      include: { event: { select: { type: true } } },
      orderBy: [{ eventSeq: 'desc' }, { id: 'desc' }],
      take: WEBHOOK_DELIVERIES_PAGE,
    });
    return rows.map((d) => ({
      id: d.id.toString(),
      eventId: d.eventId,
      // Written only from the event types' list; the database refuses any other.
      eventType: d.event.type as WebhookEventType,
      eventSeq: d.eventSeq.toString(),
      status: d.status as WebhookDeliveryStatus,
      attempts: d.attempts,
      lastAttemptAt: d.lastAttemptAt?.toISOString() ?? null,
      nextAttemptAt: d.status === 'pending' ? d.nextAttemptAt.toISOString() : null,
      lastStatusCode: d.lastStatusCode,
      lastError: d.lastError,
      responseExcerpt: d.responseExcerpt,
      deliveredAt: d.deliveredAt?.toISOString() ?? null,
      createdAt: d.createdAt.toISOString(),
    }));
  }
}
