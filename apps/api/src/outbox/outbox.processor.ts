import { Processor } from '@nestjs/bullmq';
import { JobHandlers } from '../queues/job-handlers';
import { QueueName } from '../queues/queue-names';
import { QueueProcessor } from '../queues/queue-processor';

/** The `outbox` queue's worker: its job runs through its handler (its schedule: queues/job-schedules.ts). */
@Processor(QueueName.Outbox)
export class OutboxProcessor extends QueueProcessor {
  constructor(handlers: JobHandlers) {
    super(handlers, QueueName.Outbox);
  }
}
