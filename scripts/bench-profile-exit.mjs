// Preloaded (--import) into the API processes `npm run bench -- --profile` starts with --cpu-prof: a process
// writes its CPU profile only when it exits normally, so on SIGTERM it exits (code 0) instead of dying by the
// signal. Only for profiling runs: the API's own graceful shutdown is skipped.
import cluster from 'node:cluster';

if (cluster.isWorker) process.on('SIGTERM', () => process.exit(0));
