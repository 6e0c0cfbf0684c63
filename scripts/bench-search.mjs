#!/usr/bin/env node
// Benchmark of POST /api/search with many payables: seeds a bench database with N generated payables
// (`npm run db:seed -- --payables N`, skipped when they are already there), starts the built API on it and
// prints the latency percentiles of searches for random generated accounts. A benchmark prints figures; it
// asserts nothing. Expects `npm run build` to have run (it uses apps/api/dist).
//
//   node scripts/bench-search.mjs [--payables 1000000] [--requests 5000] [--concurrency 8] [--drop]
//
// BENCH_DATABASE_URL (default: the local server, database councilpay_bench) and REDIS_URL choose the servers.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import {
  DEFAULTS,
  deleteRedisPrefix,
  dropDatabase,
  ensureDatabase,
  freePort,
  log,
  migrateAndSeed,
  node,
  startProcesses,
  waitForHttp,
} from './lib.mjs';

const { values: args } = parseArgs({
  options: {
    payables: { type: 'string', default: '1000000' },
    requests: { type: 'string', default: '5000' },
    concurrency: { type: 'string', default: '8' },
    drop: { type: 'boolean', default: false },
  },
});
const N = Number(args.payables);
const REQUESTS = Number(args.requests);
const CONCURRENCY = Number(args.concurrency);
for (const [name, value] of [
  ['--payables', N],
  ['--requests', REQUESTS],
  ['--concurrency', CONCURRENCY],
]) {
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} needs a whole number above 0`);
}

/**
 * Generated payables a payer could find, read from the bench database itself (so this script never has to
 * know how prisma/seed/generate.ts makes them): a random sample of those whose council takes their type.
 */
async function searchableTargets(databaseUrl, count) {
  const rows = await query(
    databaseUrl,
    `SELECT p."councilCode" AS council, p."type"::text AS type, p."displayNo" AS "accountNo"
     FROM "Payable" p JOIN "Council" c ON c."code" = p."councilCode"
     WHERE p."accountNo" ILIKE 'gen%' AND c."active" AND p."type" = ANY(c."payableTypes")
     ORDER BY random() LIMIT $1`,
    [count],
  );
  if (rows.length === 0) throw new Error('the bench database holds no generated payables');
  return rows;
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function query(databaseUrl, sql, params = []) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows;
  } finally {
    await client.end();
  }
}

async function seed(env) {
  await ensureDatabase(env.DATABASE_URL);
  let have = 0;
  try {
    const [{ n }] = await query(
      env.DATABASE_URL,
      `SELECT count(*)::int AS n FROM "Payable" WHERE "accountNo" ILIKE 'gen%'`,
    );
    have = n;
  } catch {
    // A new database: not migrated yet.
  }
  if (have >= N) {
    log(`bench database already holds ${have} generated payables; not seeding`);
    node('scripts/prisma.mjs', ['migrate', 'deploy'], { env });
  } else {
    log(`seeding ${N} generated payables (a million take a few minutes) ...`);
    const started = performance.now();
    migrateAndSeed(env, ['--payables', String(N)]);
    log(`seeded in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
  await query(env.DATABASE_URL, 'ANALYZE "Payable"');
  const [{ total }] = await query(env.DATABASE_URL, 'SELECT count(*)::int AS total FROM "Payable"');
  return total;
}

