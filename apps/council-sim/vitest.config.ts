import { defineProject } from 'vitest/config';
import { workspaceAliases, hangTimeouts } from '../../vitest.shared';

export default defineProject({
  root: __dirname,
  resolve: { alias: workspaceAliases },
  test: { name: 'council-sim', include: ['src/**/*.spec.ts'], environment: 'node', ...hangTimeouts },
});
