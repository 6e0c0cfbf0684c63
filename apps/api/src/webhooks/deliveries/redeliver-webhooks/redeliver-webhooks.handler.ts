import { Logger } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { WEBHOOK_REDELIVER_MAX, type WebhookRedeliverResult } from '@councilpay/domain';
import { recordStaffAction } from '../../../audit/staff-audit';
import type { Prisma } from '../../../generated/prisma/client';
import { ApiError } from '../../../http/api-error';
import { PrismaService } from '../../../prisma/prisma.service';
import { WebhookEndpoints } from '../../endpoints/webhook-endpoints';
import { RedeliverWebhooksCommand } from './redeliver-webhooks.command';

const invalid = () =>
  new ApiError(
    400,
    'webhook_redeliver_invalid',
    'Name the deliveries to send again (deliveryIds), or a time range (from and to, from not after to), not both',
  );

/**
 * Puts deliveries of an endpoint the caller may see back to be sent now, whatever they were (delivered, failed
 * or pending): the receiver gets the same event ids again. Their calls count from zero and their 72 hours
 * start again. Named deliveries must be the endpoint's (others are left alone and not counted); a range takes
 * the deliveries of events made in it, at most WEBHOOK_REDELIVER_MAX. The request is in the staff audit.
 */
@CommandHandler(RedeliverWebhooksCommand)
export class RedeliverWebhooksHandler implements ICommandHandler<RedeliverWebhooksCommand, WebhookRedeliverResult> {
  private readonly logger = new Logger(RedeliverWebhooksHandler.name);

  constructor(
    private readonly prisma: PrismaService,
    private readonly endpoints: WebhookEndpoints,
  ) {}

  async execute({ principal, endpointId, request }: RedeliverWebhooksCommand): Promise<WebhookRedeliverResult> {
    const endpoint = await this.endpoints.visible(principal, endpointId);
    const byIds = request.deliveryIds !== undefined;
    const byRange = request.from !== undefined || request.to !== undefined;
    if (byIds === byRange) throw invalid();
    let where: Prisma.WebhookDeliveryWhereInput;
    if (byIds) {
      where = { endpointId: endpoint.id, id: { in: request.deliveryIds!.map((id) => BigInt(id)) } };
    } else {
      if (!request.from || !request.to) throw invalid();
      const from = new Date(request.from);
      const to = new Date(request.to);
      if (from > to) throw invalid();
      where = { endpointId: endpoint.id, createdAt: { gte: from, lte: to } };
    }
    const now = new Date();
    const queued = await this.prisma.$transaction(async (tx) => {
      const count = await tx.webhookDelivery.count({ where });
      if (count > WEBHOOK_REDELIVER_MAX) {
        throw new ApiError(
          400,
          'webhook_redeliver_too_many',
          `At most ${WEBHOOK_REDELIVER_MAX} deliveries at once: choose a shorter time range`,
        );
      }
      const written = await tx.webhookDelivery.updateMany({
        where,
        data: { status: 'pending', attempts: 0, nextAttemptAt: now, retryFrom: now, deliveredAt: null },
      });
      await recordStaffAction(tx, principal, {
        action: 'webhook_redeliver',
        targetType: 'webhook_endpoint',
        targetId: endpoint.id,
        councils: [endpoint.councilCode],
        before: null,
        after: {
          queued: written.count,
          ...(byIds ? { deliveryIds: request.deliveryIds! } : { from: request.from!, to: request.to! }),
        },
      });
      return written.count;
    });
    this.logger.log({ endpointId: endpoint.id, queued, staffId: principal.id }, 'Webhook deliveries sent again');
    return { queued };
  }
}
