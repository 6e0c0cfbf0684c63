/**
 * The API's V8 heap, as every way of starting it sets it (the image, Kubernetes, compose and the scripts): its
 * live set is about 80 MB, and without a limit V8 lets garbage grow the heap to several times that under a steady
 * stream of allocations (a bill file of a million rows took the process to 500 MB of RSS; with the limit, 264 MB).
 */
export const API_HEAP_MB = 256;

/** Node's options for a built script: the API's heap size for the API, none for the others. */
export function nodeArgsFor(script) {
  return script.endsWith('apps/api/dist/main.js') ? [`--max-old-space-size=${API_HEAP_MB}`] : [];
}
