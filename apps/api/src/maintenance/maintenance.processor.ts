import { Processor } from '@nestjs/bullmq';
import { JobHandlers } from '../queues/job-handlers';
import { QueueName } from '../queues/queue-names';
import { QueueProcessor } from '../queues/queue-processor';

/** The housekeeping queue's worker: its jobs run through their handlers (schedules: job-schedules.ts). */
@Processor(QueueName.Maintenance)
export class MaintenanceProcessor extends QueueProcessor {
  constructor(handlers: JobHandlers) {
    super(handlers, QueueName.Maintenance);
  }
}
