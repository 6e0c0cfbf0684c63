import { defineProject } from 'vitest/config';
import { workspaceAliases, hangTimeouts } from '../../vitest.shared';

/** Unit tests of the data and i18n providers (no DOM: jsdom is not installed). */
export default defineProject({
  root: __dirname,
  resolve: { alias: workspaceAliases },
  test: { name: 'console', include: ['src/**/*.spec.ts'], environment: 'node', ...hangTimeouts },
});
