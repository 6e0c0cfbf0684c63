// The processes a chaos run owns and breaks on purpose: its own Redis server (stopped and started again), the
// built API and worker (killed and restarted) and the gateway simulator. Each writes to a log file of the run;
// nothing here touches a process the run did not start.
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { resolve } from 'node:path';
import { ROOT, waitForPort } from '../lib.mjs';

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Polls `check` until it returns a truthy value; throws naming `what` after `timeoutMs`. */
export async function waitUntil(check, timeoutMs, what, everyMs = 250) {
  const deadline = Date.now() + timeoutMs;
  let last;
  while (Date.now() < deadline) {
    try {
      last = await check();
      if (last) return last;
    } catch {
      // not yet
    }
    await sleep(everyMs);
  }
  throw new Error(`${what}: not within ${Math.round(timeoutMs / 1000)} s`);
}

/** One long-running child, restartable, its output appended to `logFile`. */
export class Managed {
  constructor(name, command, args, env, logFile) {
    Object.assign(this, { name, command, args, env, logFile, child: null, starts: 0 });
    this.log = createWriteStream(logFile, { flags: 'a' });
  }

  start() {
    this.starts += 1;
    this.log.write(`\n=== ${this.name} start #${this.starts} at ${new Date().toISOString()} ===\n`);
    const child = spawn(this.command, this.args, { cwd: ROOT, env: this.env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.pipe(this.log, { end: false });
    child.stderr.pipe(this.log, { end: false });
    child.exited = new Promise((r) => child.once('exit', (code, signal) => r(signal ?? code)));
    this.child = child;
    return child;
  }

  get alive() {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Sends `signal` to this process (only the one this object started) and waits for it to exit. */
  async stop(signal = 'SIGTERM', graceMs = 15_000) {
    const child = this.child;
    if (!child || !this.alive) return;
    child.kill(signal);
    const ended = await Promise.race([child.exited.then(() => true), sleep(graceMs).then(() => false)]);
    if (!ended) {
      child.kill('SIGKILL');
      await child.exited;
    }
  }
}

export function nodeProcess(name, script, env, logFile) {
  return new Managed(name, process.execPath, [resolve(ROOT, script)], env, logFile);
}

/** A Redis server of this run only (no persistence), so stopping it harms nobody else. */
export function redisProcess(port, logFile) {
  return new Managed(
    'redis',
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    process.env,
    logFile,
  );
}

export async function waitForRedis(port, timeoutMs = 30_000) {
  await waitUntil(() => waitForPort('127.0.0.1', port, 1000).then(() => true), timeoutMs, `redis :${port} up`);
}
