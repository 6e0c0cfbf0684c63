/**
 * Once per test run: a fresh PostgreSQL database (migrated with the real migrations, seeded with the demo
 * seed) and a unique Redis key prefix. Both are removed at the end. Uses the servers named by
 * TEST_DATABASE_URL / DATABASE_URL and REDIS_URL (default: the local ones); testcontainers is not used
 * because no Docker engine runs on our machines.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ensureDevKeys } from '@councilpay/fpx';
import Redis from 'ioredis';
import { Client } from 'pg';
import type { TestProject } from 'vitest/node';
import { giveOwnInvoiceNumbers } from './invoice-numbers';
import { freePort } from './ports';

/**
 * What the test files of one vitest worker share. Files run side by side, one per worker; the files of one worker
 * run one after another on its lane, so a file sees its own rows and queues, never a neighbour's mid-test:
 * its own database (a copy of the seeded one), Redis key prefix, API port and gateway simulator delivering to it.
 */
export interface Lane {
  databaseUrl: string;
  redisPrefix: string;
  /** The port payment tests listen on, where this lane's simulator delivers direct ACs and card callbacks. */
  apiPort: number;
  simUrl: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** One lane per vitest worker, by VITEST_POOL_ID (1 → lanes[0]); see test/lane.ts. */
    lanes: Lane[];
    /** A copy of the database as migrated and seeded, never connected to: what isolatedDatabaseUrl() copies. */
    templateDatabase: string;
    redisUrl: string;
    devKeysDir: string;
    /** The ids of the bills the demo seed wrote (test files add bills of their own beside them). */
    seededPayableIds: string[];
  }
}

const ROOT = resolve(__dirname, '../../..');

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`gateway simulator exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`gateway simulator did not answer ${url}`);
}

/** The real gateway simulator, from source, talking to the API port payment tests listen on. */
async function startSimulator(devKeysDir: string, apiPort: number) {
  const simPort = await freePort();
  const simUrl = `http://127.0.0.1:${simPort}`;
  const child = spawn(
    process.execPath,
    [resolve(ROOT, 'node_modules/tsx/dist/cli.mjs'), resolve(ROOT, 'apps/gateway-sim/src/main.ts')],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        SIM_HOST: '127.0.0.1',
        SIM_PORT: String(simPort),
        SIM_PUBLIC_URL: simUrl,
        DEV_KEYS_DIR: devKeysDir,
        SIM_STATE_FILE: 'off',
        LOG_LEVEL: process.env.SIM_LOG_LEVEL || 'warn',
        FPX_DIRECT_AC_URL: `http://127.0.0.1:${apiPort}/api/gateways/fpx/direct`,
        FPX_INDIRECT_AC_URL: `http://127.0.0.1:${apiPort}/api/gateways/fpx/indirect`,
        SIM_RETRY_DELAYS_MS: '200,500,1000',
        SIM_RETRY_MAX_ATTEMPTS: '5',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  await waitForHealth(`${simUrl}/health`, child);
  return { simUrl, child };
}

