#!/usr/bin/env node
// `npm run bench`: the whole benchmark suite in one run, each figure next to what this machine can do at most,
// measured in the same run so the ratios hold on a busy machine. Prints a table and writes it (with the
// machine, its load and the settings) to docs/benchmarks.md. A benchmark prints figures; it asserts nothing.
// Expects `npm run build` to have run (it uses apps/*/dist).
//
//   node scripts/bench.mjs [--quick] [--payables 1000000] [--creates 3000] [--settles 3000] [--searches 5000]
//     [--requeries 10000] [--seconds 20] [--api-processes <cores>] [--requery-rate 200] [--web-runs 1]
//     [--phase-seconds 90] [--requery-seconds 300] [--bill-rows 1000000] [--skip-web] [--skip-bills] [--profile]
//     [--no-write] [--drop]
//
// Each load stops sending after --phase-seconds and the requery wait gives up after --requery-seconds (then
// its row says how many were final), so a run on a busy machine still ends; the counts are in each row.
//
// What it measures, on a bench database with a million generated payables (seeded once, kept; --drop removes):
// - ceilings: pgbench, 16 clients, running the statements a payment creation and an approval issue
//   (scripts/bench-sql.mjs), straight into PostgreSQL;
// - create: POST /api/payments at 32 and 128 concurrent, each on a bill of its own;
// - settle: signed FPX direct ACs (approved) posted to the API at 32 concurrent;
// - search: POST /api/search at 8 concurrent (scripts/bench-search.mjs);
// - requery: that many open payments known to the gateway simulator (answered there, not told to the API),
//   due at once (made in SQL, the simulator started with their answers as its saved state), the worker asking
//   the simulator at REQUERY_RATE_PER_SECOND until every one is final;
// - web: the portal home in Chromium (scripts/bench-web.mjs);
// - bills in: a bill file of --bill-rows through preview and confirm, API batches of 5,000 bills, payers' searches
//   during the import, and PostgreSQL's COPY of the same rows beside them (scripts/bench-bills.mjs).
// The API runs as --api-processes processes on one port (scripts/api-cluster.mjs). --profile starts them with
// --cpu-prof and prints where their CPU time went. BENCH_DATABASE_URL (default: database councilpay_bench on
// the local server) and REDIS_URL choose the servers.
import { spawn, spawnSync } from 'node:child_process';
import {
  closeSync,
  createWriteStream,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { Agent, request } from 'node:http';
import { availableParallelism, cpus, loadavg, totalmem, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
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
  query,
  startProcesses,
  waitForHttp,
} from './lib.mjs';
import { percentile, searchBench } from './bench-search.mjs';
import {
  APPROVAL_POOL_SQL,
  APPROVE_SCRIPT,
  BENCH_BILLS_SQL,
  CREATE_SCRIPT,
  MINIMAL_CREATE_SCRIPT,
  REQUERY_PAYMENTS_SQL,
  SETTLE_PGBENCH_LEFTOVERS_SQL,
} from './bench-sql.mjs';

const args = benchArgs(
  {
    payables: { default: 1_000_000, quick: 20_000 },
    creates: { default: 3000, quick: 300 },
    settles: { default: 3000, quick: 300 },
    searches: { default: 5000, quick: 500 },
    requeries: { default: 10_000, quick: 500 },
    seconds: { default: 20, quick: 5 },
    'api-processes': { default: availableParallelism() },
    'requery-rate': { default: 200 },
    'web-runs': { default: 1 },
    'bill-rows': { default: 1_000_000, quick: 20_000 },
    'phase-seconds': { default: 90, quick: 20 },
    'requery-seconds': { default: 300, quick: 60 },
  },
  { 'skip-web': false, 'skip-bills': false, profile: false, 'no-write': false },
);

const PGBENCH_CLIENTS = 16;
const OPEN = ['in_progress', 'pending'];
const FPX_BANK = 'MB2U0227';

// ---------------------------------------------------------------------------------------------------------------
// HTTP load: node:http with keep-alive connections, one per concurrent request (the bench process is light next
// to the API: it only sends prepared bodies and times the answers).

function post(agent, url, body, contentType) {
  return new Promise((resolvePost) => {
    const started = performance.now();
    const req = request(
      url,
      { method: 'POST', agent, headers: { 'Content-Type': contentType, 'Content-Length': Buffer.byteLength(body) } },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          resolvePost({
            status: res.statusCode,
            text: Buffer.concat(chunks).toString(),
            ms: performance.now() - started,
          }),
        );
      },
    );
    req.on('error', (error) => resolvePost({ status: 0, text: error.message, ms: performance.now() - started }));
    req.end(body);
  });
}

