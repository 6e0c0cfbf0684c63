import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { WEBHOOK_MAX_ENDPOINTS_PER_COUNCIL, type WebhookEndpointWithSecret } from '@councilpay/domain';
import { newWebhookSecret } from '@councilpay/webhooks';
import { ApiError } from '../../../http/api-error';
import { PrismaService } from '../../../prisma/prisma.service';
import { SecretSealer } from '../../../secrets/secret-sealer';
import { auditEndpointChange, mayConfigure, secretHint, toEndpointView, WebhookEndpoints } from '../webhook-endpoints';
import { CreateWebhookEndpointCommand } from './create-webhook-endpoint.command';

/**
 * Adds an endpoint for a council the caller may configure, at a URL the rule allows, with a new secret sealed
 * at rest; the endpoint and its audit entry are written together. At most WEBHOOK_MAX_ENDPOINTS_PER_COUNCIL per
 * council, counted under the council's row lock so two at once cannot pass it.
 */
@CommandHandler(CreateWebhookEndpointCommand)
export class CreateWebhookEndpointHandler implements ICommandHandler<
  CreateWebhookEndpointCommand,
  WebhookEndpointWithSecret
> {
  private readonly logger = new Logger(CreateWebhookEndpointHandler.name);

  constructor(
    private readonly prisma: PrismaService,
    private readonly endpoints: WebhookEndpoints,
    private readonly secrets: SecretSealer,
  ) {}

  async execute({ principal, request }: CreateWebhookEndpointCommand): Promise<WebhookEndpointWithSecret> {
    if (!mayConfigure(principal, request.council)) {
      throw new ApiError(403, 'forbidden', 'You may configure only your own councils’ endpoints.');
    }
    this.endpoints.checkUrl(request.url);
    const id = randomUUID();
    const secret = newWebhookSecret();
    const row = await this.prisma.$transaction(async (tx) => {
      const council = await tx.$queryRaw<{ code: string }[]>`
        SELECT "code" FROM "Council" WHERE "code" = ${request.council} FOR UPDATE`;
      if (council.length === 0) throw new ApiError(404, 'not_found', 'Not Found!');
      const existing = await tx.webhookEndpoint.count({ where: { councilCode: request.council } });
      if (existing >= WEBHOOK_MAX_ENDPOINTS_PER_COUNCIL) {
        throw new ApiError(
          409,
          'webhook_endpoints_full',
          `A council has at most ${WEBHOOK_MAX_ENDPOINTS_PER_COUNCIL} endpoints: remove or reuse one`,
        );
      }
      const created = await tx.webhookEndpoint.create({
        data: {
          id,
          councilCode: request.council,
          url: request.url,
          events: request.events,
          description: request.description || null,
          secretSealed: this.secrets.seal(id, secret),
          secretHint: secretHint(secret),
          createdById: principal.id,
        },
      });
      await auditEndpointChange(tx, principal, 'webhook_endpoint_create', null, created);
      return created;
    });
    this.logger.log({ endpointId: id, council: row.councilCode, staffId: principal.id }, 'Webhook endpoint added');
    return { ...toEndpointView(row), secret };
  }
}
