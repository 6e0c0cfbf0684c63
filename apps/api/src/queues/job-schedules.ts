import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import type { Queue } from 'bullmq';
import type { JobName } from './jobs';

/** How often each worker upserts its schedules again: a Redis that lost its data gets them back. */
export const RESCHEDULE_EVERY_MS = 60_000;

/**
 * Repeatable jobs of the workers. Each schedule is upserted by its id, so any number of workers, starting
 * any number of times, keep exactly one; upserting again every minute restores schedules that a Redis
 * restart without persistence lost.
 */
@Injectable()
export class JobSchedules implements OnModuleDestroy {
  private readonly logger = new Logger(JobSchedules.name);
  private readonly timers: NodeJS.Timeout[] = [];

  async keep(queue: Queue, id: string, everyMs: number, jobName: JobName): Promise<void> {
    const upsert = () =>
      queue.upsertJobScheduler(
        id,
        { every: everyMs },
        { name: jobName, data: {}, opts: { removeOnComplete: { count: 100 }, removeOnFail: { count: 1000 } } },
      );
    await upsert();
    const timer = setInterval(() => {
      upsert().catch((error: unknown) =>
        this.logger.warn({ scheduler: id, err: (error as Error).message }, 'Schedule not renewed'),
      );
    }, RESCHEDULE_EVERY_MS);
    timer.unref();
    this.timers.push(timer);
    this.logger.log({ queue: queue.name, scheduler: id, everyMs }, 'Job scheduled');
  }

  onModuleDestroy(): void {
    for (const timer of this.timers) clearInterval(timer);
  }
}