/**
 * Sends `items` through `send` at `concurrency`, starting no new one after `capSeconds` (a busy machine still
 * finishes the run in time; `n` says how many were sent); answers throughput, latency percentiles, statuses.
 */
async function load(items, concurrency, send, capSeconds = Infinity) {
  const latencies = [];
  const statuses = {};
  const answers = new Array(items.length);
  let next = 0;
  const started = performance.now();
  const deadline = started + capSeconds * 1000;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length && performance.now() < deadline) {
        const i = next;
        next += 1;
        const answer = await send(items[i]);
        answers[i] = answer;
        latencies.push(answer.ms);
        statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    n: latencies.length,
    seconds,
    perSecond: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    statuses,
    answers: answers.filter(Boolean),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// pgbench

function ensurePgbench() {
  if (spawnSync('pgbench', ['--version'], { stdio: 'ignore' }).status === 0) return;
  log("pgbench is missing: installing Debian's postgresql-client and postgresql-contrib ...");
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  for (const command of [
    ['apt-get', 'update'],
    ['apt-get', 'install', '-y', 'postgresql-client', 'postgresql-contrib'],
  ]) {
    const [bin, ...rest] = [...sudo, ...command];
    const result = spawnSync(bin, rest, { stdio: 'inherit' });
    if (result.status !== 0) throw new Error(`${command.join(' ')} failed; install pgbench by hand`);
  }
}

/** Runs one pgbench script; answers its transactions per second and latency average, with failures. */
function pgbench(databaseUrl, script, { seconds, transactions, vars = {} }) {
  const dir = mkdtempSync(join(tmpdir(), 'councilpay-pgbench-'));
  const file = join(dir, 'script.sql');
  writeFileSync(file, script);
  const url = new URL(databaseUrl);
  const cli = [
    '-n',
    '-M',
    'prepared',
    '-c',
    String(PGBENCH_CLIENTS),
    '-j',
    '2',
    ...(transactions ? ['-t', String(transactions)] : ['-T', String(seconds)]),
    '-f',
    file,
    ...Object.entries(vars).flatMap(([k, v]) => ['-D', `${k}=${v}`]),
    '-h',
    url.hostname,
    '-p',
    url.port || '5432',
    '-U',
    decodeURIComponent(url.username || 'postgres'),
    decodeURIComponent(url.pathname.slice(1)),
  ];
  const result = spawnSync('pgbench', cli, {
    encoding: 'utf8',
    env: { ...process.env, ...(url.password ? { PGPASSWORD: decodeURIComponent(url.password) } : {}) },
  });
  rmSync(dir, { recursive: true, force: true });
  const out = `${result.stdout}\n${result.stderr}`;
  const tps = Number(/tps = ([\d.]+)/.exec(out)?.[1]);
  const latency = Number(/latency average = ([\d.]+) ms/.exec(out)?.[1]);
  const done = Number(/number of transactions actually processed: (\d+)/.exec(out)?.[1]);
  const failed = Number(/number of failed transactions: (\d+)/.exec(out)?.[1] ?? 0);
  if (result.status !== 0 || !(tps > 0)) throw new Error(`pgbench failed:\n${out}`);
  return { tps, latency, done, failed };
}

// ---------------------------------------------------------------------------------------------------------------
// CPU profiles (--profile): self time by where the code lives.

function profileSummary(dir) {
  const byArea = new Map();
  const byFunction = new Map();
  let total = 0;
  for (const name of readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'))) {
    const profile = JSON.parse(readFileSync(join(dir, name), 'utf8'));
    const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
    const self = new Map();
    profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
    for (const [id, micros] of self) {
      const { functionName, url, lineNumber } = nodes.get(id).callFrame;
      if (functionName === '(idle)' || functionName === '(program)' || functionName === '(root)') continue;
      total += micros;
      const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
      const area = pkg
        ? pkg
        : url.includes('/apps/api/')
          ? 'apps/api'
          : url.includes('/libs/')
            ? 'libs'
            : url.startsWith('node:')
              ? 'node built-ins'
              : url.startsWith('wasm://')
                ? 'WebAssembly (Prisma query compiler)'
                : functionName === '(garbage collector)'
                  ? 'garbage collector'
                  : 'native (system calls: sockets, pipes; JIT)';
      byArea.set(area, (byArea.get(area) ?? 0) + micros);
      const fn = `${functionName || '(anonymous)'} ${url.replace(/^.*node_modules\//, '').replace(ROOT, '')}:${lineNumber + 1}`;
      byFunction.set(fn, (byFunction.get(fn) ?? 0) + micros);
    }
  }
  const top = (map, n) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `  ${((100 * v) / total).toFixed(1).padStart(5)} %  ${k}`);
  return [
    `API processes' busy CPU: ${(total / 1e6).toFixed(1)} s, by where the code lives:`,
    ...top(byArea, 12),
    'hottest functions (self time):',
    ...top(byFunction, 15),
  ];
}

