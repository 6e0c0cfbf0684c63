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
    // Integration tests share one database; files run one at a time to keep row assertions exact.
    fileParallelism: false,
  },
});
