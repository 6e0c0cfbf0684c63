import { WorkerHost } from '@nestjs/bullmq';
import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import type { Worker } from 'bullmq';
import { logQueueErrors } from './queue-errors';

/** The BullMQ worker of every queue processor of this process. */
export function bullWorkers(discovery: DiscoveryService): Worker[] {
  return discovery
    .getProviders()
    .map((wrapper) => wrapper.instance as unknown)
    .filter((instance): instance is WorkerHost => instance instanceof WorkerHost)
    .map((host) => host.worker)
    .filter((worker) => worker !== undefined);
}

/** How often the worker checks that each queue's BullMQ loop is still taking jobs. */
export const LOOP_CHECK_EVERY_MS = 10_000;

/** What the watch needs of a BullMQ worker. */
export type WatchedWorker = Pick<Worker, 'name' | 'isRunning' | 'closing' | 'isPaused' | 'run'>;

/**
 * Each queue's BullMQ worker takes jobs in a loop (`run()`) that an unexpected Redis error can end while the
 * process goes on: the worker then looks alive and does nothing. Every few seconds this restarts a loop that
 * ended without the worker being closed or paused, and says so in the log.
 */
@Injectable()
export class QueueWorkersWatch implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(QueueWorkersWatch.name);
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly discovery: DiscoveryService) {}

  onApplicationBootstrap(): void {
    for (const worker of bullWorkers(this.discovery)) logQueueErrors(worker, `worker ${worker.name}`, this.logger);
    this.timer = setInterval(() => this.check(bullWorkers(this.discovery)), LOOP_CHECK_EVERY_MS);
  }

  /** Restarts the loop of every worker that stopped taking jobs unasked; returns their queue names. */
  check(workers: WatchedWorker[]): string[] {
    const restarted: string[] = [];
    for (const worker of workers) {
      if (worker.isRunning() || worker.closing || worker.isPaused()) continue;
      restarted.push(worker.name);
      this.logger.error({ queue: worker.name }, 'Queue worker had stopped taking jobs: started again');
      worker
        .run()
        .catch((error: unknown) =>
          this.logger.error({ queue: worker.name, err: (error as Error).message }, 'Queue worker stopped again'),
        );
    }
    return restarted;
  }

  onModuleDestroy(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
