#!/usr/bin/env node
// Benchmark of the staff console's API with a million payables and a million payments: seeds a bench database
// (the seed's generated payables, then payments with one item each and their outcome messages, made in SQL;
// skipped when they are there), starts the built API on it, signs in as the seeded `_admin` and mdpg council
// admin, and prints the latency of each console screen's request (lists with their filters, a payment, the
// dashboard). A benchmark prints figures; it asserts nothing. Expects `npm run build` to have run.
//
//   node scripts/bench-console.mjs [--payables 1000000] [--payments 1000000] [--repeat 15] [--quick] [--drop]
//                                  [--settlement-only | --search-only]
//
// BENCH_DATABASE_URL (default: the local server, database councilpay_console_bench) and REDIS_URL choose the
// servers.
import { staffSignIn } from './staff-sign-in.mjs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
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

const args = benchArgs(
  {
    payables: { default: 1_000_000, quick: 20_000 },
    payments: { default: 1_000_000, quick: 20_000 },
    repeat: { default: 15, quick: 3 },
  },
  { 'settlement-only': false, 'search-only': false },
);
const PAYABLES = args.payables;
const PAYMENTS = args.payments;
const REPEAT = args.repeat;
const PASSWORD = process.env.SEED_ADMIN_PASSWORD || 'Demo#CouncilPay2026';

async function count(databaseUrl, sql) {
  try {
    return (await query(databaseUrl, sql))[0].n;
  } catch {
    return 0; // a new database: not migrated yet
  }
}

/**
 * Bench payments (references CPB…): over the last year, 80 % paid, 10 % failed, 5 % expired, 3 % cancelled,
 * 2 % pending; one in five by card; one in a thousand paid late, one in five thousand with a refund due; each
 * with one item of a generated payable and, once final, its outcome email (5 % of them failed); the paid ones with
 * their paidAt, transaction id and approving gateway answer.
 */
