import { BeforeApplicationShutdown, Injectable, Logger } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { bullWorkers } from './queue-workers-watch';

/**
 * Stops every BullMQ worker of the process before anything they use is closed: Nest runs every
 * `beforeApplicationShutdown` after the modules' `onModuleDestroy` and before any `onApplicationShutdown`,
 * which is where the database pool and the Redis clients close. A worker's close lets its running jobs
 * finish (they still have their database and Redis) and takes no new ones.
 *
 * Closing the pool first, as Nest's default order would, deadlocks: the pool waits for the connection a
 * running job's transaction holds, while the transaction waits for the client that is disconnecting.
 */
@Injectable()
export class WorkerShutdown implements BeforeApplicationShutdown {
  private readonly logger = new Logger(WorkerShutdown.name);

  constructor(private readonly discovery: DiscoveryService) {}

  async beforeApplicationShutdown(): Promise<void> {
    const workers = bullWorkers(this.discovery);
    const started = Date.now();
    await Promise.all(workers.map((worker) => worker.close()));
    if (workers.length > 0) {
      this.logger.log({ workers: workers.length, ms: Date.now() - started }, 'Workers stopped');
    }
  }
}
