import { writeSync } from 'node:fs';

/**
 * The worker process's two promises to whoever runs it (Kubernetes, compose, `npm start`, the chaos run):
 *
 * - A worker that cannot start exits with code 1 and one line saying why and at which step: a start that has
 *   not finished within its deadline (Redis unreachable, a schedule refused) ends instead of hanging unseen.
 * - A worker that started never ends silently: an uncaught error, an unhandled rejection or a process that
 *   runs out of work (every connection closed) writes one `fatal` line and exits non-zero, so the supervisor
 *   restarts it and the operator sees why. A stop asked for by SIGTERM/SIGINT ends by that signal as usual.
 */

let step = 'loading its modules';

/** What the worker is doing while it starts; named in the message when the start deadline passes. */
export function reportStartupStep(what: string): void {
  step = what;
}

/** One JSON line on stderr, written synchronously: it must be out before the process ends. */
function fatal(msg: string, extra: Record<string, unknown> = {}): void {
  const line = JSON.stringify({ level: 'fatal', time: new Date().toISOString(), service: 'worker', msg, ...extra });
  try {
    writeSync(2, `${line}\n`);
  } catch {
    // stderr closed: nothing more can be said
  }
}

function describe(error: unknown): Record<string, unknown> {
  return error instanceof Error
    ? { err: { type: error.name, message: error.message, stack: error.stack } }
    : { err: String(error) };
}

export interface WorkerProcessWatch {
  /** The worker has started: the deadline no longer applies. */
  started(): void;
  /** The start failed: say so and exit 1. */
  failedToStart(error: unknown): never;
}

/** Installs the deadline and the process handlers; call once, first thing in the worker's main. */
export function watchWorkerProcess(startTimeoutMs: number): WorkerProcessWatch {
  let reported = false;
  const end = (msg: string, extra: Record<string, unknown>): never => {
    reported = true;
    fatal(msg, extra);
    process.exit(1);
  };
  const deadline = setTimeout(
    () =>
      end(`Worker could not start within ${Math.round(startTimeoutMs / 1000)} s: still ${step}`, {
        step,
        startTimeoutMs,
      }),
    startTimeoutMs,
  );
  process.on('uncaughtException', (error) => end('Worker stopped: uncaught error', describe(error)));
  process.on('unhandledRejection', (reason) => end('Worker stopped: unhandled promise rejection', describe(reason)));
  // Reached only by an exit nobody asked for (a signal ends the process without this event): the event loop
  // ran dry, or something called process.exit.
  process.on('exit', (code) => {
    if (reported) return;
    fatal(
      code === 0
        ? 'Worker ended by itself: it had no work left (every connection and timer closed)'
        : `Worker ended by itself with exit code ${code}`,
      { code },
    );
    if (code === 0) process.exitCode = 1;
  });
  return {
    started: () => clearTimeout(deadline),
    failedToStart: (error) => end(`Worker failed to start while ${step}`, { step, ...describe(error) }),
  };
}
