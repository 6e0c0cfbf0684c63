import { WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import type { JobHandlers } from './job-handlers';
import type { QueueName } from './queue-names';

/**
 * A queue's BullMQ worker: every job it takes runs through its handler (`JobHandlers`). Subclasses carry the
 * `@Processor` options (concurrency) and keep the queue's schedules.
 */
export abstract class QueueProcessor extends WorkerHost {
  protected constructor(
    private readonly jobHandlers: JobHandlers,
    private readonly queueName: QueueName,
  ) {
    super();
  }

  process(job: Job): Promise<unknown> {
    return this.jobHandlers.run(this.queueName, job, this.worker);
  }
}
