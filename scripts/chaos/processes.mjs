// The processes a chaos run owns and breaks on purpose: its own Redis server (stopped and started again), the
// built API and worker (killed and restarted) and the gateway simulator. Each writes to a log file of the run;
// nothing here touches a process the run did not start.
import { spawn } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ROOT, nodeArgsFor, waitForPort } from '../lib.mjs';

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

/**
 * One long-running child, restartable, its output appended to `logFile`. Every start is kept in `history`
 * (when it started, when and how it ended, and whether the run stopped it or it ended by itself), so a failed
 * run can say which process died, when, and with what code.
 */
export class Managed {
  constructor(name, command, args, env, logFile) {
    Object.assign(this, { name, command, args, env, logFile, child: null, starts: 0, history: [] });
    this.log = createWriteStream(logFile, { flags: 'a' });
  }

  start() {
    this.starts += 1;
    const entry = {
      start: this.starts,
      startedAt: Date.now(),
      endedAt: null,
      code: null,
      signal: null,
      stopped: false,
    };
    this.history.push(entry);
    this.log.write(`\n=== ${this.name} start #${this.starts} at ${new Date(entry.startedAt).toISOString()} ===\n`);
    const child = spawn(this.command, this.args, { cwd: ROOT, env: this.env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.pipe(this.log, { end: false });
    child.stderr.pipe(this.log, { end: false });
    child.entry = entry;
    child.exited = new Promise((r) =>
      child.once('exit', (code, signal) => {
        Object.assign(entry, { endedAt: Date.now(), code, signal });
        const how = entry.stopped ? 'stopped by the run' : 'ENDED BY ITSELF';
        this.log.write(
          `\n=== ${this.name} #${entry.start} ${how} at ${new Date(entry.endedAt).toISOString()}: ${signal ?? `exit code ${code}`} ===\n`,
        );
        r(signal ?? code);
      }),
    );
    this.child = child;
    return child;
  }

  /** The starts of this process that ended without the run stopping them (a crash, an exit of its own). */
  get unexpectedEnds() {
    return this.history.filter((e) => e.endedAt !== null && !e.stopped);
  }

  /** One line per start: when, and how it ended or that it still runs. */
  describe(runStartedAt) {
    const at = (ms) => `${((ms - runStartedAt) / 1000).toFixed(1)} s`;
    return this.history.map((e) => {
      const end =
        e.endedAt === null
          ? 'still running'
          : `${e.stopped ? 'stopped by the run' : 'ENDED BY ITSELF'} at ${at(e.endedAt)} (${e.signal ?? `exit code ${e.code}`})`;
      return `${this.name} #${e.start}: started at ${at(e.startedAt)}, ${end}`;
    });
  }

  get alive() {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Sends `signal` to this process (only the one this object started) and waits for it to exit. */
  async stop(signal = 'SIGTERM', graceMs = 15_000) {
    const child = this.child;
    if (!child || !this.alive) return;
    child.entry.stopped = true;
    child.kill(signal);
    const ended = await Promise.race([child.exited.then(() => true), sleep(graceMs).then(() => false)]);
    if (!ended) {
      child.kill('SIGKILL');
      await child.exited;
    }
  }
}

export function nodeProcess(name, script, env, logFile) {
  return new Managed(name, process.execPath, [...nodeArgsFor(script), resolve(ROOT, script)], env, logFile);
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

/** The last `lines` lines of a log file, or a note that there is none. */
export function tail(logFile, lines = 40) {
  try {
    return readFileSync(logFile, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

export async function waitForRedis(port, timeoutMs = 30_000) {
  await waitUntil(() => waitForPort('127.0.0.1', port, 1000).then(() => true), timeoutMs, `redis :${port} up`);
}
