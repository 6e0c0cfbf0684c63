import { defineConfig } from 'vitest/config';

/** Every project's tests; `npm run test:unit` runs them all against the real PostgreSQL and Redis. */
export default defineConfig({
  test: {
    projects: ['libs/*/vitest.config.ts', 'apps/*/vitest.config.ts', 'deploy/vitest.config.ts'],
  },
});