// ---------------------------------------------------------------------------------------------------------------

/**
 * The simulator's saved state (SIM_STATE_FILE) holding an answered FPX transaction for each open payment, 4 in 5
 * approved and the rest rejected (51), each echoing `template` (a real AR of this run) with its own order
 * number and amount, as AE answers echo the AR.
 */
function simState(template, payments, fpx) {
  const now = new Date();
  const time = fpx.formatFpxTime(now);
  const base = Date.now() * 1000;
  return {
    version: 1,
    savedAt: now.toISOString(),
    card: [],
    fpx: payments.map((p, i) => {
      const approved = i % 5 !== 4;
      const code = approved ? '00' : '51';
      return {
        kind: 'fpx',
        sellerExOrderNo: p.invoiceNo,
        sellerOrderNo: p.invoiceNo,
        sellerExId: template.sellerExId,
        sellerId: template.sellerId,
        bankId: template.buyerBankId,
        bankName: template.buyerBankId,
        amountSen: p.amountSen,
        request: {
          ...template,
          sellerExOrderNo: p.invoiceNo,
          sellerOrderNo: p.invoiceNo,
          txnAmount: (p.amountSen / 100).toFixed(2),
          amountSen: p.amountSen,
        },
        fpxTxnId: String(base + i),
        status: approved ? 'approved' : 'rejected',
        debitAuthCode: code,
        reason: fpx.fpxReasonText(code) ?? code,
        debitAuthNo: approved ? String(10_000_000 + i) : '',
        creditAuthNo: approved ? String(20_000_000 + i) : '',
        fpxTxnTime: time,
        createdAt: now.toISOString(),
        updatedAt: now.toISOString(),
        lastAc: null,
        direct: null,
        history: [],
      };
    }),
  };
}

function fpxBody(payableId, i) {
  return JSON.stringify({
    items: [{ payableId }],
    payer: { name: 'Aminah binti Sapin', email: `payer${i}@example.my`, phone: '012 345 6789' },
    method: { type: 'fpx', bankId: FPX_BANK },
    language: 'ms',
  });
}

async function waitFor(what, check, timeoutMs, everyMs = 250) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

const fmtMs = (ms) => `${ms.toFixed(1)} ms`;
const ratio = (a, b) => `${(a / b).toFixed(2)}×`;

