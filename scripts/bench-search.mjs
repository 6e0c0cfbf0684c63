#!/usr/bin/env node
// Benchmark of POST /api/search with many payables: seeds a bench database with N generated payables
// (`npm run db:seed -- --payables N`, skipped when they are already there), starts the built API on it and
// prints the latency percentiles of searches for random generated accounts. A benchmark prints figures; it
// asserts nothing. Expects `npm run build` to have run (it uses apps/api/dist). `npm run bench` runs the same
// searches (searchBench) as one part of the whole suite.
//
//   node scripts/bench-search.mjs [--payables 1000000] [--requests 5000] [--concurrency 8] [--quick] [--drop]
//
// BENCH_DATABASE_URL (default: the local server, database councilpay_bench) and REDIS_URL choose the servers.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import {
  benchArgs,
  benchDatabase,
  benchEnv,
  deleteRedisPrefix,
  dropDatabase,
  freePort,
  log,
  node,
  query,
  startProcesses,
  waitForHttp,
} from './lib.mjs';

/**
 * Generated payables a payer could find, read from the bench database itself (so this script never has to
 * know how prisma/seed/generate.ts makes them): a random sample of those whose council takes their type.
 */
export async function searchableTargets(databaseUrl, count) {
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

export function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export async function searchOnce(baseUrl, body) {
  const started = performance.now();
  const res = await fetch(`${baseUrl}/api/search`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  await res.arrayBuffer();
  return { ms: performance.now() - started, status: res.status };
}

async function run(baseUrl, count, concurrency, makeBody, capSeconds = Infinity) {
  const latencies = [];
  const statuses = new Map();
  let next = 0;
  const started = performance.now();
  const deadline = started + capSeconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count && performance.now() < deadline) {
        next += 1;
        const { ms, status } = await searchOnce(baseUrl, makeBody());
        latencies.push(ms);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const mean = latencies.reduce((a, b) => a + b, 0) / latencies.length;
  return {
    n: latencies.length,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    mean,
    perSecond: latencies.length / seconds,
    statuses: Object.fromEntries(statuses),
  };
}

function report(label, r) {
  const fmt = (ms) => `${ms.toFixed(1)} ms`;
  return (
    `${label.padEnd(26)} n=${String(r.n).padEnd(6)} p50 ${fmt(r.p50).padEnd(9)} ` +
    `p95 ${fmt(r.p95).padEnd(9)} p99 ${fmt(r.p99).padEnd(9)} ` +
    `mean ${fmt(r.mean).padEnd(9)} ${r.perSecond.toFixed(0)} req/s  ` +
    `statuses ${JSON.stringify(r.statuses)}`
  );
}

/**
 * Searches against a running API on the bench database: a warm-up, then `requests` searches per row at
 * `concurrency` (random generated accounts, accounts that do not exist, a licence with dependents), each row
 * sending none after `capSeconds`. Answers the rows (figures) and their printed lines.
 */
export async function searchBench({ baseUrl, databaseUrl, requests, concurrency, capSeconds = Infinity }) {
  const targets = await searchableTargets(databaseUrl, 2000);
  const randomTarget = () => targets[Math.floor(Math.random() * targets.length)];
  const check = await fetch(`${baseUrl}/api/search`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(targets[0]),
  });
  if (check.status !== 200) {
    throw new Error(`a generated payable was not found by search (${check.status} ${await check.text()})`);
  }
  // Warm-up: connections, JIT, buffers.
  await run(baseUrl, Math.min(500, requests), concurrency, randomTarget, Math.min(capSeconds, 20));
  const rows = {
    found: await run(baseUrl, requests, concurrency, randomTarget, capSeconds),
    notFound: await run(
      baseUrl,
      requests,
      concurrency,
      () => ({ ...randomTarget(), accountNo: `NOPE${Math.floor(Math.random() * 1e9)}` }),
      capSeconds,
    ),
    licence: await run(
      baseUrl,
      requests,
      concurrency,
      () => ({ council: 'mdpg', type: 'trading_license', accountNo: 'LP-2025-0001' }),
      capSeconds,
    ),
  };
  const lines = [
    report('found (random accounts)', rows.found),
    report('not found', rows.notFound),
    report('licence + 2 dependents', rows.licence),
  ];
  return { rows, lines, sample: targets[0] };
}

async function main() {
  const args = benchArgs({
    payables: { default: 1_000_000, quick: 20_000 },
    requests: { default: 5000, quick: 500 },
    concurrency: { default: 8 },
  });
  const db = await benchDatabase('councilpay_bench', args.payables);
  const port = await freePort();
  const runId = Date.now().toString(36);
  const keysDir = mkdtempSync(join(tmpdir(), 'councilpay-bench-keys-'));
  const env = benchEnv({ databaseUrl: db.databaseUrl, port, keysDir, runId });

  node('apps/gateway-sim/dist/dev-keys-cli.js', [keysDir], { env, stdio: 'ignore' });
  const { stop } = startProcesses([{ name: 'api', script: 'apps/api/dist/main.js' }], env);
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${baseUrl}/api/health`);
    const { lines, sample } = await searchBench({
      baseUrl,
      databaseUrl: db.databaseUrl,
      requests: args.requests,
      concurrency: args.concurrency,
    });
    const [payable] = await query(
      db.databaseUrl,
      `SELECT "accountNo" FROM "Payable" WHERE "councilCode" = $1 AND "displayNo" = $2`,
      [sample.council, sample.accountNo],
    );
    const plan = await query(
      db.databaseUrl,
      `EXPLAIN ANALYZE SELECT * FROM "Payable" WHERE "councilCode" = $1 AND type = $2::"PayableType" AND "planType" = '' AND "accountNo" = $3`,
      [sample.council, sample.type, payable.accountNo],
    );
    process.stdout.write(
      `\nPOST /api/search on ${db.total.toLocaleString('en')} payables, ${args.requests} requests per row, concurrency ${args.concurrency}\n`,
    );
    process.stdout.write(`${lines.join('\n')}\n`);
    process.stdout.write(`\nThe lookup's plan:\n${plan.map((row) => `  ${row['QUERY PLAN']}`).join('\n')}\n`);
  } finally {
    await stop(5000);
    await deleteRedisPrefix(env.REDIS_URL, env.REDIS_PREFIX).catch(() => undefined);
    rmSync(keysDir, { recursive: true, force: true });
    if (args.drop) {
      await dropDatabase(db.databaseUrl);
      log(`dropped ${db.name}`);
    } else {
      log(`kept ${db.name} for the next run (--drop removes it)`);
    }
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    process.stderr.write(`[bench-search] ${error.stack ?? error.message}\n`);
    process.exit(1);
  });
}
