import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { OnApplicationBootstrap } from '@nestjs/common';
import type { Job, Queue } from 'bullmq';
import { JobHandlers } from '../queues/job-handlers';
import { JobSchedules } from '../queues/job-schedules';
import type { JobName } from '../queues/jobs';
import { QueueName } from '../queues/queue-names';

const EXPIRE_RESET_REQUESTS: JobName = 'ExpireResetRequests';

/** The housekeeping queue's worker: its jobs run through their handlers; their schedules are kept here. */
@Processor(QueueName.Maintenance)
export class MaintenanceProcessor extends WorkerHost implements OnApplicationBootstrap {
  constructor(
    private readonly handlers: JobHandlers,
    @InjectQueue(QueueName.Maintenance) private readonly queue: Queue,
    private readonly schedules: JobSchedules,
  ) {
    super();
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.schedules.keep(this.queue, 'expire-reset-requests', 15 * 60_000, EXPIRE_RESET_REQUESTS);
  }

  process(job: Job): Promise<unknown> {
    return this.handlers.run(QueueName.Maintenance, job, this.worker);
  }
}
