import { defineProject } from 'vitest/config';
import { workspaceAliases } from '../vitest.shared';

/**
 * Deployment checks without a Docker engine or a cluster: docker-compose.yml read as `docker compose` reads
 * it, and the Kubernetes manifests rendered by `kubectl kustomize`, each container's environment handed to
 * the real configuration validators.
 */
export default defineProject({
  root: __dirname,
  resolve: { alias: workspaceAliases },
  test: {
    name: 'deploy',
    include: ['test/**/*.spec.ts'],
    environment: 'node',
    testTimeout: 300_000,
    hookTimeout: 300_000,
  },
});
