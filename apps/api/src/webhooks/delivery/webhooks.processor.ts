import { Processor } from '@nestjs/bullmq';
import { JobHandlers } from '../../queues/job-handlers';
import { QueueName } from '../../queues/queue-names';
import { QueueProcessor } from '../../queues/queue-processor';

/** The webhooks queue's worker: one DeliverWebhooks run at a time per worker (each run sends a batch at once). */
@Processor(QueueName.Webhooks)
export class WebhooksProcessor extends QueueProcessor {
  constructor(handlers: JobHandlers) {
    super(handlers, QueueName.Webhooks);
  }
}
