#!/usr/bin/env node
// Runs the built API (apps/api/dist/main.js) as API_PROCESSES processes sharing one port (Node's cluster: the
// primary accepts connections and hands them round robin to the processes), so one API uses every core.
// The processes are the same stateless API: sessions, rate limits and caches live in Redis and PostgreSQL.
// A process that dies is started again; SIGTERM or SIGINT stops them all (each finishes its requests first).
// Options given to node (e.g. --cpu-prof) are passed to every process.
//
//   API_PROCESSES=2 node scripts/api-cluster.mjs     (default: the number of cores)
import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { ROOT, nodeArgsFor } from './lib.mjs';

const raw = process.env.API_PROCESSES || String(availableParallelism());
const count = Number(raw);
if (!/^\d+$/.test(raw) || count < 1 || count > 64) {
  process.stderr.write(`[api-cluster] API_PROCESSES must be a whole number from 1 to 64 (got "${raw}")\n`);
  process.exit(1);
}

const API = resolve(ROOT, 'apps/api/dist/main.js');
cluster.setupPrimary({ exec: API, execArgv: [...nodeArgsFor(API), ...process.execArgv] });
let stopping = false;
for (let i = 0; i < count; i += 1) cluster.fork();
cluster.on('exit', (worker, code, signal) => {
  if (stopping) {
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
    return;
  }
  process.stderr.write(
    `[api-cluster] API process ${worker.process.pid} exited (${signal ?? code}); starting another\n`,
  );
  // A process that cannot start at all (bad configuration) would fail again at once: stop instead of looping.
  if (code === 1 && Date.now() - worker.startedAt < 5000) {
    process.stderr.write('[api-cluster] it failed within 5 s of starting; stopping\n');
    stopping = true;
    for (const other of Object.values(cluster.workers ?? {})) other?.process.kill('SIGTERM');
    process.exitCode = 1;
    return;
  }
  cluster.fork().startedAt = Date.now();
});
for (const worker of Object.values(cluster.workers ?? {})) if (worker) worker.startedAt = Date.now();

const stop = () => {
  stopping = true;
  const workers = Object.values(cluster.workers ?? {}).filter(Boolean);
  if (workers.length === 0) process.exit(process.exitCode ?? 0);
  for (const worker of workers) worker.process.kill('SIGTERM');
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