async function searchOnce(baseUrl, body) {
  const started = performance.now();
  const res = await fetch(`${baseUrl}/api/search`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  await res.arrayBuffer();
  return { ms: performance.now() - started, status: res.status };
}

async function run(baseUrl, count, makeBody) {
  const latencies = [];
  const statuses = new Map();
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) {
        next += 1;
        const { ms, status } = await searchOnce(baseUrl, makeBody());
        latencies.push(ms);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { latencies, statuses, seconds };
}

function report(label, { latencies, statuses, seconds }) {
  const fmt = (ms) => `${ms.toFixed(1)} ms`;
  const mean = latencies.reduce((a, b) => a + b, 0) / latencies.length;
  process.stdout.write(
    `${label.padEnd(26)} n=${String(latencies.length).padEnd(6)} p50 ${fmt(percentile(latencies, 50)).padEnd(9)} ` +
      `p95 ${fmt(percentile(latencies, 95)).padEnd(9)} p99 ${fmt(percentile(latencies, 99)).padEnd(9)} ` +
      `mean ${fmt(mean).padEnd(9)} ${(latencies.length / seconds).toFixed(0)} req/s  ` +
      `statuses ${JSON.stringify(Object.fromEntries(statuses))}\n`,
  );
}

async function main() {
  const base = new URL(process.env.BENCH_DATABASE_URL || DEFAULTS.DATABASE_URL);
  if (!process.env.BENCH_DATABASE_URL) base.pathname = '/councilpay_bench';
  const port = await freePort();
  const runId = Date.now().toString(36);
  const keysDir = mkdtempSync(join(tmpdir(), 'councilpay-bench-keys-'));
  const env = {
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATABASE_URL: base.toString(),
    REDIS_URL: process.env.REDIS_URL || DEFAULTS.REDIS_URL,
    REDIS_PREFIX: `cp-bench-${runId}`,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DEV_KEYS_DIR: keysDir,
    PORTAL_DIST: '',
    CONSOLE_DIST: '',
  };

  const total = await seed(env);
  const targets = await searchableTargets(env.DATABASE_URL, 2000);
  const randomTarget = () => targets[Math.floor(Math.random() * targets.length)];
  const planned = await query(
    env.DATABASE_URL,
    `SELECT "accountNo" FROM "Payable" WHERE "councilCode" = $1 AND "displayNo" = $2`,
    [targets[0].council, targets[0].accountNo],
  );
  const plan = await query(
    env.DATABASE_URL,
    `EXPLAIN ANALYZE SELECT * FROM "Payable" WHERE "councilCode" = $1 AND type = $2::"PayableType" AND "planType" = '' AND "accountNo" = $3`,
    [targets[0].council, targets[0].type, planned[0].accountNo],
  );

  node('apps/gateway-sim/dist/dev-keys-cli.js', [keysDir], { env, stdio: 'ignore' });
  const { stop } = startProcesses([{ name: 'api', script: 'apps/api/dist/main.js' }], env);
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${baseUrl}/api/health`);
    const sample = targets[0];
    const check = await fetch(`${baseUrl}/api/search`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(sample),
    });
    if (check.status !== 200) {
      throw new Error(`a generated payable was not found by search (${check.status} ${await check.text()})`);
    }

    await run(baseUrl, Math.min(500, REQUESTS), randomTarget); // warm-up: connections, JIT, buffers
    process.stdout.write(
      `\nPOST /api/search on ${total.toLocaleString('en')} payables, ${REQUESTS} requests per row, concurrency ${CONCURRENCY}\n`,
    );
    report('found (random accounts)', await run(baseUrl, REQUESTS, randomTarget));
    report(
      'not found',
      await run(baseUrl, REQUESTS, () => ({ ...randomTarget(), accountNo: `NOPE${Math.floor(Math.random() * 1e9)}` })),
    );
    report(
      'licence + 2 dependents',
      await run(baseUrl, REQUESTS, () => ({ council: 'mdpg', type: 'trading_license', accountNo: 'LP-2025-0001' })),
    );
    process.stdout.write(`\nThe lookup's plan:\n${plan.map((row) => `  ${row['QUERY PLAN']}`).join('\n')}\n`);
  } finally {
    await stop(5000);
    await deleteRedisPrefix(env.REDIS_URL, env.REDIS_PREFIX).catch(() => undefined);
    rmSync(keysDir, { recursive: true, force: true });
    if (args.drop) {
      await dropDatabase(env.DATABASE_URL);
      log(`dropped ${base.pathname.slice(1)}`);
    } else {
      log(`kept ${base.pathname.slice(1)} for the next run (--drop removes it)`);
    }
  }
}

main().catch((error) => {
  process.stderr.write(`[bench-search] ${error.stack ?? error.message}\n`);
  process.exit(1);
});
