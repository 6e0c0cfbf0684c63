import { defineProject } from 'vitest/config';
import { workspaceAliases } from '../../vitest.shared';

export default defineProject({
  root: __dirname,
  resolve: { alias: workspaceAliases },
  test: { name: 'documents', include: ['src/**/*.spec.ts'], environment: 'node', passWithNoTests: true },
});
