import { inject } from 'vitest';
import type { Lane } from './global-setup';

/**
 * This test file's lane: the database, Redis prefix, API port and gateway simulator of the vitest worker it runs
 * in. Files of one worker run one after another on its lane; files of different workers never share one.
 */
export function lane(): Lane {
  const lanes = inject('lanes');
  const poolId = Number(process.env.VITEST_POOL_ID ?? '1');
  const found = lanes[poolId - 1];
  if (!found) throw new Error(`vitest worker ${poolId} has no lane: global setup made ${lanes.length}`);
  return found;
}
