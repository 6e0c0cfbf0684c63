import { Logger } from '@nestjs/common';
import { JobHandler, type HandlesJob } from '../../queues/job-handler';
import { WebhookDeliverer } from './webhook-deliverer';

/**
 * Sends due webhook deliveries, round after round while a round finds a full batch (a backlog after a
 * receiver was down drains without waiting for the next schedule), at most ten rounds per run.
 */
@JobHandler('DeliverWebhooks')
export class DeliverWebhooksJob implements HandlesJob<'DeliverWebhooks'> {
  private readonly logger = new Logger(DeliverWebhooksJob.name);

  constructor(private readonly deliverer: WebhookDeliverer) {}

  async handle(): Promise<unknown> {
    const batch = 50;
    let sent = 0;
    for (let round = 0; round < 10; round += 1) {
      const result = await this.deliverer.deliverDue(new Date(), batch);
      sent += result.claimed;
      if (result.claimed < batch) break;
    }
    if (sent > 0) this.logger.debug({ sent }, 'Webhook deliveries sent');
    return { sent };
  }
}
