import type { Prisma } from '../generated/prisma/client';
import { JOB_QUEUES, type JobName } from '../queues/jobs';
import type { QueueName } from '../queues/queue-names';

/** What a command writes to the outbox in its own transaction: a job the relay puts on its queue later. */
export interface OutboxMessage {
  queue: QueueName;
  jobName: JobName;
  /** Deterministic: the same fact always gives the same id, so a retried relay never enqueues twice. */
  jobId: string;
  payload: Prisma.InputJsonValue;
  runAt?: Date;
}

/**
 * Writes outbox rows inside the caller's transaction: they commit with the change they report, or not at all.
 * A job named for another queue than its own is refused before anything is written.
 */
export function writeOutbox(tx: Prisma.TransactionClient, messages: OutboxMessage[]) {
  for (const m of messages) {
    if (JOB_QUEUES[m.jobName] !== m.queue) {
      throw new Error(`Job ${m.jobName} runs on queue ${JOB_QUEUES[m.jobName]}, not ${m.queue}`);
    }
  }
  return tx.outbox.createMany({
    data: messages.map((m) => ({
      queue: m.queue,
      jobName: m.jobName,
      jobId: m.jobId,
      payload: m.payload,
      runAt: m.runAt,
    })),
    skipDuplicates: true,
  });
}
