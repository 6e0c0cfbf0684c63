import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_HEAP_MB, nodeArgsFor } from '../../scripts/api-heap.mjs';

const ROOT = resolve(__dirname, '../..');
const FLAG = `--max-old-space-size=${API_HEAP_MB}`;

/** Every line of a deployment file that starts the built API. */
function apiStarts(file: string): string[] {
  return readFileSync(resolve(ROOT, file), 'utf8')
    .split('\n')
    .filter((line) => line.includes('apps/api/dist/main.js') && !line.trim().startsWith('#'));
}

/**
 * The API's V8 heap is sized wherever it is started: without the limit V8 lets garbage grow the heap far past the
 * live set under a steady stream of allocations (a large bill file), and the process past its memory budget.
 */
describe("the API's heap", () => {
  it('is limited the same way by the image, Kubernetes, compose and the scripts', () => {
    const starts = ['Dockerfile', 'deploy/kubernetes/base/api-deployment.yaml', 'docker-compose.yml'].flatMap((file) =>
      apiStarts(file).map((line) => [file, line.trim()] as const),
    );
    expect(starts.length).toBeGreaterThanOrEqual(4);
    for (const [file, line] of starts) expect(line, file).toContain(FLAG);
    expect(nodeArgsFor('apps/api/dist/main.js')).toEqual([FLAG]);
    expect(nodeArgsFor('apps/api/dist/worker.js')).toEqual([]);
  });
});
