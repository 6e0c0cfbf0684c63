import 'reflect-metadata';
import { Logger as NestLogger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { loadConfigOrExit } from './bootstrap';
import { reportStartupStep, watchWorkerProcess } from './queues/worker-process';
import { WorkerModule } from './worker.module';

/**
 * The worker process: BullMQ processors and their schedules, no HTTP. It is started once every schedule is in
 * Redis; a start that fails or outlasts WORKER_START_TIMEOUT_MS exits 1 naming its step, and a started worker
 * never ends silently (queues/worker-process.ts). On SIGTERM/SIGINT Nest closes the BullMQ workers, which
 * finish their in-flight jobs (or hand them back) before the process exits.
 */
async function main(): Promise<void> {
  const config = loadConfigOrExit(process.env);
  const watch = watchWorkerProcess(config.workerStartTimeoutMs);
  const begun = Date.now();
  try {
    const app = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), {
      bufferLogs: true,
      // A module that cannot be built is reported below, with the step, instead of Nest's abort.
      abortOnError: false,
    });
    app.useLogger(app.get(Logger));
    app.enableShutdownHooks();
    reportStartupStep('started');
    watch.started();
    new NestLogger('Worker').log({ redisPrefix: config.redisPrefix, ms: Date.now() - begun }, 'Worker started');
  } catch (error) {
    watch.failedToStart(error);
  }
}

void main();
