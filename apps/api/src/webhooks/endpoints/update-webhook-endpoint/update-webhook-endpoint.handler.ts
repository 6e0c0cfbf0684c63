import { Logger } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { WebhookEndpoint } from '@councilpay/domain';
import type { Prisma } from '../../../generated/prisma/client';
import { ApiError } from '../../../http/api-error';
import { PrismaService } from '../../../prisma/prisma.service';
import { auditEndpointChange, toEndpointView, WebhookEndpoints } from '../webhook-endpoints';
import { UpdateWebhookEndpointCommand } from './update-webhook-endpoint.command';

/**
 * Changes an endpoint the caller may see. A new URL passes the same rule as a new endpoint's. Turning it off
 * records `staff` as the reason; turning it back on (after staff or after failing) clears the reason, so its
 * failure clock starts again. The change and its audit entry (before and after, never the secret) are one
 * transaction, against the row as read: a change made meanwhile by someone else is refused, not overwritten.
 */
@CommandHandler(UpdateWebhookEndpointCommand)
export class UpdateWebhookEndpointHandler implements ICommandHandler<UpdateWebhookEndpointCommand, WebhookEndpoint> {
  private readonly logger = new Logger(UpdateWebhookEndpointHandler.name);

  constructor(
    private readonly prisma: PrismaService,
    private readonly endpoints: WebhookEndpoints,
  ) {}

  async execute({ principal, id, request }: UpdateWebhookEndpointCommand): Promise<WebhookEndpoint> {
    const before = await this.endpoints.visible(principal, id);
    if (request.url != null) this.endpoints.checkUrl(request.url);
    const data: Prisma.WebhookEndpointUpdateInput = {};
    if (request.url != null) data.url = request.url;
    if (request.events != null) data.events = request.events;
    if (request.description !== undefined) data.description = request.description || null;
    if (request.enabled === false && before.enabled) {
      Object.assign(data, { enabled: false, disabledReason: 'staff', disabledAt: new Date() });
    } else if (request.enabled === true && !before.enabled) {
      Object.assign(data, { enabled: true, disabledReason: null, disabledAt: null, failingSince: null });
    }
    const after = await this.prisma.$transaction(async (tx) => {
      const written = await tx.webhookEndpoint.updateMany({ where: { id, updatedAt: before.updatedAt }, data });
      if (written.count === 0) {
        throw new ApiError(409, 'webhook_endpoint_changed', 'This endpoint was changed meanwhile: reload it');
      }
      const row = await tx.webhookEndpoint.findUniqueOrThrow({ where: { id } });
      await auditEndpointChange(tx, principal, 'webhook_endpoint_update', before, row);
      return row;
    });
    this.logger.log(
      { endpointId: id, council: after.councilCode, enabled: after.enabled, staffId: principal.id },
      'Webhook endpoint changed',
    );
    return toEndpointView(after);
  }
}
