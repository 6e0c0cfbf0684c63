import { defineConfig } from 'vitest/config';

/** Every project's tests; `npm run test:unit` runs them all against the real PostgreSQL and Redis. */
export default defineConfig({
  test: {
    // Two files at a time (the default leaves one core of two idle); the API's files have their own group and
    // lanes (apps/api/vitest.config.ts).
    maxWorkers: 2,
    projects: ['libs/*/vitest.config.ts', 'apps/*/vitest.config.ts', 'deploy/vitest.config.ts'],
  },
});
