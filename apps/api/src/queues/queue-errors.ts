import { getQueueToken } from '@nestjs/bullmq';
import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { Queue } from 'bullmq';
import { ALL_QUEUES } from './queue-names';

/** The same error from the same source is logged at most once in this long (Redis down: one per reconnect). */
const REPEAT_EVERY_MS = 10_000;

/**
 * One structured line for an error of a BullMQ queue or worker (a lost Redis connection, a lock that could
 * not be renewed), at most once per source and message every 10 s. Without a listener BullMQ prints each one
 * as a multi-line stack trace, one per reconnection attempt, burying everything else in the log.
 */
export function logQueueErrors(
  emitter: { on(event: 'error', listener: (error: Error) => void): unknown },
  source: string,
  logger: Pick<Logger, 'warn'>,
  now: () => number = Date.now,
): void {
  const lastSeen = new Map<string, number>();
  emitter.on('error', (error: Error) => {
    const key = error.message;
    const at = now();
    if ((lastSeen.get(key) ?? -Infinity) > at - REPEAT_EVERY_MS) return;
    if (lastSeen.size > 100) lastSeen.clear();
    lastSeen.set(key, at);
    logger.warn({ source, err: error.message }, 'Queue error');
  });
}

/** Every queue of the process (API and worker) reports its errors through `logQueueErrors`. */
@Injectable()
export class QueueErrors implements OnModuleInit {
  private readonly logger = new Logger(QueueErrors.name);

  constructor(private readonly moduleRef: ModuleRef) {}

  onModuleInit(): void {
    for (const name of ALL_QUEUES) {
      const queue = this.moduleRef.get<Queue>(getQueueToken(name), { strict: false });
      logQueueErrors(queue, `queue ${name}`, this.logger);
    }
  }
}
