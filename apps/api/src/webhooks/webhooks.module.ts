import { Module } from '@nestjs/common';
import { CreateWebhookEndpointHandler } from './endpoints/create-webhook-endpoint/create-webhook-endpoint.handler';
import { CreateWebhookEndpointHttpController } from './endpoints/create-webhook-endpoint/create-webhook-endpoint.http.controller';
import { EndpointSecrets } from './endpoints/endpoint-secrets';
import { GetWebhookEndpointHandler } from './endpoints/get-webhook-endpoint/get-webhook-endpoint.handler';
import { GetWebhookEndpointHttpController } from './endpoints/get-webhook-endpoint/get-webhook-endpoint.http.controller';
import { ListWebhookEndpointsHandler } from './endpoints/list-webhook-endpoints/list-webhook-endpoints.handler';
import { ListWebhookEndpointsHttpController } from './endpoints/list-webhook-endpoints/list-webhook-endpoints.http.controller';
import { RotateWebhookEndpointSecretHandler } from './endpoints/rotate-webhook-endpoint-secret/rotate-webhook-endpoint-secret.handler';
import { RotateWebhookEndpointSecretHttpController } from './endpoints/rotate-webhook-endpoint-secret/rotate-webhook-endpoint-secret.http.controller';
import { UpdateWebhookEndpointHandler } from './endpoints/update-webhook-endpoint/update-webhook-endpoint.handler';
import { UpdateWebhookEndpointHttpController } from './endpoints/update-webhook-endpoint/update-webhook-endpoint.http.controller';
import { WebhookEndpoints } from './endpoints/webhook-endpoints';

const queryHandlers = [ListWebhookEndpointsHandler, GetWebhookEndpointHandler];
const commandHandlers = [
  CreateWebhookEndpointHandler,
  UpdateWebhookEndpointHandler,
  RotateWebhookEndpointSecretHandler,
];

/**
 * Payments out: the councils' webhook endpoints under /api/admin/webhook-endpoints (`_admin` every council's, a
 * council admin their councils'; every change in the staff audit; a secret shown only when made).
 */
@Module({
  controllers: [
    ListWebhookEndpointsHttpController,
    CreateWebhookEndpointHttpController,
    GetWebhookEndpointHttpController,
    UpdateWebhookEndpointHttpController,
    RotateWebhookEndpointSecretHttpController,
  ],
  providers: [...queryHandlers, ...commandHandlers, WebhookEndpoints, EndpointSecrets],
  exports: [EndpointSecrets],
})
export class WebhooksModule {}
