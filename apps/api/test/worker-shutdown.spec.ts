import { describe, expect, it } from 'vitest';
import { PrismaService } from '../src/prisma/prisma.service';
import { startWorker } from './worker-helpers';

/**
 * A worker busy with its sweeps (every job name runs a few times a second here) stops promptly when asked:
 * it stops taking jobs and lets the running ones finish before its database pool and Redis clients close.
 * Closing the pool first left a running job's transaction waiting on a disconnecting client, and the close
 * waited for that job for ever.
 */
describe('stopping the worker', () => {
  it('a busy worker stops within seconds, five times in a row, and leaves the database usable', async () => {
    const took: number[] = [];
    for (let round = 0; round < 5; round += 1) {
      const worker = await startWorker({
        OUTBOX_RELAY_EVERY_MS: '100',
        REQUERY_SWEEP_EVERY_MS: '50',
        NOTIFY_SWEEP_EVERY_MS: '50',
      });
      const prisma = worker.get(PrismaService);
      await prisma.$queryRaw`SELECT 1`;
      await new Promise((r) => setTimeout(r, 300 + round * 150)); // stop at a different moment each round
      const started = Date.now();
      await worker.close();
      took.push(Date.now() - started);
    }
    process.stdout.write(`[worker shutdown] close took ${took.join(', ')} ms\n`);
    // The old order hung past a minute; a loaded machine stretches a healthy close to seconds.
    expect(Math.max(...took)).toBeLessThan(45_000);
  }, 180_000);
});
