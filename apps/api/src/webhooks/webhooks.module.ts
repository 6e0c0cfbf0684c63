import { Module } from '@nestjs/common';
import { MoneyLedger } from '../money/money-ledger';
import { CollectionFiles } from './collection-files/collection-files';
import { PullCouncilFeedHandler } from './council-feed/pull-council-feed.handler';
import { PullCouncilFeedHttpController } from './council-feed/pull-council-feed.http.controller';
import { GetCollectionFileHandler } from './collection-files/get-collection-file/get-collection-file.handler';
import { GetCollectionFileHttpController } from './collection-files/get-collection-file/get-collection-file.http.controller';
import { ListCollectionFilesHandler } from './collection-files/list-collection-files/list-collection-files.handler';
import { ListCollectionFilesHttpController } from './collection-files/list-collection-files/list-collection-files.http.controller';
import { ProduceCollectionFilesJob } from './collection-files/produce-collection-files.job';
import { ReproduceCollectionFileHandler } from './collection-files/reproduce-collection-file/reproduce-collection-file.handler';
import { ReproduceCollectionFileHttpController } from './collection-files/reproduce-collection-file/reproduce-collection-file.http.controller';
import { CreateWebhookEndpointHandler } from './endpoints/create-webhook-endpoint/create-webhook-endpoint.handler';
import { CreateWebhookEndpointHttpController } from './endpoints/create-webhook-endpoint/create-webhook-endpoint.http.controller';
import { ListWebhookDeliveriesHandler } from './deliveries/list-webhook-deliveries/list-webhook-deliveries.handler';
import { ListWebhookDeliveriesHttpController } from './deliveries/list-webhook-deliveries/list-webhook-deliveries.http.controller';
import { RedeliverWebhooksHandler } from './deliveries/redeliver-webhooks/redeliver-webhooks.handler';
import { RedeliverWebhooksHttpController } from './deliveries/redeliver-webhooks/redeliver-webhooks.http.controller';
import { DeliverWebhooksJob } from './delivery/deliver-webhooks.job';
import { WebhookDeliverer } from './delivery/webhook-deliverer';
import { WebhooksProcessor } from './delivery/webhooks.processor';
import { SecretSealer } from '../secrets/secret-sealer';
import { GetWebhookEndpointHandler } from './endpoints/get-webhook-endpoint/get-webhook-endpoint.handler';
import { GetWebhookEndpointHttpController } from './endpoints/get-webhook-endpoint/get-webhook-endpoint.http.controller';
import { ListWebhookEndpointsHandler } from './endpoints/list-webhook-endpoints/list-webhook-endpoints.handler';
import { ListWebhookEndpointsHttpController } from './endpoints/list-webhook-endpoints/list-webhook-endpoints.http.controller';
import { RotateWebhookEndpointSecretHandler } from './endpoints/rotate-webhook-endpoint-secret/rotate-webhook-endpoint-secret.handler';
import { RotateWebhookEndpointSecretHttpController } from './endpoints/rotate-webhook-endpoint-secret/rotate-webhook-endpoint-secret.http.controller';
import { UpdateWebhookEndpointHandler } from './endpoints/update-webhook-endpoint/update-webhook-endpoint.handler';
import { UpdateWebhookEndpointHttpController } from './endpoints/update-webhook-endpoint/update-webhook-endpoint.http.controller';
import { WebhookEndpoints } from './endpoints/webhook-endpoints';

const queryHandlers = [
  ListWebhookEndpointsHandler,
  GetWebhookEndpointHandler,
  ListWebhookDeliveriesHandler,
  ListCollectionFilesHandler,
  GetCollectionFileHandler,
  PullCouncilFeedHandler,
];
const commandHandlers = [
  CreateWebhookEndpointHandler,
  UpdateWebhookEndpointHandler,
  RotateWebhookEndpointSecretHandler,
  RedeliverWebhooksHandler,
  ReproduceCollectionFileHandler,
];

/**
 * Payments out: the councils' webhook endpoints under /api/admin/webhook-endpoints (`_admin` every council's, a
 * council admin their councils'; every change in the staff audit; a secret shown only when made), and the daily
 * collection files under /api/admin/collection-files and the pull feed under /api/admin/council-feed (their query
 * handlers are what a council system's signed routes call too).
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
    ListCollectionFilesHttpController,
    GetCollectionFileHttpController,
    ReproduceCollectionFileHttpController,
    PullCouncilFeedHttpController,
  ],
  providers: [
    ...queryHandlers,
    ...commandHandlers,
    WebhookEndpoints,
    SecretSealer,
    WebhookDeliverer,
    CollectionFiles,
    MoneyLedger,
  ],
  exports: [SecretSealer, WebhookDeliverer],
})
export class WebhooksModule {}

/** The worker's part: the webhooks queue, its delivery job and the daily collection files. */
@Module({
  providers: [
    WebhooksProcessor,
    DeliverWebhooksJob,
    WebhookDeliverer,
    SecretSealer,
    ProduceCollectionFilesJob,
    CollectionFiles,
    MoneyLedger,
  ],
})
export class WebhooksWorkerModule {}
