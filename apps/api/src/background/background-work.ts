import { BeforeApplicationShutdown, Injectable, Logger } from '@nestjs/common';

/**
 * Work a request starts but does not wait for, so that its answer (and how long it takes) says nothing about
 * what the work found: e.g. whether an email has an account. A failure is logged, never thrown at the caller.
 * The process waits for work under way before it shuts down. Work lost to a crash is work the person asks for
 * again (another reset link): anything that must survive a crash goes through the outbox instead.
 */
@Injectable()
export class BackgroundWork implements BeforeApplicationShutdown {
  private readonly logger = new Logger(BackgroundWork.name);
  private readonly running = new Set<Promise<void>>();

  /** Starts `work` after the current request's answer is on its way. */
  run(name: string, work: () => Promise<void>): void {
    const task: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .catch((error: unknown) => this.logger.error({ work: name, err: error }, 'Background work failed'))
      .finally(() => this.running.delete(task));
    this.running.add(task);
  }

  /** Resolves once all work started so far (and any it started) has ended. */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.idle();
  }
}
