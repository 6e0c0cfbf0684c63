import { applyDecorators, Injectable, SetMetadata } from '@nestjs/common';
import type { Job, Worker } from 'bullmq';
import type { JobData, JobName } from './jobs';

export const JOB_HANDLER_KEY = 'councilpay:job-handler';

/** Marks the one class that runs the job `name` (a provider of a module the worker imports). */
export function JobHandler(name: JobName): ClassDecorator {
  return applyDecorators(Injectable(), SetMetadata(JOB_HANDLER_KEY, name));
}

/** What a job handler does: run one job. `worker` is the BullMQ worker running it (for rate limits). */
export interface HandlesJob<N extends JobName> {
  handle(job: Job<JobData<N>>, worker: Worker): Promise<unknown>;
}