const PAYMENTS_SQL = (n) => `
INSERT INTO "Payment" ("id", "reference", "invoiceNo", "status", "method", "bankId", "cardMethod", "amountSen",
  "payerName", "payerEmail", "payerPhone", "late", "refundDueSen", "finalAt", "createdAt", "updatedAt")
SELECT gen_random_uuid(),
  'CPB' || translate(lpad(g::text, 19, '0'), '01', 'XY'),
  lpad((5000000000 + g)::text, 20, '0'),
  'in_progress',
  (CASE WHEN g % 5 = 0 THEN 'card' ELSE 'fpx' END)::"PaymentMethod",
  CASE WHEN g % 5 <> 0 THEN (ARRAY['MB2U0227','BCBB0235','RHB0218','PBB0233','BIMB0340'])[1 + g % 5 / 1 % 5] END,
  CASE WHEN g % 5 = 0 THEN '48' END,
  1000 + (g * 37) % 50000,
  'Pembayar ' || g, 'payer' || (g % 200000) || '@example.my', '01' || lpad((g % 100000000)::text, 8, '0'),
  g % 1000 = 0, CASE WHEN g % 5000 = 0 THEN 500 ELSE 0 END,
  CASE WHEN g % 100 < 98 THEN now() - g * interval '31 seconds' + interval '3 minutes' END,
  now() - g * interval '31 seconds', now()
FROM generate_series(1, ${n}) g;

-- Created in_progress: the database lets items be added only then, and moves status only along the state table.
CREATE TEMP TABLE bench_status AS
SELECT p."id", (CASE WHEN g % 100 < 80 THEN 'paid' WHEN g % 100 < 90 THEN 'failed' WHEN g % 100 < 95 THEN 'expired'
        WHEN g % 100 < 98 THEN 'cancelled' ELSE 'pending' END)::"PaymentStatus" AS status
FROM "Payment" p, LATERAL (SELECT p."invoiceNo"::bigint - 5000000000 AS g) x
WHERE p."reference" LIKE 'CPB%';

CREATE TEMP TABLE bench_payables AS
  SELECT row_number() OVER (ORDER BY "id") AS rn, "id", "councilCode", "type", "accountNo" FROM "Payable";
CREATE INDEX ON bench_payables (rn);

INSERT INTO "PaymentItem" ("id", "paymentId", "payableId", "councilCode", "type", "accountNo", "position",
  "amountSen", "creditSen", "receiptNo", "creditedAt")
SELECT gen_random_uuid(), p."id", b."id", b."councilCode", b."type", b."accountNo", 0, p."amountSen", p."amountSen",
  CASE WHEN s.status = 'paid' THEN upper(b."councilCode") || '-B-' || p."invoiceNo" END,
  CASE WHEN s.status = 'paid' THEN p."finalAt" END
FROM "Payment" p
JOIN bench_status s ON s."id" = p."id"
JOIN bench_payables b ON b.rn = 1 + (p."invoiceNo"::bigint * 7919) % (SELECT count(*) FROM bench_payables)
WHERE p."reference" LIKE 'CPB%';

-- Paid ones as the ledger leaves them: paidAt (set once), the gateway's transaction id, and the approval that
-- paid them on record (reconciliation counts approvals and lists paid payments without one).
UPDATE "Payment" p SET "status" = s.status,
  "paidAt" = CASE WHEN s.status = 'paid' THEN p."finalAt" END,
  "gatewayTxnId" = CASE WHEN s.status = 'paid' THEN 'BENCH' || p."invoiceNo" END,
  "gatewayCode" = CASE WHEN s.status = 'paid' THEN (CASE WHEN p."method" = 'card' THEN '1' ELSE '00' END) END
FROM bench_status s WHERE s."id" = p."id";

INSERT INTO "GatewayAnswer" ("paymentId", "invoiceNo", "source", "method", "outcome", "rawMessage", "responseCode",
  "amountSen", "currency", "gatewayTxnId", "verdict", "receivedAt")
SELECT p."id", p."invoiceNo", CASE WHEN p."method" = 'card' THEN 'card-callback' ELSE 'direct' END, p."method",
  'approved', 'bench', p."gatewayCode", p."amountSen", 'MYR', p."gatewayTxnId", 'applied', p."paidAt"
FROM "Payment" p WHERE p."reference" LIKE 'CPB%' AND p."status" = 'paid';

INSERT INTO "Notification" ("id", "channel", "recipient", "template", "language", "paymentId", "data", "status",
  "attempts", "lastError", "dedupeKey", "sentAt", "createdAt", "updatedAt")
SELECT gen_random_uuid(), 'email', p."payerEmail",
  CASE p."status" WHEN 'paid' THEN 'payment_paid' WHEN 'failed' THEN 'payment_failed' ELSE 'payment_expired' END,
  'ms', p."id", jsonb_build_object('reference', p."reference"),
  (CASE WHEN p."invoiceNo"::bigint % 20 = 0 THEN 'failed' ELSE 'sent' END)::"NotificationStatus",
  CASE WHEN p."invoiceNo"::bigint % 20 = 0 THEN 5 ELSE 1 END,
  CASE WHEN p."invoiceNo"::bigint % 20 = 0 THEN 'connect ECONNREFUSED (bench)' END,
  'bench-' || p."reference",
  CASE WHEN p."invoiceNo"::bigint % 20 <> 0 THEN p."finalAt" END, p."finalAt", p."finalAt"
FROM "Payment" p WHERE p."reference" LIKE 'CPB%' AND p."status" IN ('paid', 'failed', 'expired');
`;

/**
 * The bench payments (CPB…), made when they are not there yet; the payables are benchDatabase's. Their gateway
 * answers are append-only, so a database holding other bench payments (fewer, or from an older seed whose paid
 * payments had no paidAt) is not patched: the run stops and asks for the database to be dropped.
 */
