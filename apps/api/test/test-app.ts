import type { INestApplication } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { inject } from 'vitest';
import { createApi } from '../src/bootstrap';
import { AppConfig, loadConfig } from '../src/config/config';
import { giveOwnInvoiceNumbers } from './invoice-numbers';
import { lane } from './lane';

/** The configuration of this file's lane (test/lane.ts): its database, Redis prefix, API port and simulator. */
export function testConfig(overrides: Record<string, string> = {}): AppConfig {
  return loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: lane().databaseUrl,
    REDIS_URL: inject('redisUrl'),
    REDIS_PREFIX: lane().redisPrefix,
    LOG_LEVEL: 'silent',
    DEV_KEYS_DIR: inject('devKeysDir'),
    SIM_PUBLIC_URL: lane().simUrl,
    PUBLIC_URL: `http://127.0.0.1:${lane().apiPort}`,
    ...overrides,
  });
}

/** The real HTTP application, initialised (not listening): use with supertest(app.getHttpServer()). */
export async function createTestApi(overrides: Record<string, string> = {}): Promise<INestApplication> {
  const app = await createApi(testConfig(overrides));
  await app.init();
  return app;
}

/** The API listening on the port its lane's gateway simulator calls back (one such app per lane at a time). */
export async function startListeningApi(overrides: Record<string, string> = {}): Promise<INestApplication> {
  const app = await createApi(testConfig(overrides));
  await app.listen(lane().apiPort, '127.0.0.1');
  return app;
}

/**
 * A database of this test file's own, as migrated and seeded, for a test that changes what every other file
 * reads (the configuration row: service closed, announcement, app version) or cuts its connections. Test files
 * run side by side on the run's database; such a change there would show in another file's test that happens
 * to read it. Dropped with the run's database at the end.
 */
export async function isolatedDatabaseUrl(): Promise<string> {
  const url = new URL(lane().databaseUrl);
  const name = `${inject('templateDatabase')}_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).toString() });
  await admin.connect();
  try {
    // Two copies started at the same moment: PostgreSQL refuses the second while the first reads the template.
    for (let attempt = 1; ; attempt += 1) {
      try {
        await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${inject('templateDatabase')}"`);
        break;
      } catch (error) {
        if (attempt >= 20 || !/being accessed by other users/.test(String(error))) throw error;
        await new Promise((r) => setTimeout(r, 250 * attempt));
      }
    }
  } finally {
    await admin.end();
  }
  url.pathname = `/${name}`;
  await giveOwnInvoiceNumbers(url.toString());
  return url.toString();
}