async function main() {
  const startedAt = new Date();
  const load0 = loadavg();
  ensurePgbench();
  const db = await benchDatabase('councilpay_bench', args.payables);
  const runId = Date.now().toString(36);
  const port = await freePort();
  const simPort = await freePort();
  const keysDir = mkdtempSync(join(tmpdir(), 'councilpay-bench-keys-'));
  const profileDir = args.profile ? mkdtempSync(join(tmpdir(), 'councilpay-bench-prof-')) : null;
  const env = {
    ...benchEnv({ databaseUrl: db.databaseUrl, port, simPort, keysDir, runId }),
    API_PROCESSES: String(args['api-processes']),
    // A gateway's callbacks all come from its few addresses; every AC of this run comes from 127.0.0.1.
    GATEWAY_RATE_PER_MINUTE: '1000000',
    REQUERY_RATE_PER_SECOND: String(args['requery-rate']),
    REQUERY_SWEEP_EVERY_MS: '1000',
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  const simUrl = `http://127.0.0.1:${simPort}`;
  const rows = [];
  const notes = [];
  const extra = [];
  const row = (what, figure, detail = '', target = '') => {
    rows.push([what, figure, detail, target]);
    process.stdout.write(`  ${what.padEnd(34)} ${figure.padEnd(14)} ${detail}${target ? `  [${target}]` : ''}\n`);
  };

  // Bills: a fresh random order each run; the API's requests take the first ones, pgbench picks from the rest.
  log('choosing bills ...');
  await query(db.databaseUrl, BENCH_BILLS_SQL.replace(/;\s*$/, ''));
  const [{ bills }] = await query(db.databaseUrl, 'SELECT count(*)::int AS bills FROM bench_bill');
  const apiBills = 200 + 2 * args.creates + args.settles + args.requeries;
  if (bills < apiBills + 10_000) {
    throw new Error(`the bench database has ${bills} unpaid generated bills; this run needs ${apiBills + 10_000}`);
  }
  const billIds = (await query(db.databaseUrl, 'SELECT id FROM bench_bill WHERE n <= $1 ORDER BY n', [apiBills])).map(
    (r) => r.id,
  );
  let nextBill = 0;
  const takeBills = (n) => billIds.slice(nextBill, (nextBill += n));

  node('apps/gateway-sim/dist/dev-keys-cli.js', [keysDir], { env, stdio: 'ignore' });
  const fpx = await import('@councilpay/fpx');
  const sellerPub = readFileSync(join(keysDir, 'seller.pub.pem'), 'utf8');
  const exchangeKey = readFileSync(join(keysDir, 'exchange.key.pem'), 'utf8');

  const serverLogPath = join(tmpdir(), `councilpay-bench-${runId}.log`);
  const serverLog = createWriteStream(serverLogPath, { flags: 'a' });
  // The profiled API writes to the same file through a descriptor of its own (a stream has none yet).
  const profiledLog = profileDir ? openSync(serverLogPath, 'a') : null;
  log(`API, worker and simulator output: ${serverLogPath}`);
  const startSim = (extraEnv = {}) =>
    startProcesses(
      [{ name: 'gateway-sim', script: 'apps/gateway-sim/dist/main.js', extraEnv: { LOG_LEVEL: 'warn', ...extraEnv } }],
      env,
      { output: serverLog },
    );
  let sim = startSim();
  let api = null;
  let profiled = null;
  let worker = null;
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const cap = args['phase-seconds'];
  try {
    if (profileDir) {
      profiled = spawn(
        process.execPath,
        [
          '--cpu-prof',
          `--cpu-prof-dir=${profileDir}`,
          '--import',
          resolve(ROOT, 'scripts/bench-profile-exit.mjs'),
          resolve(ROOT, 'scripts/api-cluster.mjs'),
        ],
        { cwd: ROOT, env, stdio: ['ignore', profiledLog, profiledLog] },
      );
    } else {
      api = startProcesses([{ name: 'api', script: 'scripts/api-cluster.mjs' }], env, { output: serverLog });
    }
    await waitForHttp(`${baseUrl}/api/health`, 120_000);
    await waitForHttp(`${simUrl}/health`, 60_000);
    process.stdout.write(
      `\nCouncilPay benchmarks, ${startedAt.toISOString()}: ${db.total.toLocaleString('en')} payables, ` +
        `API on ${args['api-processes']} processes, load average ${load0.map((l) => l.toFixed(2)).join(' ')}\n\n`,
    );

    // --- create ------------------------------------------------------------------------------------------------
    const createCeiling = pgbench(db.databaseUrl, CREATE_SCRIPT, {
      seconds: args.seconds,
      // pgbench's bills are past the API's: no request of the API finds a bill pgbench paid for.
      vars: { first: apiBills + 1, last: bills },
    });
    row(
      'ceiling: creation (pgbench)',
      `${createCeiling.tps.toFixed(0)} tx/s`,
      `${PGBENCH_CLIENTS} clients, ${args.seconds} s, latency avg ${fmtMs(createCeiling.latency)}, ${createCeiling.failed} failed`,
    );
    // Only the rows a creation must keep, in one round trip: a change that adds statements to the engine's path
    // shows as a wider gap between this ceiling and the API.
    const minimalCeiling = pgbench(db.databaseUrl, MINIMAL_CREATE_SCRIPT, {
      seconds: args.seconds,
      vars: { first: apiBills + 1, last: bills },
    });
    row(
      'ceiling: creation, minimal rows (pgbench)',
      `${minimalCeiling.tps.toFixed(0)} tx/s`,
      `${PGBENCH_CLIENTS} clients, ${args.seconds} s, latency avg ${fmtMs(minimalCeiling.latency)}, ${minimalCeiling.failed} failed; bill lock, invoice number, payment, item, event in one statement`,
    );
    const created = [];
    const createAt = async (concurrency, count, capSeconds, label = `create at ${concurrency}`) => {
      // Fresh connections: the API closes keep-alive connections idle past its timeout (while pgbench ran), and
      // a request sent on one as it closes fails with ECONNRESET, an artefact of the bench, not of the API.
      agent.destroy();
      const items = takeBills(count).map((id, i) => fpxBody(id, nextBill + i));
      const r = await load(
        items,
        concurrency,
        (body) => post(agent, `${baseUrl}/api/payments`, body, 'application/json'),
        capSeconds,
      );
      for (const a of r.answers) if (a.status === 201) created.push(JSON.parse(a.text));
      const errors = r.n - (r.statuses[201] ?? 0);
      // Throughput is payments made: an error answered fast is not a creation.
      const madePerSecond = (r.statuses[201] ?? 0) / r.seconds;
      if (errors > 0) {
        const sample = r.answers.find((a) => a.status !== 201);
        notes.push(
          `${label}: ${errors} of ${r.n} answered ${JSON.stringify(r.statuses)}, e.g. ${sample.status} ${sample.text.slice(0, 160)}`,
        );
      }
      return { ...r, errors, madePerSecond };
    };
    // Warm-up: connections, JIT, the bank list cached.
    await createAt(32, 200, Math.min(cap, 30), 'create warm-up at 32');
    for (const concurrency of [32, 128]) {
      const r = await createAt(concurrency, args.creates, cap);
      row(
        `create, ${concurrency} concurrent`,
        `${r.madePerSecond.toFixed(1)} /s`,
        `p50 ${fmtMs(r.p50)}, p99 ${fmtMs(r.p99)}, ${r.errors} errors of ${r.n}; ${ratio(r.madePerSecond, createCeiling.tps)} ceiling, ${ratio(r.madePerSecond, minimalCeiling.tps)} minimal-rows ceiling`,
        concurrency === 32
          ? `≥ 0.5× ceiling and p99 < 100 ms: ${r.madePerSecond >= 0.5 * createCeiling.tps && r.p99 < 100 ? 'met' : 'missed'}`
          : '',
      );
    }

    // --- settle ------------------------------------------------------------------------------------------------
    await query(db.databaseUrl, APPROVAL_POOL_SQL.replace(/;\s*$/, ''));
    const [{ pool }] = await query(db.databaseUrl, 'SELECT count(*)::int AS pool FROM bench_approval');
    const approveCeiling = pgbench(db.databaseUrl, APPROVE_SCRIPT, {
      transactions: Math.max(1, Math.floor(pool / PGBENCH_CLIENTS)),
    });
    await query(db.databaseUrl, SETTLE_PGBENCH_LEFTOVERS_SQL.replace(/;\s*$/, ''));
    row(
      'ceiling: approval (pgbench)',
      `${approveCeiling.tps.toFixed(0)} tx/s`,
      `${PGBENCH_CLIENTS} clients, ${approveCeiling.done} approvals, latency avg ${fmtMs(approveCeiling.latency)}, ${approveCeiling.failed} failed`,
    );
    const template = created[0];
    const toSettle = created.splice(1, args.settles);
    let txn = 0;
    const acs = toSettle.map((payment) => {
      const ar = fpx.verifyAuthorisationRequest(payment.redirect.fields, sellerPub);
      if (!ar.ok) throw new Error(`an AR did not verify: ${ar.reason}`);
      txn += 1;
      const fields = fpx.buildAuthorisationConfirmation({
        request: ar.message,
        debitAuthCode: '00',
        fpxTxnId: `${Date.now()}${String(txn).padStart(6, '0')}`.slice(-16),
        fpxTxnTime: new Date(),
        exchangePrivateKeyPem: exchangeKey,
      });
      return { reference: payment.reference, body: new URLSearchParams(fields).toString() };
    });
    agent.destroy(); // fresh connections, as for create
    const settle = await load(
      acs,
      32,
      (ac) => post(agent, `${baseUrl}/api/gateways/fpx/direct`, ac.body, 'application/x-www-form-urlencoded'),
      cap,
    );
    const [{ paid }] = await query(
      db.databaseUrl,
      `SELECT count(*)::int AS paid FROM "Payment" WHERE "reference" = ANY($1) AND "status" = 'paid'`,
      [acs.slice(0, settle.n).map((a) => a.reference)],
    );
    const settleErrors = settle.n - (settle.statuses[200] ?? 0);
    if (settleErrors > 0) {
      const sample = settle.answers.find((a) => a.status !== 200);
      notes.push(
        `settle: ${settleErrors} of ${settle.n} answered ${JSON.stringify(settle.statuses)}, e.g. ${sample.status} ${sample.text.slice(0, 160)}`,
      );
    }
    row(
      'settle: direct ACs, 32 concurrent',
      `${(paid / settle.seconds).toFixed(1)} /s`,
      `p50 ${fmtMs(settle.p50)}, p99 ${fmtMs(settle.p99)}, ${paid} of ${settle.n} paid; ${ratio(paid / settle.seconds, approveCeiling.tps)} ceiling`,
      `≥ 0.5× ceiling: ${paid / settle.seconds >= 0.5 * approveCeiling.tps ? 'met' : 'missed'}`,
    );

    // --- search ------------------------------------------------------------------------------------------------
    const search = await searchBench({
      baseUrl,
      databaseUrl: db.databaseUrl,
      requests: args.searches,
      concurrency: 8,
      capSeconds: cap,
    });
    for (const [label, r] of [
      ['search, found, 8 concurrent', search.rows.found],
      ['search, not found, 8 concurrent', search.rows.notFound],
      ['search, licence + dependents', search.rows.licence],
    ]) {
      row(
        label,
        `${r.perSecond.toFixed(0)} /s`,
        `p50 ${fmtMs(r.p50)}, p99 ${fmtMs(r.p99)}, ${r.n} requests, statuses ${JSON.stringify(r.statuses)}`,
        label.includes(', found') ? `p99 < 20 ms: ${r.p99 < 20 ? 'met' : 'missed'}` : '',
      );
    }

    // --- requery -----------------------------------------------------------------------------------------------
    // The open payments are made in SQL (rows as the engine writes them, references CPR…), and the simulator
    // is started again with their answers as its saved state (4 in 5 approved): as if each payer had been to
    // the bank and the direct AC had never come.
    log(`making ${args.requeries} open payments and the simulator's answers for them ...`);
    const requeryParams = [apiBills - args.requeries + 1, apiBills, runId];
    for (const sql of REQUERY_PAYMENTS_SQL.slice(0, -1)) await query(db.databaseUrl, sql, requeryParams);
    const open = await query(db.databaseUrl, REQUERY_PAYMENTS_SQL.at(-1), requeryParams);
    const ar = fpx.verifyAuthorisationRequest(template.redirect.fields, sellerPub);
    if (!ar.ok) throw new Error(`an AR did not verify: ${ar.reason}`);
    const stateFile = join(keysDir, 'sim-state.json');
    writeFileSync(stateFile, JSON.stringify(simState(ar.message, open, fpx)));
    await sim.stop(10_000);
    sim = startSim({ SIM_STATE_FILE: stateFile });
    await waitForHttp(`${simUrl}/health`, 60_000);
    // Only these payments are due: every other open one (earlier phases and runs) waits, and what earlier
    // phases queued for the worker counts as delivered, so the worker's time is the requeries' own.
    const references = open.map((p) => p.reference);
    await query(
      db.databaseUrl,
      `UPDATE "Payment" SET "nextRequeryAt" = now() + interval '10 years'
       WHERE ("status"::text = ANY($1) OR "nextRequeryAt" IS NOT NULL) AND "reference" <> ALL($2)
         AND "nextRequeryAt" IS DISTINCT FROM now() + interval '10 years'`,
      [OPEN, references],
    );
    await query(db.databaseUrl, `UPDATE "Outbox" SET "sentAt" = now() WHERE "sentAt" IS NULL`);
    await query(
      db.databaseUrl,
      `UPDATE "Notification" SET "status" = 'sent', "sentAt" = now() WHERE "status" IN ('queued', 'sending')`,
    );
    const started = startProcesses([{ name: 'worker', script: 'apps/api/dist/worker.js' }], env, {
      output: serverLog,
    });
    worker = started.stop;
    const { Queue } = await import('bullmq');
    const { default: Redis } = await import('ioredis');
    const connection = new Redis(env.REDIS_URL, { maxRetriesPerRequest: null });
    const requeryQueue = new Queue('requery', { connection, prefix: env.REDIS_PREFIX });
    await waitFor(
      'the worker to start',
      async () => started.children[0].exited || (await requeryQueue.getWorkersCount()) > 0,
      120_000,
    );
    await requeryQueue.close();
    connection.disconnect();
    if (started.children[0].exited) throw new Error(`the worker exited (see ${serverLogPath})`);
    const requeryStarted = performance.now();
    await query(db.databaseUrl, `UPDATE "Payment" SET "nextRequeryAt" = now() WHERE "reference" = ANY($1)`, [
      references,
    ]);
    const stillOpen = async () =>
      (
        await query(
          db.databaseUrl,
          `SELECT count(*)::int AS n FROM "Payment" WHERE "reference" = ANY($1) AND "status"::text = ANY($2)`,
          [references, OPEN],
        )
      )[0].n;
    const requeryDeadline = requeryStarted + args['requery-seconds'] * 1000;
    let left = await stillOpen();
    while (left > 0 && performance.now() < requeryDeadline) {
      await new Promise((r) => setTimeout(r, 500));
      left = await stillOpen();
    }
    const requerySeconds = (performance.now() - requeryStarted) / 1000;
    const outcomes = await query(
      db.databaseUrl,
      `SELECT "status"::text AS status, count(*)::int AS n FROM "Payment" WHERE "reference" = ANY($1) GROUP BY 1 ORDER BY 1`,
      [references],
    );
    const finals = open.length - left;
    const perSecond = finals / requerySeconds;
    // 10,000 is the target's size: a smaller or unfinished run is projected at the pace it kept.
    const tenThousand = left === 0 && open.length >= 10_000 ? requerySeconds : 10_000 / perSecond;
    row(
      `requery: ${open.length} open payments`,
      left === 0 ? `${requerySeconds.toFixed(1)} s` : `${finals} final in ${requerySeconds.toFixed(0)} s`,
      `${perSecond.toFixed(1)} /s${left > 0 ? ` (all ${open.length}: ~${(open.length / perSecond).toFixed(0)} s at this pace)` : ''} ` +
        `at REQUERY_RATE_PER_SECOND=${args['requery-rate']}, sweep every 1 s; ${outcomes.map((o) => `${o.n} ${o.status}`).join(', ')}`,
      `10,000 in < 60 s: ${tenThousand < 60 ? 'met' : 'missed'}${left > 0 || open.length < 10_000 ? ` (projected ${tenThousand.toFixed(0)} s)` : ''}`,
    );
    await started.stop(10_000);
    worker = null;
    // --- web ---------------------------------------------------------------------------------------------------
    if (!args['skip-web']) {
      log('the portal home in Chromium (scripts/bench-web.mjs) ...');
      const web = spawnSync(
        process.execPath,
        [resolve(ROOT, 'scripts/bench-web.mjs'), '--runs', String(args['web-runs'])],
        {
          cwd: ROOT,
          encoding: 'utf8',
          env: process.env,
        },
      );
      const lines = web.stdout.split('\n').filter((l) => l.trim() && !l.includes('[councilpay]'));
      if (web.status !== 0) notes.push(`web: bench-web.mjs failed: ${web.stderr.trim().split('\n').at(-1)}`);
      for (const line of lines) process.stdout.write(`  ${line}\n`);
      extra.push('Portal home in Chromium (scripts/bench-web.mjs):', ...lines.map((l) => `  ${l}`));
    }
    // --- bills in ----------------------------------------------------------------------------------------------
    if (!args['skip-bills']) {
      log(
        `bills in: a file of ${args['bill-rows'].toLocaleString('en')} rows, API batches (scripts/bench-bills.mjs) ...`,
      );
      const bills = spawnSync(
        process.execPath,
        [
          resolve(ROOT, 'scripts/bench-bills.mjs'),
          '--rows',
          String(args['bill-rows']),
          ...(args.quick ? ['--quick'] : []),
        ],
        { cwd: ROOT, encoding: 'utf8', env: process.env, maxBuffer: 64 * 1024 * 1024 },
      );
      const start = bills.stdout.indexOf('\nBills in, on ');
      const lines = (start < 0 ? '' : bills.stdout.slice(start))
        .split('\n')
        .filter((l) => l.trim() && !l.includes('[councilpay]'));
      if (bills.status !== 0) notes.push(`bills: bench-bills.mjs failed: ${bills.stderr.trim().split('\n').at(-1)}`);
      for (const line of lines) process.stdout.write(`  ${line}\n`);
      extra.push('', 'Bills in (scripts/bench-bills.mjs):', ...lines.map((l) => `  ${l}`));
    }
  } finally {
    agent.destroy();
    if (worker) await worker(10_000);
    if (api) await api.stop(10_000);
    await sim.stop(10_000);
    if (profiled) {
      profiled.kill('SIGTERM');
      await new Promise((r) => (profiled.exitCode !== null ? r() : profiled.once('exit', r)));
    }
    await deleteRedisPrefix(env.REDIS_URL, env.REDIS_PREFIX).catch(() => undefined);
    rmSync(keysDir, { recursive: true, force: true });
    serverLog.end();
    if (profiledLog !== null) closeSync(profiledLog);
    if (args.drop) await dropDatabase(db.databaseUrl);
  }

  if (profileDir) {
    const summary = profileSummary(profileDir);
    extra.push('', ...summary);
    process.stdout.write(`\n${summary.join('\n')}\n`);
    rmSync(profileDir, { recursive: true, force: true });
  }
  const load1 = loadavg();
  process.stdout.write(`\nload average at the end ${load1.map((l) => l.toFixed(2)).join(' ')}\n`);
  for (const note of notes) process.stdout.write(`note: ${note}\n`);

  if (args['no-write'] || args.quick) {
    log(args.quick ? '--quick: docs/benchmarks.md left as it is' : 'docs/benchmarks.md left as it is');
    return;
  }
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  const md = [
    '# Benchmarks',
    '',
    'Written by `npm run bench` (scripts/bench.mjs); run it again rather than editing this file. Each figure is',
    "measured in the same run as the ceiling it is compared with (pgbench running the engine's statements",
    'straight into PostgreSQL, scripts/bench-sql.mjs), so the ratios hold on a busy machine.',
    '',
    `Run ${startedAt.toISOString()} on ${availableParallelism()} cores (${cpu}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB,`,
    `load average ${load0.map((l) => l.toFixed(2)).join(' ')} at the start and ${load1.map((l) => l.toFixed(2)).join(' ')} at the end;`,
    `${db.total.toLocaleString('en')} payables; API on ${args['api-processes']} processes (scripts/api-cluster.mjs); ` +
      `${args.creates} creations per concurrency, ${args.settles} settlements, ${args.searches} searches per row.`,
    '',
    '| What | Figure | Detail | Target |',
    '| --- | --- | --- | --- |',
    ...rows.map((r) => `| ${r.map((c) => c.replaceAll('|', '\\|')).join(' | ')} |`),
    '',
    ...(notes.length ? ['Notes:', '', ...notes.map((n) => `- ${n}`), ''] : []),
    ...(extra.length ? ['```', ...extra, '```', ''] : []),
    'How each figure is taken: see the header of scripts/bench.mjs and docs/operations.md.',
    '',
  ].join('\n');
  writeFileSync(resolve(ROOT, 'docs/benchmarks.md'), md);
  log('wrote docs/benchmarks.md');
}

main().catch((error) => {
  process.stderr.write(`[bench] ${error.stack ?? error.message}\n`);
  process.exit(1);
});
