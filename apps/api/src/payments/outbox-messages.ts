import type { OutboxMessage } from '../outbox/outbox-relay.service';
import { QueueName } from '../queues/queue-names';

/** First enquiry of a payment without a final answer (then the requery worker's backoff takes over). */
export const FIRST_REQUERY_DELAY_MS = 2 * 60_000;

export function requeryMessage(reference: string, attempt: number, runAt: Date): OutboxMessage {
  return {
    queue: QueueName.Requery,
    jobName: 'RequeryPayment',
    jobId: `requery-${reference}-${attempt}`,
    payload: { reference, attempt },
    runAt,
  };
}
