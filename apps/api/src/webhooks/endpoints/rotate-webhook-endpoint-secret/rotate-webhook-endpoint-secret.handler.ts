import { Logger } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { WebhookEndpointWithSecret } from '@councilpay/domain';
import { newWebhookSecret } from '@councilpay/webhooks';
import { PrismaService } from '../../../prisma/prisma.service';
import { SecretSealer } from '../../../secrets/secret-sealer';
import { auditEndpointChange, secretHint, toEndpointView, WebhookEndpoints } from '../webhook-endpoints';
import { RotateWebhookEndpointSecretCommand } from './rotate-webhook-endpoint-secret.command';

/** A new secret for an endpoint the caller may see, sealed at rest, in the audit by its hint only. */
@CommandHandler(RotateWebhookEndpointSecretCommand)
export class RotateWebhookEndpointSecretHandler implements ICommandHandler<
  RotateWebhookEndpointSecretCommand,
  WebhookEndpointWithSecret
> {
  private readonly logger = new Logger(RotateWebhookEndpointSecretHandler.name);

  constructor(
    private readonly prisma: PrismaService,
    private readonly endpoints: WebhookEndpoints,
    private readonly secrets: SecretSealer,
  ) {}

  async execute({ principal, id }: RotateWebhookEndpointSecretCommand): Promise<WebhookEndpointWithSecret> {
    const before = await this.endpoints.visible(principal, id);
    const secret = newWebhookSecret();
    const after = await this.prisma.$transaction(async (tx) => {
      const row = await tx.webhookEndpoint.update({
        where: { id },
        data: {
          secretSealed: this.secrets.seal(id, secret),
          secretHint: secretHint(secret),
          secretRotatedAt: new Date(),
        },
      });
      await auditEndpointChange(tx, principal, 'webhook_endpoint_rotate_secret', before, row);
      return row;
    });
    this.logger.log({ endpointId: id, council: after.councilCode, staffId: principal.id }, 'Webhook secret rotated');
    return { ...toEndpointView(after), secret };
  }
}
