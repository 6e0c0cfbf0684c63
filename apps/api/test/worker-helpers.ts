import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { spawn, type ChildProcess } from 'node:child_process';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { WorkerModule } from '../src/worker.module';
import { testConfig } from './test-app';
import { freePort } from './ports';

export { freePort };

/**
 * A real SMTP server in the test process: every message it accepts is parsed and kept. `acceptAfterMs` makes it
 * a slow provider: each message is acknowledged that long after it arrived.
 */
export async function startSmtpServer(
  options: { acceptAfterMs?: number } = {},
): Promise<{ url: string; messages: ParsedMail[]; close: () => Promise<void> }> {
  const messages: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then(async (mail) => {
          if (options.acceptAfterMs) await new Promise((r) => setTimeout(r, options.acceptAfterMs));
          messages.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The worker (every processor and schedule), in this process. */
export async function startWorker(overrides: Record<string, string> = {}): Promise<INestApplicationContext> {
  const context = await NestFactory.createApplicationContext(
    WorkerModule.forRoot(testConfig({ OUTBOX_RELAY_EVERY_MS: '200', REQUERY_SWEEP_EVERY_MS: '200', ...overrides })),
    {
      logger: false,
    },
  );
  await context.init();
  return context;
}

export async function until<T>(
  probe: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 90_000,
  everyMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await probe();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, everyMs));
    value = await probe();
  }
  return value;
}

/** A Redis server of the test's own on `port` (no persistence: stopping it loses its data), once it answers. */
export async function startRedisServer(port: number): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  await until(
    () =>
      fetch(`http://127.0.0.1:${port}`).then(
        () => true,
        (e: Error & { cause?: { code?: string } }) => e.cause?.code !== 'ECONNREFUSED',
      ),
    (up) => up,
    10_000,
    50,
  );
  return child;
}

/** Kills a test's Redis server (SIGKILL, as a crash would) and waits for it to be gone. */
export function stopRedisServer(child: ChildProcess | null): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    child.once('exit', () => done());
    child.kill('SIGKILL');
  });
}