export default async function setup(project: TestProject) {
  const baseUrl =
    process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || 'postgresql://postgres@127.0.0.1:5432/postgres';
  const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
  const runId = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const database = `councilpay_test_${runId}`;
  const databaseUrl = withDatabase(baseUrl, database);
  const redisPrefix = `cp-test-${runId}`;

  const admin = new Client({ connectionString: withDatabase(baseUrl, 'postgres') });
  await admin.connect();
  const { rows } = await admin.query<{ version: string }>(`SELECT current_setting('server_version') AS version`);
  await admin.query(`CREATE DATABASE "${database}"`);
  await admin.end();

  const env = { ...process.env, DATABASE_URL: databaseUrl };
  execFileSync(process.execPath, [resolve(ROOT, 'scripts/prisma.mjs'), 'migrate', 'deploy'], {
    cwd: ROOT,
    env,
    stdio: 'pipe',
  });
  execFileSync(process.execPath, [resolve(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'prisma/seed/index.ts'], {
    cwd: ROOT,
    env,
    stdio: 'pipe',
  });

  // Kept as seeded for the tests that change what every other file reads (the one configuration row):
  // they get a database of their own, copied from this one.
  const templateDatabase = `${database}_template`;
  const seeded = new Client({ connectionString: databaseUrl });
  await seeded.connect();
  const seededPayableIds = (
    await seeded.query<{ id: string }>('SELECT id FROM "Payable" WHERE "parentId" IS NULL ORDER BY "accountNo"')
  ).rows.map((r) => r.id);
  await seeded.end();
  const copier = new Client({ connectionString: withDatabase(baseUrl, 'postgres') });
  await copier.connect();
  await copier.query(`CREATE DATABASE "${templateDatabase}" TEMPLATE "${database}"`);
  await copier.end();

  const devKeysDir = ensureDevKeys(mkdtempSync(join(tmpdir(), 'councilpay-test-keys-'))).dir;
  // As many lanes as the API's files may run side by side; lane 1 uses the seeded database itself.
  const laneCount = Math.max(1, Number(project.config.maxWorkers || project.vitest.config.maxWorkers) || 1);
  const lanes: Lane[] = [];
  const simulators: ChildProcess[] = [];
  try {
    for (let n = 1; n <= laneCount; n += 1) {
      let laneDatabaseUrl = databaseUrl;
      if (n > 1) {
        const laneDatabase = `${database}_lane${n}`;
        const client = new Client({ connectionString: withDatabase(baseUrl, 'postgres') });
        await client.connect();
        await client.query(`CREATE DATABASE "${laneDatabase}" TEMPLATE "${templateDatabase}"`);
        await client.end();
        laneDatabaseUrl = withDatabase(baseUrl, laneDatabase);
        await giveOwnInvoiceNumbers(laneDatabaseUrl);
      }
      const apiPort = await freePort();
      const sim = await startSimulator(devKeysDir, apiPort);
      simulators.push(sim.child);
      lanes.push({ databaseUrl: laneDatabaseUrl, redisPrefix: `${redisPrefix}-lane${n}`, apiPort, simUrl: sim.simUrl });
    }
  } catch (error) {
    for (const child of simulators) child.kill('SIGTERM');
    throw error;
  }

  const redis = new Redis(redisUrl, { lazyConnect: true });
  await redis.connect();
  const redisVersion = /redis_version:(\S+)/.exec(await redis.info('server'))?.[1];
  redis.disconnect();

  process.stdout.write(
    `[test setup] PostgreSQL ${rows[0].version}: database ${database} created, migrated and seeded; ` +
      `Redis ${redisVersion} at ${new URL(redisUrl).host}: key prefix ${redisPrefix}; ` +
      `${laneCount} lane(s), gateway simulators at ${lanes.map((l) => l.simUrl).join(', ')}\n`,
  );
  project.provide('lanes', lanes);
  project.provide('templateDatabase', templateDatabase);
  project.provide('redisUrl', redisUrl);
  project.provide('devKeysDir', devKeysDir);
  project.provide('seededPayableIds', seededPayableIds);

  return async () => {
    for (const child of simulators) child.kill('SIGTERM');
    rmSync(devKeysDir, { recursive: true, force: true });
    const cleanup = new Client({ connectionString: withDatabase(baseUrl, 'postgres') });
    await cleanup.connect();
    // The run's database, its template and every copy made of it.
    const { rows: mine } = await cleanup.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE left(datname, length($1)) = $1`,
      [database],
    );
    for (const { datname } of mine) await cleanup.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    await cleanup.end();
    const r = new Redis(redisUrl);
    let cursor = '0';
    let removed = 0;
    do {
      const [next, keys] = await r.scan(cursor, 'MATCH', `${redisPrefix}*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length) removed += await r.del(...keys);
    } while (cursor !== '0');
    r.disconnect();
    process.stdout.write(
      `[test teardown] dropped ${database} and its copies; removed ${removed} Redis keys under ${redisPrefix}\n`,
    );
  };
}
