import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { loadConfigOrExit } from './bootstrap';
import { WorkerModule } from './worker.module';

/**
 * The worker process: BullMQ processors and their schedules, no HTTP. On SIGTERM/SIGINT Nest closes the
 * BullMQ workers, which finish their in-flight jobs (or hand them back) before the process exits.
 */
async function main(): Promise<void> {
  const config = loadConfigOrExit(process.env);
  const app = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), { bufferLogs: true });
  app.useLogger(app.get(Logger));
  app.enableShutdownHooks();
  app.get(Logger).log({ redisPrefix: config.redisPrefix }, 'Worker started');
}

main().catch((error: unknown) => {
  // Configuration errors exit earlier with their own message; this is a module that failed to start (for
  // example a job without its handler). Buffered logs may never flush, so say it plainly and stop.
  process.stderr.write(`Worker failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