async function seed(env) {
  const [payments, stale] = await Promise.all([
    count(env.DATABASE_URL, `SELECT count(*)::int AS n FROM "Payment" WHERE "reference" LIKE 'CPB%'`),
    count(
      env.DATABASE_URL,
      `SELECT count(*)::int AS n FROM (SELECT 1 FROM "Payment" WHERE "reference" LIKE 'CPB%' AND "status" = 'paid'
         AND "paidAt" IS NULL LIMIT 1) x`,
    ),
  ]);
  if (payments >= PAYMENTS && !stale) {
    log(`bench database holds ${payments} bench payments`);
  } else if (payments > 0) {
    throw new Error(
      `the bench database holds ${payments} bench payments of another seed; drop it ` +
        `(dropdb ${new URL(env.DATABASE_URL).pathname.slice(1)}) and run again to make it anew`,
    );
  } else {
    log(`making ${PAYMENTS} payments with their items, answers and messages (minutes) ...`);
    const started = performance.now();
    await query(env.DATABASE_URL, PAYMENTS_SQL(PAYMENTS));
    log(`made in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
  await query(env.DATABASE_URL, 'ANALYZE');
}

/** A staff session (password and second factor): its cookie header. */
async function signIn(baseUrl, email) {
  return (await staffSignIn(baseUrl, email, PASSWORD)).cookie;
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function time(baseUrl, cookie, path) {
  const latencies = [];
  let status = 0;
  let rows = 0;
  let total = '';
  for (let i = 0; i < REPEAT; i += 1) {
    const started = performance.now();
    const res = await fetch(`${baseUrl}${path}`, { headers: { cookie, Accept: 'application/json' } });
    const body = await res.json();
    latencies.push(performance.now() - started);
    status = res.status;
    rows = Array.isArray(body) ? body.length : 1;
    total = res.headers.get('x-total-count') ?? (res.headers.get('x-has-next-page') === 'true' ? '>10000' : '-');
  }
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 50), p95: percentile(latencies, 95), max: latencies.at(-1), status, rows, total };
}

const json = (value) => encodeURIComponent(JSON.stringify(value));

/** Time to the first bytes of a streamed download (the payments CSV) and to its whole, in ms. */
async function firstByte(baseUrl, cookie, path) {
  const started = performance.now();
  const res = await fetch(`${baseUrl}${path}`, { headers: { cookie } });
  const reader = res.body.getReader();
  let first = null;
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (first === null) first = performance.now() - started;
    bytes += value.length;
  }
  return { status: res.status, first: first ?? performance.now() - started, whole: performance.now() - started, bytes };
}

/** A day's FPX settlement file of `lines` lines: the day's paid FPX payments, then order numbers nobody has. */
async function settlementFile(databaseUrl, day, lines, tag) {
  const start = new Date(`${day}T00:00:00+08:00`);
  const paid = await query(
    databaseUrl,
    `SELECT "invoiceNo", "gatewayTxnId", "amountSen" FROM "Payment"
     WHERE "method" = 'fpx' AND "status" = 'paid' AND "paidAt" >= $1 AND "paidAt" < $2 LIMIT $3`,
    [start, new Date(start.getTime() + 86_400_000), lines],
  );
  const dmy = day.split('-').reverse().join('/');
  const out = ['date,seller order no,fpx transaction id,amount,status'];
  for (const p of paid) out.push(`${dmy},${p.invoiceNo},${p.gatewayTxnId},${(p.amountSen / 100).toFixed(2)},00`);
  for (let n = out.length; n <= lines; n++) {
    out.push(`${dmy},9${String(n).padStart(19, '0')},${tag}${String(n).padStart(6, '0')},12.50,00`);
  }
  return { content: out.join('\r\n'), known: paid.length };
}

/**
 * The settlement check of a day's 20,000-line file: its time and the size of its first answer (a page); then
 * five such checks at once while another request (the councils list) is made every 20 ms, and the longest that
 * request waited.
 */
async function settlementFigures(baseUrl, cookie, databaseUrl, runId) {
  // The double-submit token signing in set (cookie cp_csrf), sent back as X-CSRF-Token.
  const token = decodeURIComponent(/(?:^|; )cp_csrf=([^;]+)/.exec(cookie)?.[1] ?? '');
  const check = async (content, name) => {
    const started = performance.now();
    const res = await fetch(`${baseUrl}/api/admin/settlements`, {
      method: 'POST',
      headers: { cookie, 'Content-Type': 'application/json', 'X-CSRF-Token': token },
      body: JSON.stringify({ gateway: 'fpx', fileName: name, content }),
    });
    const body = await res.text();
    return { ms: performance.now() - started, status: res.status, bytes: body.length };
  };
  const day = dayOf(-1);
  const one = await settlementFile(databaseUrl, day, 20_000, `B${runId}X`);
  const r = await check(one.content, 'bench-20000.csv');
  process.stdout.write(
    `settlement check, 20,000 lines          ${r.ms.toFixed(0)} ms, status ${r.status}, first answer ${r.bytes} bytes (${one.known} of our payments named)\n`,
  );
  const again = await check(one.content, 'bench-20000.csv');
  process.stdout.write(`settlement check, same file again        ${again.ms.toFixed(0)} ms, status ${again.status}\n`);
  const files = await Promise.all(
    [1, 2, 3, 4, 5].map((n) => settlementFile(databaseUrl, dayOf(-1 - n), 20_000, `B${runId}${n}`)),
  );
  let waiting = true;
  let longest = 0;
  let probes = 0;
  const probe = (async () => {
    while (waiting) {
      const started = performance.now();
      await fetch(`${baseUrl}/api/councils`);
      longest = Math.max(longest, performance.now() - started);
      probes += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const started = performance.now();
  const five = await Promise.all(files.map((f, n) => check(f.content, `bench-five-${n}.csv`)));
  waiting = false;
  await probe;
  process.stdout.write(
    `settlement checks, 5 at once            all in ${(performance.now() - started).toFixed(0)} ms (slowest ${Math.max(...five.map((f) => f.ms)).toFixed(0)} ms, statuses ${[...new Set(five.map((f) => f.status))].join(',')}); another request waited at most ${longest.toFixed(0)} ms (${probes} probes)\n`,
  );
}

/** A Malaysian day (UTC+8) `days` from today, YYYY-MM-DD. */
const dayOf = (days) => new Date(Date.now() + 8 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

async function main() {
  const db = await benchDatabase('councilpay_console_bench', PAYABLES);
  const port = await freePort();
  const runId = Date.now().toString(36);
  const keysDir = mkdtempSync(join(tmpdir(), 'councilpay-bench-keys-'));
  const env = benchEnv({ databaseUrl: db.databaseUrl, port, keysDir, runId });
  await seed(env);
  const [sample] = await query(
    env.DATABASE_URL,
    `SELECT p."reference", p."invoiceNo", p."payerEmail", p."payerPhone", i."accountNo"
     FROM "Payment" p JOIN "PaymentItem" i ON i."paymentId" = p."id"
     WHERE p."reference" LIKE 'CPB%' ORDER BY p."createdAt" DESC OFFSET $1 LIMIT 1`,
    [Math.floor(PAYMENTS / 8)],
  );
  const [sizes] = await query(
    env.DATABASE_URL,
    `SELECT (SELECT count(*) FROM "Payable")::int AS payables, (SELECT count(*) FROM "Payment")::int AS payments,
            (SELECT count(*) FROM "Notification")::int AS notifications`,
  );

  node('apps/gateway-sim/dist/dev-keys-cli.js', [keysDir], { env, stdio: 'ignore' });
  const { stop } = startProcesses([{ name: 'api', script: 'apps/api/dist/main.js' }], env);
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${baseUrl}/api/health`);
    const admin = await signIn(baseUrl, 'admin@councilpay.my');
    const mdpg = await signIn(baseUrl, 'admin.mdpg@councilpay.my');
    const day = new Date(Date.now() + 8 * 3600_000 - 30 * 24 * 3600_000).toISOString().slice(0, 10);
    const page = (n) => `range=${json([(n - 1) * 25, n * 25 - 1])}`;
    const newest = `sort=${json(['createdAt', 'DESC'])}`;
    const cases = [
      ['payments, first page', admin, `/api/admin/payments?${newest}&${page(1)}&filter=%7B%7D`],
      ['payments, page 40', admin, `/api/admin/payments?${newest}&${page(40)}&filter=%7B%7D`],
      ['payments, mdpg council admin', mdpg, `/api/admin/payments?${newest}&${page(1)}&filter=%7B%7D`],
      ['payments, council=lbk', admin, `/api/admin/payments?${newest}&${page(1)}&filter=${json({ council: 'lbk' })}`],
      ['payments, one day', admin, `/api/admin/payments?${newest}&${page(1)}&filter=${json({ from: day, to: day })}`],
      [
        'payments, pending',
        admin,
        `/api/admin/payments?${newest}&${page(1)}&filter=${json({ status: ['in_progress', 'pending'] })}`,
      ],
      [
        'payments, failed by card',
        admin,
        `/api/admin/payments?${newest}&${page(1)}&filter=${json({ status: ['failed'], method: 'card' })}`,
      ],
      ['payments, bank', admin, `/api/admin/payments?${newest}&${page(1)}&filter=${json({ bank: 'RHB0218' })}`],
      ['payments, late', admin, `/api/admin/payments?${newest}&${page(1)}&filter=${json({ late: true })}`],
      ['payments, refund due', admin, `/api/admin/payments?${newest}&${page(1)}&filter=${json({ refundDue: true })}`],
      [
        'payments, reference prefix',
        admin,
        `/api/admin/payments?${newest}&${page(1)}&filter=${json({ reference: sample.reference.slice(0, 16) })}`,
      ],
      [
        'payments, invoice no.',
        admin,
        `/api/admin/payments?${newest}&${page(1)}&filter=${json({ invoiceNo: sample.invoiceNo })}`,
      ],
      [
        'payments, payer email',
        admin,
        `/api/admin/payments?${newest}&${page(1)}&filter=${json({ payerEmail: sample.payerEmail })}`,
      ],
      [
        'payments, payer phone',
        admin,
        `/api/admin/payments?${newest}&${page(1)}&filter=${json({ payerPhone: sample.payerPhone })}`,
      ],
      [
        'payments, account no.',
        admin,
        `/api/admin/payments?${newest}&${page(1)}&filter=${json({ accountNo: sample.accountNo })}`,
      ],
      [
        'payments, by amount',
        admin,
        `/api/admin/payments?sort=${json(['amountSen', 'DESC'])}&${page(1)}&filter=%7B%7D`,
      ],
      // The one search box (pg_trgm): the start of an email, a name, a fragment of an account number.
      [
        'search box, email start',
        admin,
        `/api/admin/payments?${newest}&${page(1)}&filter=${json({ q: sample.payerEmail.split('@')[0] })}`,
      ],
      [
        'search box, payer name',
        admin,
        `/api/admin/payments?${newest}&${page(1)}&filter=${json({ q: 'Pembayar 1234' })}`,
      ],
      [
        'search box, common name part',
        admin,
        `/api/admin/payments?${newest}&${page(1)}&filter=${json({ q: 'bayar 9' })}`,
      ],
      [
        'search box, account fragment',
        admin,
        `/api/admin/payments?${newest}&${page(1)}&filter=${json({ q: sample.accountNo.slice(1, -1) })}`,
      ],
      [
        'search box, mdpg council admin',
        mdpg,
        `/api/admin/payments?${newest}&${page(1)}&filter=${json({ q: sample.payerEmail.split('@')[0] })}`,
      ],
      ['status tabs, all payments', admin, '/api/admin/payments/status-counts?filter=%7B%7D'],
      [
        'status tabs, search box',
        admin,
        `/api/admin/payments/status-counts?filter=${json({ q: sample.payerEmail.split('@')[0] })}`,
      ],
      ['one payment', admin, `/api/admin/payments/${sample.reference}`],
      ['messages, first page', admin, `/api/admin/notifications?${newest}&${page(1)}&filter=%7B%7D`],
      [
        'messages, failed',
        admin,
        `/api/admin/notifications?${newest}&${page(1)}&filter=${json({ status: ['failed'] })}`,
      ],
      ['messages, mdpg council admin', mdpg, `/api/admin/notifications?${newest}&${page(1)}&filter=%7B%7D`],
      ['staff audit', admin, `/api/admin/audit?${newest}&${page(1)}&filter=%7B%7D`],
      ['dashboard, _admin', admin, '/api/admin/dashboard'],
      ['dashboard, mdpg council admin', mdpg, '/api/admin/dashboard'],
      ['reconciliation, 7 days, _admin', admin, `/api/admin/reconciliation?from=${dayOf(-6)}&to=${dayOf(0)}`],
      ['reconciliation, 31 days, mdpg', mdpg, `/api/admin/reconciliation?from=${dayOf(-30)}&to=${dayOf(0)}`],
      ['totals row, all payments', admin, '/api/admin/payments/totals?filter=%7B%7D'],
      ['totals row, one day paid', admin, `/api/admin/payments/totals?paidFrom=${dayOf(-1)}&paidTo=${dayOf(-1)}`],
      ['totals row, mdpg council admin', mdpg, '/api/admin/payments/totals?filter=%7B%7D'],
      ["day's close, mdpg, yesterday", mdpg, `/api/admin/day-close?council=mdpg&day=${dayOf(-1)}`],
      ["day's close, lbk, _admin", admin, `/api/admin/day-close?council=lbk&day=${dayOf(-2)}`],
    ];
    process.stdout.write(
      `\n${sizes.payables} payables, ${sizes.payments} payments, ${sizes.notifications} messages; ${REPEAT} requests each, one at a time\n\n`,
    );
    // --search-only: the search box and the status tabs, nothing else.
    const chosen = args['settlement-only']
      ? []
      : args['search-only']
        ? cases.filter(([label]) => /^search box|^status tabs/.test(label))
        : cases;
    for (const [label, cookie, path] of chosen) {
      const r = await time(baseUrl, cookie, path);
      const fmt = (ms) => `${ms.toFixed(0)} ms`.padEnd(8);
      process.stdout.write(
        `${label.padEnd(32)} p50 ${fmt(r.p50)} p95 ${fmt(r.p95)} max ${fmt(r.max)} status ${r.status}  rows ${String(r.rows).padEnd(3)} total ${r.total}\n`,
      );
    }
    // The payments CSV is streamed: the first bytes leave before the file is read whole.
    for (const [label, cookie, path] of args['settlement-only'] || args['search-only']
      ? []
      : [
          ['payments CSV, mdpg, one day', mdpg, `/api/admin/payments.csv?from=${dayOf(0)}&to=${dayOf(0)}`],
          ['payments CSV, _admin, 7 days', admin, `/api/admin/payments.csv?from=${dayOf(-6)}&to=${dayOf(0)}`],
        ]) {
      const r = await firstByte(baseUrl, cookie, path);
      process.stdout.write(
        `${label.padEnd(32)} first byte ${r.first.toFixed(0)} ms, whole ${r.whole.toFixed(0)} ms, ${r.bytes} bytes, status ${r.status}\n`,
      );
    }
    if (!args['search-only']) await settlementFigures(baseUrl, admin, env.DATABASE_URL, runId);
  } finally {
    await stop(5000);
    await deleteRedisPrefix(env.REDIS_URL, env.REDIS_PREFIX).catch(() => undefined);
    rmSync(keysDir, { recursive: true, force: true });
    if (args.drop) await dropDatabase(env.DATABASE_URL);
  }
}

main().catch((error) => {
  process.stderr.write(`${error.stack ?? error.message}\n`);
  process.exit(1);
});
