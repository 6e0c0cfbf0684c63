import { Logger } from '@nestjs/common';
import { JobHandler, type HandlesJob } from '../../queues/job-handler';
import { WebhookDeliverer } from './webhook-deliverer';

/** Calls in flight at once, per worker. */
export const DELIVERY_CONCURRENCY = 50;
/** A run claims new deliveries for this long, then lets the calls in flight end (a backlog drains run by run). */
export const DELIVERY_RUN_MS = 20_000;

/**
 * Sends due webhook deliveries through a window of DELIVERY_CONCURRENCY calls: whenever a call ends, the
 * next due deliveries are claimed, so one slow or unreachable receiver (each call may take the whole timeout)
 * holds one place of the window, never a whole batch of other councils' calls. A run ends when nothing is due
 * and nothing is in flight, or after DELIVERY_RUN_MS of claiming.
 */
@JobHandler('DeliverWebhooks')
export class DeliverWebhooksJob implements HandlesJob<'DeliverWebhooks'> {
  private readonly logger = new Logger(DeliverWebhooksJob.name);

  constructor(private readonly deliverer: WebhookDeliverer) {}

  async handle(): Promise<unknown> {
    const claimUntil = Date.now() + DELIVERY_RUN_MS;
    const inFlight = new Set<Promise<void>>();
    let sent = 0;
    let delivered = 0;
    for (;;) {
      const free = DELIVERY_CONCURRENCY - inFlight.size;
      const claimed = Date.now() < claimUntil && free > 0 ? await this.deliverer.claimDue(new Date(), free) : [];
      for (const delivery of claimed) {
        const call: Promise<void> = this.deliverer
          .deliver(delivery, new Date())
          .then((outcome) => {
            if (outcome.delivered) delivered += 1;
          })
          .catch((error: unknown) => {
            // The claim's lease runs out and another run sends it again.
            this.logger.error({ err: error, deliveryId: delivery.id.toString() }, 'Webhook delivery not recorded');
          })
          .finally(() => inFlight.delete(call));
        inFlight.add(call);
      }
      sent += claimed.length;
      if (inFlight.size === 0) break;
      // Wait for a call to end before claiming again: what it frees (a place, or a later event on its bill).
      await Promise.race(inFlight);
    }
    if (sent > 0) this.logger.debug({ sent, delivered }, 'Webhook deliveries sent');
    return { sent, delivered };
  }
}
