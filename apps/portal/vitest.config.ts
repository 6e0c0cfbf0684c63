import { defineProject } from 'vitest/config';
import { workspaceAliases, hangTimeouts } from '../../vitest.shared';

/** Unit tests of pure logic (no DOM: jsdom is not installed); journeys are Playwright e2e tests. */
export default defineProject({
  root: __dirname,
  resolve: { alias: workspaceAliases },
  test: { name: 'portal', include: ['src/**/*.spec.ts'], environment: 'node', ...hangTimeouts },
});
