#!/usr/bin/env node
// Benchmark of bills coming in, in one run on one bench database:
//   1. a bill file of --rows market bills through the file path (upload → preview, confirm), timed end to end,
//      with the API process's peak RSS (VmHWM) — targets: < 3 min and < 300 MB for 1,000,000 rows;
//   2. --batches API batches of 5,000 bills (signed PUT /api/council/v1/bills/market_bill), p50/p95 — target
//      p95 < 2 s;
//   3. PostgreSQL's own COPY of the file's rows into "Payable" (rolled back), as the ceiling of the file path;
//   4. payers' searches (2 at a time, random generated bills) on a quiet API and while the file is imported.
// A benchmark prints figures; it asserts nothing. Expects `npm run build` to have run (apps/api/dist and
// libs/webhooks/dist). The bench database is seeded with the demo data (its staff accounts) and kept.
//
//   node scripts/bench-bills.mjs [--rows 1000000] [--batches 20] [--quick] [--drop]
//
// BENCH_DATABASE_URL (default: the local server, database councilpay_bench_bills) and REDIS_URL choose the servers.
import { staffSignIn } from './staff-sign-in.mjs';
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createWriteStream, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { once } from 'node:events';
import { createRequire } from 'node:module';
import { percentile, searchOnce, searchableTargets } from './bench-search.mjs';
import {
  ROOT,
  benchArgs,
  benchDatabase,
  benchEnv,
  deleteRedisPrefix,
  dropDatabase,
  freePort,
  log,
  node,
  startProcesses,
  waitForHttp,
} from './lib.mjs';

const { signCouncilRequest } = createRequire(import.meta.url)(resolve(ROOT, 'libs/webhooks/dist/index.js'));
const BATCH = 5_000;
const DEMO_ADMIN = { email: 'admin@councilpay.my', password: process.env.SEED_ADMIN_PASSWORD || 'Demo#CouncilPay2026' };
const HEADER = 'council,account_no,owner_name,owner_id_no,address,balance_rm,market,stall_no,period';

const billOf = (prefix, n) => ({
  account_no: `${prefix}-${n}`,
  owner_name: `PENIAGA ${n}`,
  balance_rm: `${(n % 900) + 10}.50`,
  market: 'Pasar Bench',
  stall_no: String(n % 1000),
  period: '11/2026',
});

