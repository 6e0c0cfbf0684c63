import { Module } from '@nestjs/common';
import { CreateWebhookEndpointHandler } from './endpoints/create-webhook-endpoint/create-webhook-endpoint.handler';
import { CreateWebhookEndpointHttpController } from './endpoints/create-webhook-endpoint/create-webhook-endpoint.http.controller';
import { ListWebhookDeliveriesHandler } from './deliveries/list-webhook-deliveries/list-webhook-deliveries.handler';
import { ListWebhookDeliveriesHttpController } from './deliveries/list-webhook-deliveries/list-webhook-deliveries.http.controller';
import { RedeliverWebhooksHandler } from './deliveries/redeliver-webhooks/redeliver-webhooks.handler';
import { RedeliverWebhooksHttpController } from './deliveries/redeliver-webhooks/redeliver-webhooks.http.controller';
import { DeliverWebhooksJob } from './delivery/deliver-webhooks.job';
import { WebhookDeliverer } from './delivery/webhook-deliverer';
import { WebhooksProcessor } from './delivery/webhooks.processor';
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

const queryHandlers = [ListWebhookEndpointsHandler, GetWebhookEndpointHandler, ListWebhookDeliveriesHandler];
const commandHandlers = [
  CreateWebhookEndpointHandler,
  UpdateWebhookEndpointHandler,
  RotateWebhookEndpointSecretHandler,
  RedeliverWebhooksHandler,
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
    ListWebhookDeliveriesHttpController,
    RedeliverWebhooksHttpController,
  ],
  providers: [...queryHandlers, ...commandHandlers, WebhookEndpoints, EndpointSecrets, WebhookDeliverer],
  exports: [EndpointSecrets, WebhookDeliverer],
})
export class WebhooksModule {}

/** The worker's part: the webhooks queue and its delivery job. */
@Module({
  providers: [WebhooksProcessor, DeliverWebhooksJob, WebhookDeliverer, EndpointSecrets],
})
export class WebhooksWorkerModule {}
