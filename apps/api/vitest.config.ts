import swc from 'unplugin-swc';
import { defineProject } from 'vitest/config';
import { hangTimeouts, workspaceAliases } from '../../vitest.shared';

/**
 * API tests run against the real PostgreSQL and Redis: test/global-setup.ts makes a throwaway database
 * (migrated and seeded) and a unique Redis key prefix for the run, and removes both afterwards.
 * SWC compiles the tests because Nest's dependency injection needs decorator metadata, which esbuild omits.
 */
export default defineProject({
  root: __dirname,
  plugins: [swc.vite({ module: { type: 'es6' }, jsc: { target: 'es2022' } })],
  resolve: { alias: workspaceAliases },
  test: {
    name: 'api',
    include: ['src/**/*.spec.ts', 'test/**/*.spec.ts'],
    environment: 'node',
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/setup.ts'],
    ...hangTimeouts,
    // Two files at a time, each on its worker's lane (test/lane.ts: its own database, Redis prefix, API port and
    // gateway simulator); the files of one lane run one after another, so row assertions stay exact. Most of a
    // file's time is spent waiting on PostgreSQL, Redis, the simulator or a worker process, so two lanes use
    // two cores. A group of its own, after the other projects' files.
    fileParallelism: true,
    maxWorkers: 2,
    sequence: { groupOrder: 1 },
    // A worker keeps its modules from one file to the next (Nest, Prisma and the app load once per worker, not
    // once per file: about 3 s of a core each time). Every file closes the apps and workers it starts, so
    // nothing of one file runs on into the next; module state is constants and one-time set-up only.
    isolate: false,
  },
});