/** Writes the bill file and, for COPY, the same rows as "Payable" columns. */
async function writeFiles(dir, prefix, rows) {
  const csv = createWriteStream(join(dir, 'bills.csv'));
  const copy = createWriteStream(join(dir, 'copy.csv'));
  csv.write(`${HEADER}\n`);
  for (let n = 1; n <= rows; n += 1) {
    const b = billOf(prefix, n);
    const line = `mdpg,${b.account_no},${b.owner_name},,,${b.balance_rm},${b.market},${b.stall_no},${b.period}\n`;
    const details = JSON.stringify({ market: b.market, stallNo: b.stall_no, period: b.period }).replace(/"/g, '""');
    const sen = Math.round(Number(b.balance_rm) * 100);
    const copyLine = `${randomUUID()},mdpg,market_bill,${b.account_no.toUpperCase()},"",${b.account_no},${b.owner_name},${sen},"${details}",now\n`;
    if (!csv.write(line)) await once(csv, 'drain');
    if (!copy.write(copyLine)) await once(copy, 'drain');
  }
  csv.end();
  copy.end();
  await Promise.all([once(csv, 'finish'), once(copy, 'finish')]);
}

/** A signed-in staff session (password and second factor): its cookies and CSRF token. */
function signIn(baseUrl) {
  return staffSignIn(baseUrl, DEMO_ADMIN.email, DEMO_ADMIN.password);
}

async function staff(session, baseUrl, method, path, body, headers = {}) {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { Cookie: session.cookie, 'X-CSRF-Token': session.csrf, ...headers },
    body,
    duplex: 'half',
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 500)}`);
  return text ? JSON.parse(text) : null;
}

/** mdpg's API key for this run: earlier runs' keys revoked first (a council holds one). */
async function apiKey(session, baseUrl) {
  const json = { 'Content-Type': 'application/json' };
  const keys = await staff(session, baseUrl, 'GET', '/api/admin/council-api-keys?council=mdpg');
  for (const key of keys.filter((k) => k.state === 'active' || k.state === 'rotating')) {
    await staff(session, baseUrl, 'POST', `/api/admin/council-api-keys/${key.id}/revoke`, '{}', json);
  }
  const body = JSON.stringify({ council: 'mdpg', description: 'bench-bills' });
  return staff(session, baseUrl, 'POST', '/api/admin/council-api-keys', body, json);
}

/** Searches for random `targets`, two at a time, until `until` settles: their p50, p95 and statuses. */
async function searches(baseUrl, targets, until) {
  let done = false;
  until.then(() => (done = true));
  const latencies = [];
  const statuses = {};
  await Promise.all(
    [0, 1].map(async () => {
      while (!done) {
        const { ms, status } = await searchOnce(baseUrl, targets[Math.floor(Math.random() * targets.length)]);
        latencies.push(ms);
        statuses[status] = (statuses[status] ?? 0) + 1;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { n: latencies.length, p50: percentile(latencies, 50), p95: percentile(latencies, 95), statuses };
}

/** Peak resident set of a process so far (Linux), MB. */
function peakRssMb(pid) {
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : NaN;
}

async function main() {
  const args = benchArgs({ rows: { default: 1_000_000, quick: 20_000 }, batches: { default: 20, quick: 4 } });
  const db = await benchDatabase('councilpay_bench_bills', 20_000);
  const port = await freePort();
  const runId = Date.now().toString(36).toUpperCase();
  const dir = mkdtempSync(join(tmpdir(), 'councilpay-bench-bills-'));
  const env = { ...benchEnv({ databaseUrl: db.databaseUrl, port, keysDir: dir, runId }), LOG_LEVEL: 'warn' };
  node('apps/gateway-sim/dist/dev-keys-cli.js', [dir], { env, stdio: 'ignore' });
  const { children, stop } = startProcesses([{ name: 'api', script: 'apps/api/dist/main.js' }], env);
  const baseUrl = `http://127.0.0.1:${port}`;
  const lines = [];
  try {
    // Start-up of the built API (migration check, Prisma, Nest): a minute on a loaded shared machine.
    await waitForHttp(`${baseUrl}/api/health`, 300_000);
    log(`writing ${args.rows.toLocaleString('en')} rows ...`);
    await writeFiles(dir, `BF${runId}`, args.rows);
    const session = await signIn(baseUrl);

    // Payers' searches on the quiet API, for comparison with those made during the import.
    const targets = await searchableTargets(db.databaseUrl, 2000);
    const quiet = await searches(baseUrl, targets, new Promise((done) => setTimeout(done, 15_000)));

    // 1. The file path, in a fresh API process: its peak RSS is the file's.
    const path = join(dir, 'bills.csv');
    const started = performance.now();
    let imported;
    const during = searches(baseUrl, targets, new Promise((done) => (imported = done)));
    const { Readable } = await import('node:stream');
    const { createReadStream } = await import('node:fs');
    const preview = await staff(
      session,
      baseUrl,
      'POST',
      `/api/admin/bill-imports?council=mdpg&type=market_bill&fileName=bench.csv&complete=false`,
      Readable.toWeb(createReadStream(path)),
      { 'Content-Type': 'text/csv', 'Content-Length': String(statSync(path).size) },
    );
    const previewed = performance.now();
    const confirmed = await staff(session, baseUrl, 'POST', `/api/admin/bill-imports/${preview.id}/confirm`, '{}', {
      'Content-Type': 'application/json',
    });
    const fileSeconds = (performance.now() - started) / 1000;
    imported();
    const busy = await during;
    const rss = peakRssMb(children[0].pid);
    lines.push(
      `bill file, ${args.rows.toLocaleString('en')} rows: ${fileSeconds.toFixed(1)} s (preview ${((previewed - started) / 1000).toFixed(1)} s, confirm ${(fileSeconds - (previewed - started) / 1000).toFixed(1)} s; target < 180 s), API peak RSS ${rss.toFixed(0)} MB (target < 300 MB), counts ${JSON.stringify(confirmed.counts)}`,
    );

    lines.push(
      `payers' searches, 2 at a time: quiet p50 ${quiet.p50.toFixed(0)} ms, p95 ${quiet.p95.toFixed(0)} ms (n=${quiet.n}); during the import p50 ${busy.p50.toFixed(0)} ms, p95 ${busy.p95.toFixed(0)} ms (n=${busy.n}), statuses ${JSON.stringify(busy.statuses)}`,
    );

    // 2. API batches of 5,000, one after another (a council's system sends them in order).
    const key = await apiKey(session, baseUrl);
    const latencies = [];
    const statuses = {};
    for (let b = 0; b < args.batches; b += 1) {
      const body = JSON.stringify({
        bills: Array.from({ length: BATCH }, (_, i) => billOf(`BA${runId}-${b}`, i + 1)),
      });
      const route = '/api/council/v1/bills/market_bill';
      const t0 = performance.now();
      const res = await fetch(`${baseUrl}${route}`, {
        method: 'PUT',
        headers: {
          'Content-Type': 'application/json',
          'Idempotency-Key': `bench-${runId}-${b}`,
          'CouncilPay-Signature': signCouncilRequest(key.keyId, key.secret, { method: 'PUT', path: route, body }),
        },
        body,
      });
      await res.arrayBuffer();
      latencies.push(performance.now() - t0);
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    }
    latencies.sort((a, b) => a - b);
    lines.push(
      `API batch of ${BATCH.toLocaleString('en')} bills, n=${args.batches}: p50 ${percentile(latencies, 50).toFixed(0)} ms, p95 ${percentile(latencies, 95).toFixed(0)} ms (target < 2000 ms), statuses ${JSON.stringify(statuses)}`,
    );

    // 3. The ceiling: PostgreSQL's COPY of the same rows into the table, rolled back.
    const copyStarted = performance.now();
    const copied = spawnSync(
      'psql',
      [
        db.databaseUrl,
        '-v',
        'ON_ERROR_STOP=1',
        '-q',
        '-c',
        'BEGIN',
        '-c',
        `\\copy "Payable" ("id","councilCode","type","accountNo","planType","displayNo","ownerName","balanceSen","details","updatedAt") FROM '${join(dir, 'copy.csv')}' WITH (FORMAT csv)`,
        '-c',
        'ROLLBACK',
      ],
      { encoding: 'utf8' },
    );
    if (copied.status !== 0) throw new Error(`COPY failed: ${copied.stderr}`);
    lines.push(
      `PostgreSQL COPY of the same ${args.rows.toLocaleString('en')} rows into "Payable" (rolled back): ${((performance.now() - copyStarted) / 1000).toFixed(1)} s`,
    );
    process.stdout.write(
      `\nBills in, on ${db.total.toLocaleString('en')} payables before the run\n${lines.join('\n')}\n`,
    );
  } finally {
    await stop(5000);
    await deleteRedisPrefix(env.REDIS_URL, env.REDIS_PREFIX).catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
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
    process.stderr.write(`[bench-bills] ${error.stack ?? error.message}\n`);
    process.exit(1);
  });
}
