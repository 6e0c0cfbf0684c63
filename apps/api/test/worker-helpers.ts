import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
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
