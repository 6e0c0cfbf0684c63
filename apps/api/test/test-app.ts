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
    ...overrides,
  });
}

/** The real HTTP application, initialised (not listening): use with supertest(app.getHttpServer()). */
export async function createTestApi(overrides: Record<string, string> = {}): Promise<INestApplication> {
  const app = await createApi(testConfig(overrides));
  await app.init();
  return app;
}
