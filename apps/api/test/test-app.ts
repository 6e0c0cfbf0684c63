import type { INestApplication } from '@nestjs/common';
import { inject } from 'vitest';
import { createApi } from '../src/bootstrap';
import { AppConfig, loadConfig } from '../src/config/config';

/** The configuration of this test run: its own database and Redis prefix. */
export function testConfig(overrides: Record<string, string> = {}): AppConfig {
  return loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: inject('databaseUrl'),
    REDIS_URL: inject('redisUrl'),
    REDIS_PREFIX: inject('redisPrefix'),
    LOG_LEVEL: 'silent',
    DEV_KEYS_DIR: inject('devKeysDir'),
    SIM_PUBLIC_URL: inject('simUrl'),
    PUBLIC_URL: `http://127.0.0.1:${inject('apiPort')}`,
    ...overrides,
  });
}

/** The real HTTP application, initialised (not listening): use with supertest(app.getHttpServer()). */
export async function createTestApi(overrides: Record<string, string> = {}): Promise<INestApplication> {
  const app = await createApi(testConfig(overrides));
  await app.init();
  return app;
}

/** The API listening on the port the gateway simulator calls back (one such app at a time). */
export async function startListeningApi(overrides: Record<string, string> = {}): Promise<INestApplication> {
  const app = await createApi(testConfig(overrides));
  await app.listen(inject('apiPort'), '127.0.0.1');
  return app;
}
