import { Processor } from '@nestjs/bullmq';
import { JobHandlers } from '../queues/job-handlers';
import { QueueName } from '../queues/queue-names';
import { QueueProcessor } from '../queues/queue-processor';

/** The `notify` queue's worker: its jobs run through their handlers, five at once (schedules: job-schedules.ts). */
@Processor(QueueName.Notify, { concurrency: 5 })
export class NotifyProcessor extends QueueProcessor {
  constructor(handlers: JobHandlers) {
    super(handlers, QueueName.Notify);
  }
}
