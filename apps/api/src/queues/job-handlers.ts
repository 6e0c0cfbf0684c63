import { Global, Injectable, Logger, Module, OnModuleInit } from '@nestjs/common';
import { DiscoveryModule, DiscoveryService, Reflector } from '@nestjs/core';
import type { Job, Worker } from 'bullmq';
import { JOB_HANDLER_KEY, type HandlesJob } from './job-handler';
import { JobSchedules } from './job-schedules';
import { QueueWorkersWatch } from './queue-workers-watch';
import { WorkerHealth } from './worker-health';
import { isJobName, JOB_NAMES, JOB_QUEUES, type JobName } from './jobs';
import type { QueueName } from './queue-names';

/** The worker cannot run every job it may be given: it must not start. */
export class JobHandlersIncompleteError extends Error {
  override readonly name = 'JobHandlersIncompleteError';
}

/**
 * The worker's table of job handlers, found at start among the providers marked `@JobHandler`. Every job of
 * `jobs.ts` must have exactly one, or the worker stops at start with a message naming what is wrong: a job
 * without a handler would otherwise sit in Redis failing its retries, unseen until a payer complains.
 */
@Injectable()
export class JobHandlers implements OnModuleInit {
  private readonly logger = new Logger(JobHandlers.name);
  private readonly handlers = new Map<JobName, HandlesJob<JobName>>();
  private ready!: () => void;
  private readonly built = new Promise<void>((resolve) => (this.ready = resolve));

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly reflector: Reflector,
  ) {}

  onModuleInit(): void {
    const found = new Map<JobName, string[]>();
    const problems: string[] = [];
    for (const wrapper of this.discovery.getProviders()) {
      const type = wrapper.metatype;
      const instance = wrapper.instance as HandlesJob<JobName> | undefined;
      if (!type || typeof type !== 'function' || !instance) continue;
      const name = this.reflector.get<string | undefined>(JOB_HANDLER_KEY, type);
      if (name === undefined) continue;
      if (!isJobName(name)) {
        problems.push(`${type.name} handles "${name}", which is not a job in queues/jobs.ts`);
        continue;
      }
      found.set(name, [...(found.get(name) ?? []), type.name]);
      this.handlers.set(name, instance);
    }
    for (const name of JOB_NAMES) {
      const classes = found.get(name) ?? [];
      if (classes.length === 0) problems.push(`no handler for job ${name} (queue ${JOB_QUEUES[name]})`);
      if (classes.length > 1) problems.push(`job ${name} has ${classes.length} handlers: ${classes.join(', ')}`);
    }
    if (problems.length > 0) {
      throw new JobHandlersIncompleteError(
        `The worker cannot start: ${problems.join('; ')}. Every job in queues/jobs.ts needs exactly one ` +
          `@JobHandler class among the worker's providers.`,
      );
    }
    this.logger.log({ jobs: JOB_NAMES.length }, 'Every job has its handler');
    this.ready();
  }

  /** Runs a job taken from `queue`; a name that is not one of that queue's jobs fails the job. */
  async run(queue: QueueName, job: Job, worker: Worker): Promise<unknown> {
    await this.built;
    const name = job.name;
    if (!isJobName(name) || JOB_QUEUES[name] !== queue) {
      throw new Error(`No handler for job ${name} on queue ${queue}`);
    }
    const handler = this.handlers.get(name);
    if (!handler) throw new Error(`No handler for job ${name} on queue ${queue}`);
    return handler.handle(job, worker);
  }
}

/**
 * The worker's job table, for every processor of the worker process (the API process has none), with what
 * keeps the worker working: its schedules, kept in Redis, a watch on each queue's loop, and its health endpoints.
 */
@Global()
@Module({
  imports: [DiscoveryModule],
  providers: [JobHandlers, JobSchedules, QueueWorkersWatch, WorkerHealth],
  exports: [JobHandlers],
})
export class JobHandlersModule {}
