import { InjectQueue, Processor } from '@nestjs/bullmq';
import { OnApplicationBootstrap } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { JobHandlers } from '../queues/job-handlers';
import { JobSchedules } from '../queues/job-schedules';
import type { JobName } from '../queues/jobs';
import { QueueName } from '../queues/queue-names';
import { QueueProcessor } from '../queues/queue-processor';

const EXPIRE_RESET_REQUESTS: JobName = 'ExpireResetRequests';

/** The housekeeping queue's worker: its jobs run through their handlers; their schedules are kept here. */
@Processor(QueueName.Maintenance)
export class MaintenanceProcessor extends QueueProcessor implements OnApplicationBootstrap {
  constructor(
    handlers: JobHandlers,
    @InjectQueue(QueueName.Maintenance) private readonly queue: Queue,
    private readonly schedules: JobSchedules,
  ) {
    super(handlers, QueueName.Maintenance);
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.schedules.keep(this.queue, 'expire-reset-requests', 15 * 60_000, EXPIRE_RESET_REQUESTS);
  }
}
