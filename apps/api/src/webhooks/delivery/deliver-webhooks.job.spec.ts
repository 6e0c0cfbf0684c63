import { describe, expect, it } from 'vitest';
import type { WebhookDelivery } from '../../generated/prisma/client';
import { DELIVERY_CONCURRENCY, DeliverWebhooksJob } from './deliver-webhooks.job';
import type { WebhookDeliverer } from './webhook-deliverer';

/** Deliveries as claimDue answers them: only what the test needs. */
const delivery = (id: number, endpointId: string) => ({ id: BigInt(id), endpointId }) as unknown as WebhookDelivery;

/**
 * A deliverer whose due deliveries are a list, and whose calls to one endpoint ('slow') end only when the test
 * says so: what a receiver that takes the whole timeout looks like to the job.
 */
function fakeDeliverer(due: WebhookDelivery[]) {
  const sentOrder: string[] = [];
  let releaseSlow: () => void = () => undefined;
  const slowAnswered = new Promise<void>((resolve) => (releaseSlow = resolve));
  const fake = {
    claimDue: async (_now: Date, limit: number) => due.splice(0, limit),
    deliver: async (d: WebhookDelivery) => {
      if (d.endpointId === 'slow') await slowAnswered;
      sentOrder.push(`${d.endpointId}:${d.id}`);
      return { delivered: true, disabled: false };
    },
  };
  return { deliverer: fake as unknown as WebhookDeliverer, sentOrder, releaseSlow };
}

describe('DeliverWebhooksJob', () => {
  it('keeps sending other deliveries while a slow receiver holds calls: a slow call holds one place, not a batch', async () => {
    // Two slow calls first, then more fast ones than one batch holds.
    const fast = 3 * DELIVERY_CONCURRENCY;
    const due = [delivery(1, 'slow'), delivery(2, 'slow')];
    for (let i = 0; i < fast; i += 1) due.push(delivery(100 + i, 'fast'));
    const { deliverer, sentOrder, releaseSlow } = fakeDeliverer(due);
    const run = new DeliverWebhooksJob(deliverer).handle();

    // Every fast delivery is sent while both slow calls are still waiting for their answer.
    await expect.poll(() => sentOrder.length, { timeout: 10_000 }).toBe(fast);
    expect(sentOrder.every((s) => s.startsWith('fast:'))).toBe(true);

    releaseSlow();
    expect(await run).toEqual({ sent: fast + 2, delivered: fast + 2 });
    expect(sentOrder.slice(-2).sort()).toEqual(['slow:1', 'slow:2']);
  });

  it('ends when nothing is due and nothing is in flight', async () => {
    const { deliverer } = fakeDeliverer([]);
    expect(await new DeliverWebhooksJob(deliverer).handle()).toEqual({ sent: 0, delivered: 0 });
  });
});
