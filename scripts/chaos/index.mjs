#!/usr/bin/env node
// `npm run chaos`: the callback storm under faults, then the OpenAPI fuzzer, on a database, a Redis server,
// ports and dev keys of its own. Prints a table of what was done and what was counted, and exits 1 when any
// count that must be zero is not (or the fuzzer got a 5xx).
//   node scripts/chaos/index.mjs            full: 10,000 payments, Redis down 30 s, 15,000 fuzz requests
//   node scripts/chaos/index.mjs --short    CI: 150 payments, Redis down 10 s, 1,500 fuzz requests
// Options: --seed N (replay a run), --payments N, --fuzz N, --skip-build (use the existing dist/), --keep
// (keep the database chaos_<run> for a look afterwards). The full run writes its table to docs/chaos.md.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  DEFAULTS,
  ROOT,
  buildAll,
  dropDatabase,
  ensureDatabase,
  freePort,
  log,
  migrateAndSeed,
  node,
  waitForHttp,
} from '../lib.mjs';
import {
  awaitDeliveries,
  collectionFiles,
  compareItemForItem,
  configureCouncilSystems,
  receiverOutage,
} from './council.mjs';
import { runFuzz } from './fuzz.mjs';
import { nodeProcess, redisProcess, tail, waitForRedis } from './processes.mjs';
import { runStorm } from './storm.mjs';

const ADMIN = { email: 'admin@councilpay.my', password: process.env.SEED_ADMIN_PASSWORD || 'Demo#CouncilPay2026' };

function option(name, fallback) {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

/** The Malaysian day (UTC+8) of a moment, YYYY-MM-DD. */
const mytDay = (ms) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);

async function reconciliation(apiUrl, fromMs, references) {
  const { signInAdmin } = await import('./fuzz.mjs');
  const admin = await signInAdmin(apiUrl, ADMIN.email, ADMIN.password);
  const res = await fetch(`${apiUrl}/api/admin/reconciliation?from=${mytDay(fromMs)}&to=${mytDay(Date.now())}`, {
    headers: { cookie: admin.cookie },
  });
  if (res.status !== 200) throw new Error(`reconciliation answered ${res.status}: ${await res.text()}`);
  const report = await res.json();
  const mine = new Set(references);
  const byCause = {};
  for (const m of report.mismatches) {
    if (m.reference && !mine.has(m.reference)) continue;
    byCause[m.cause] = (byCause[m.cause] ?? 0) + 1;
  }
  const paid = report.rows.reduce((n, r) => n + r.paymentsPaid, 0);
  const approved = report.rows.reduce((n, r) => n + r.approvedAnswers, 0);
  return { byCause, paid, approved, rows: report.rows.length };
}

function table(rows) {
  const widths = [0, 1, 2, 3].map((c) => Math.max(...rows.map((r) => String(r[c]).length)));
  const line = (r) => `| ${r.map((v, c) => String(v).padEnd(widths[c])).join(' | ')} |`;
  return [
    line(['what', 'figure', 'must be', 'ok']),
    `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`,
    ...rows.map(line),
  ].join('\n');
}

async function main() {
  const short = process.argv.includes('--short');
  const seed = option('--seed', Math.floor(Math.random() * 2 ** 31));
  const sizes = {
    payments: option('--payments', short ? 150 : 10_000),
    fuzz: option('--fuzz', short ? 1_500 : 15_000),
    redisDownMs: short ? 10_000 : 30_000,
    // The councils' systems: down for this long, this far into the storm (slow for a share of calls throughout).
    receiverDownMs: short ? 10_000 : 120_000,
    receiverDownAfterMs: short ? 2_000 : 60_000,
    deliveriesTimeoutMs: short ? 300_000 : 1_200_000,
    concurrency: short ? 8 : 16,
    settleTimeoutMs: short ? 240_000 : 1_200_000,
    // A gateway's patience with one message: longer than any fault of the plan keeps the API from answering.
    deliverGiveUpMs: short ? 120_000 : 300_000,
  };
  const runId = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
  const started = Date.now();
  log(
    `chaos ${short ? '(short)' : '(full)'}: run ${runId}, seed ${seed}, ${sizes.payments} payments, ${sizes.fuzz} fuzz requests`,
  );

  const env0 = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' };
  if (!process.argv.includes('--skip-build')) buildAll(env0);

  const database = new URL(process.env.DATABASE_URL || DEFAULTS.DATABASE_URL);
  database.pathname = `/councilpay_chaos_${runId}`;
  const [apiPort, simPort, redisPort, councilSimPort] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  const work = mkdtempSync(join(tmpdir(), 'councilpay-chaos-'));
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const simUrl = `http://127.0.0.1:${simPort}`;
  const councilSimUrl = `http://127.0.0.1:${councilSimPort}`;
  const env = {
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATABASE_URL: database.toString(),
    REDIS_URL: `redis://127.0.0.1:${redisPort}`,
    REDIS_PREFIX: `cp-chaos-${runId}`,
    PORT: String(apiPort),
    HOST: '127.0.0.1',
    PUBLIC_URL: apiUrl,
    SIM_PORT: String(simPort),
    SIM_PUBLIC_URL: simUrl,
    DEV_KEYS_DIR: join(work, 'keys'),
    FPX_DIRECT_AC_URL: `${apiUrl}/api/gateways/fpx/direct`,
    FPX_INDIRECT_AC_URL: `${apiUrl}/api/gateways/fpx/indirect`,
    // Enquiries at 1/50 of real time (first after ~2.4 s; expiry after ~29 min), fast, so they race the storm.
    REQUERY_TIME_SCALE: '0.02',
    REQUERY_SWEEP_EVERY_MS: '500',
    REQUERY_RATE_PER_SECOND: '50',
    NOTIFY_SENDING_LEASE_MS: '5000',
    NOTIFY_SWEEP_EVERY_MS: '1000',
    OUTBOX_RELAY_EVERY_MS: '250',
    // One source address sends every message of the storm: the per-address cap is not under test here.
    GATEWAY_RATE_PER_MINUTE: '1000000',
  };
  for (const key of ['PORTAL_DIST', 'CONSOLE_DIST', 'SMTP_URL', 'SMS_URL']) delete env[key];

  const redis = redisProcess(redisPort, join(work, 'redis.log'));
  const api = nodeProcess('api', 'apps/api/dist/main.js', env, join(work, 'api.log'));
  // The worker logs at info: its start, its schedules and every relay and message, so a failed run shows what
  // it was doing when it stopped.
  const worker = nodeProcess(
    'worker',
    'apps/api/dist/worker.js',
    { ...env, LOG_LEVEL: 'info' },
    join(work, 'worker.log'),
  );
  const sim = nodeProcess('gateway-sim', 'apps/gateway-sim/dist/main.js', env, join(work, 'sim.log'));
  const councilSim = nodeProcess(
    'council-sim',
    'apps/council-sim/dist/main.js',
    { ...env, COUNCIL_SIM_PORT: String(councilSimPort), LOG_LEVEL: 'warn' },
    join(work, 'council-sim.log'),
  );
  const notes = [];
  let ok = false;
  let cleaning = null;
  const cleanUp = () =>
    (cleaning ??= (async () => {
      for (const p of [worker, api, sim, councilSim]) await p.stop('SIGTERM', 10_000);
      await redis.stop('SIGTERM', 5_000);
      const keep = process.argv.includes('--keep');
      if (!keep) await dropDatabase(env.DATABASE_URL).catch(() => undefined);
      // A failed run keeps its processes' logs (a CI run's output says where); a passed one leaves nothing.
      if (!keep && ok) rmSync(work, { recursive: true, force: true });
      if (keep) log(`chaos: kept database ${database.pathname.slice(1)} and logs in ${work}`);
      else if (!ok) log(`chaos: kept the logs of the failed run in ${work}`);
    })());
  /**
   * What a failed run prints so that it explains itself: each process's starts and how each ended (stopped by
   * the run, or by itself with its code or signal), then the last lines of every log.
   */
  const explainFailure = () => {
    process.stdout.write('\nprocesses of the run (times from its start):\n');
    for (const p of [worker, api, sim, councilSim, redis])
      for (const line of p.describe(started)) process.stdout.write(`  ${line}\n`);
    for (const p of [worker, api, sim, councilSim, redis]) {
      process.stdout.write(`\n--- ${p.name} log, last lines (${p.logFile}) ---\n${tail(p.logFile, 60)}\n`);
    }
  };
  // Interrupted (Ctrl-C, a CI job's timeout, kill): the run's processes, database and files go with it.
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      log(`chaos: ${signal}: stopping the run's processes`);
      void cleanUp().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
    });
  }
  try {
    redis.start();
    await waitForRedis(redisPort);
    await ensureDatabase(env.DATABASE_URL);
    migrateAndSeed({ ...env, LOG_LEVEL: 'warn' });
    node('apps/gateway-sim/dist/dev-keys-cli.js', [], { env, stdio: 'ignore' });
    sim.start();
    councilSim.start();
    api.start();
    await waitForHttp(`${simUrl}/health`, 120_000);
    await waitForHttp(`${councilSimUrl}/health`, 120_000);
    await waitForHttp(`${apiUrl}/api/health`, 180_000);
    log(
      `chaos: API :${apiPort}, simulator :${simPort}, council simulator :${councilSimPort}, Redis :${redisPort}, database ${database.pathname.slice(1)}`,
    );
    const councilSystems = await configureCouncilSystems({ apiUrl, councilSimUrl, admin: ADMIN });
    let outage = null;

    const ctx = {
      runId,
      seed,
      apiUrl,
      simUrl,
      databaseUrl: env.DATABASE_URL,
      payments: sizes.payments,
      concurrency: sizes.concurrency,
      redisDownMs: sizes.redisDownMs,
      settleTimeoutMs: sizes.settleTimeoutMs,
      deliverGiveUpMs: sizes.deliverGiveUpMs,
      api,
      worker,
      redis,
      notes,
      references: [],
      // The councils' systems go down a while into the storm (when the worker starts sending).
      onStormStart: () => {
        outage = receiverOutage(councilSimUrl, sizes.receiverDownAfterMs, sizes.receiverDownMs, notes);
      },
      retry: async (what, fn) => {
        for (let attempt = 1; ; attempt += 1) {
          try {
            return await fn();
          } catch (error) {
            if (attempt >= 5) throw new Error(`${what}: ${error.message}`);
            await new Promise((r) => setTimeout(r, 500 * attempt));
          }
        }
      },
    };
    const storm = await runStorm(ctx);
    log(`chaos: storm done (${storm.figures.stormSeconds.toFixed(0)} s), reconciling`);
    const recon = await reconciliation(apiUrl, started, ctx.references);

    const known = {
      reference: ctx.references.slice(0, 20),
      invoiceNo: storm.payments.slice(0, 20).map((p) => p.invoiceNo),
      code: ['mdpg', 'mbpp'],
      any: [ctx.references[0], 'mdpg', '1', '00000000-0000-0000-0000-000000000000'],
    };
    log(`chaos: fuzzing ${sizes.fuzz} requests with seed ${seed}`);
    const fuzz = await runFuzz({
      baseUrl: apiUrl,
      runs: sizes.fuzz,
      seed,
      known,
      admin: ADMIN,
      log: (m) => log(m),
    });
    await outage?.done;
    log('chaos: waiting for every webhook delivery');
    const deliveries = await awaitDeliveries(env.DATABASE_URL, sizes.deliveriesTimeoutMs);
    log("chaos: the day's collection files, made by the worker with its clock past the day's end");
    const files = await collectionFiles({
      apiUrl,
      databaseUrl: env.DATABASE_URL,
      admin: ADMIN,
      worker,
      councils: councilSystems.councils,
      fromMs: started,
      timeoutMs: 300_000,
    });
    const agree = await compareItemForItem({ databaseUrl: env.DATABASE_URL, councilSimUrl, files, fromMs: started });
    worker.start();
    const alive = api.alive && worker.alive && councilSim.alive;
    const endedByThemselves = [api, worker, sim, councilSim, redis].flatMap((p) =>
      p.unexpectedEnds.map((e) => `${p.name} #${e.start}`),
    );

    const s = storm;
    const faultSeconds = (f) => (f.recovered ? ((f.recovered - f.at) / 1000).toFixed(1) : 'not recovered');
    const explainedMismatches = recon.byCause.approval_without_payment ?? 0;
    const otherMismatches = Object.entries(recon.byCause)
      .filter(([cause]) => cause !== 'approval_without_payment')
      .reduce((n, [, v]) => n + v, 0);
    const rows = [
      ['payments (each approved at the bank)', s.payments.length, '', ''],
      ['callbacks sent (3 per approval + tampered)', s.messages, '', ''],
      ['tampered callbacks', s.tampered, `${((100 * s.tampered) / s.messages).toFixed(1)}%`, ''],
      ['tampered refused (HTTP 400)', s.stats.tamperedRefused, s.tampered, s.stats.tamperedRefused === s.tampered],
      ['tampered accepted', s.stats.tamperedAccepted, 0, s.stats.tamperedAccepted === 0],
      ['genuine callbacks refused', s.stats.genuineRefused, 0, s.stats.genuineRefused === 0],
      [
        `callbacks unanswered after ${sizes.deliverGiveUpMs / 1000} s of redelivery`,
        s.stats.undelivered,
        0,
        s.stats.undelivered === 0,
      ],
      ['redeliveries while faults were on', `${s.stats.retries} ${JSON.stringify(s.stats.retryStatuses)}`, '', ''],
      ...s.faults.map((f) => [
        `fault: ${f.fault} (${f.detail}), recovery s`,
        faultSeconds(f),
        'recovered',
        Boolean(f.recovered),
      ]),
      ['payments paid', s.counts.paid ?? 0, s.payments.length, (s.counts.paid ?? 0) === s.payments.length],
      ['wrong final states', s.checks.wrong_state, 0, s.checks.wrong_state === 0],
      ['stuck (in_progress / pending)', s.stuck.stuck, 0, s.stuck.stuck === 0],
      ['paid twice (two moves to paid)', s.checks.paid_twice, 0, s.checks.paid_twice === 0],
      ['double credits (bill balance not 0)', s.checks.wrong_balance, 0, s.checks.wrong_balance === 0],
      ['items not credited', s.checks.uncredited, 0, s.checks.uncredited === 0],
      [
        'duplicate charges / refunds due / late',
        `${s.checks.duplicate_charges} / ${s.checks.refund_due} / ${s.checks.late}`,
        '0 / 0 / 0',
        s.checks.duplicate_charges + s.checks.refund_due + s.checks.late === 0,
      ],
      [
        'approvals applied',
        s.checks.applied_approvals,
        s.payments.length,
        s.checks.applied_approvals === s.payments.length,
      ],
      [
        'payers not notified (lost)',
        `${s.perPayment.none} (emails ${s.emailsLost})`,
        0,
        s.perPayment.none + s.emailsLost === 0,
      ],
      [
        'payers notified twice or more',
        `${s.perPayment.many} (emails ${s.emailsDuplicated})`,
        0,
        s.perPayment.many + s.emailsDuplicated === 0,
      ],
      [
        'outbox / notifications unsent',
        `${s.stuck.outbox_unsent} / ${s.stuck.notifications_unsent}`,
        '0 / 0',
        s.stuck.outbox_unsent + s.stuck.notifications_unsent === 0,
      ],
      [
        'reconciliation: payments paid / approvals',
        `${recon.paid} / ${recon.approved}`,
        `${s.payments.length} / ${s.payments.length}`,
        recon.paid === s.payments.length && recon.approved === s.payments.length,
      ],
      ['reconciliation mismatches', `${otherMismatches} ${JSON.stringify(recon.byCause)}`, 0, otherMismatches === 0],
      [
        '  of which tampered approvals flagged',
        explainedMismatches,
        `<= ${s.tampered}`,
        explainedMismatches <= s.tampered,
      ],
      [
        `council systems: ${councilSystems.endpoints.length} endpoints, slow for 30% of calls, down (s)`,
        outage?.until ? ((outage.until - outage.at) / 1000).toFixed(0) : `not down (${outage?.error ?? 'no storm'})`,
        sizes.receiverDownMs / 1000,
        Boolean(outage?.until),
      ],
      [
        'webhook deliveries delivered / failed / pending',
        `${deliveries.delivered} / ${deliveries.failed} / ${deliveries.pending}`,
        `${agree.events} / 0 / 0`,
        deliveries.delivered === agree.events && deliveries.failed + deliveries.pending === 0,
      ],
      [
        'webhook attempts (max for one delivery), waited after the run s',
        `${deliveries.attempts} (${deliveries.maxAttempts}), ${deliveries.waitedSeconds.toFixed(0)}`,
        '',
        '',
      ],
      [
        'items credited / bill.credited events',
        `${agree.creditedItems} / ${agree.creditEvents}`,
        `${s.payments.length} / ${s.payments.length}`,
        agree.creditedItems === s.payments.length && agree.creditEvents === agree.creditedItems,
      ],
      [
        'credited items without an event / with two',
        `${agree.itemsWithoutEvent} / ${agree.itemsWithTwoEvents}`,
        '0 / 0',
        agree.itemsWithoutEvent + agree.itemsWithTwoEvents === 0,
      ],
      [
        'events not accepted by their council (lost)',
        agree.eventsNotAccepted,
        0,
        agree.eventsNotAccepted === 0 && agree.acceptedUnknown === 0,
      ],
      ['events that arrived twice or more (at least once)', agree.acceptedTwiceOrMore, '', ''],
      [
        `collection files (${files.days.join(', ')}): credit lines / sen`,
        `${agree.fileCredits} / ${agree.fileSen}`,
        `${agree.creditEvents} / ${agree.acceptedSen}`,
        agree.fileCredits === agree.creditEvents && agree.fileSen === agree.acceptedSen,
      ],
      [
        'file lines not accepted / accepted not in the files',
        `${agree.fileCreditsNotAccepted} / ${agree.acceptedCreditsNotInFile}`,
        '0 / 0',
        agree.fileCreditsNotAccepted + agree.acceptedCreditsNotInFile === 0,
      ],
      [
        'refund / late approval lines disagreeing; trailers wrong',
        `${agree.refundsDisagreeing} / ${agree.lateDisagreeing}; ${agree.trailerErrors}`,
        '0 / 0; 0',
        agree.refundsDisagreeing + agree.lateDisagreeing + agree.trailerErrors === 0,
      ],
      [
        'create payments s / storm s / settle after storm s',
        `${s.figures.createSeconds.toFixed(0)} / ${s.figures.stormSeconds.toFixed(0)} / ${s.figures.settleSeconds.toFixed(0)}`,
        '',
        '',
      ],
      ['storm callbacks per second', (s.messages / s.figures.stormSeconds).toFixed(0), '', ''],
      [
        `fuzz requests (seed ${fuzz.seed})`,
        `${fuzz.requests} over ${fuzz.operationsHit}/${fuzz.operations} operations in ${fuzz.seconds.toFixed(0)} s`,
        sizes.fuzz,
        fuzz.requests === sizes.fuzz,
      ],
      ['fuzz answers by status', JSON.stringify(fuzz.statuses), 'none >= 500', !fuzz.failed],
      ['of which council image uploads, by status', JSON.stringify(fuzz.imageStatuses), 'none >= 500', ''],
      [
        'live status streams opened at once from one address',
        JSON.stringify(fuzz.streams),
        'none >= 500',
        !fuzz.streamFailure,
      ],
      [
        'processes that ended by themselves',
        endedByThemselves.length === 0 ? 0 : endedByThemselves.join(', '),
        0,
        endedByThemselves.length === 0,
      ],
      [
        'API, worker and council simulator alive, API healthy after',
        `${alive} / ${fuzz.healthyAfter}`,
        'true / true',
        alive && fuzz.healthyAfter,
      ],
    ];
    ok = rows.every((r) => r[3] !== false) && s.settled;
    const printed = table(rows.map((r) => [r[0], r[1], r[2], r[3] === '' ? '' : r[3] ? 'yes' : 'NO']));
    process.stdout.write(`\n${printed}\n\n`);
    if (fuzz.failure) {
      process.stdout.write(
        `fuzz failure (replay with --seed ${seed}; ${fuzz.failure.replay}):\n${fuzz.failure.request}\n  answer: ${fuzz.failure.answer}\n`,
      );
    }
    if (fuzz.error) process.stdout.write(`fuzz error: ${fuzz.error}\n`);
    for (const note of notes.slice(0, 30)) process.stdout.write(`note: ${note}\n`);
    if (!ok) explainFailure();
    const total = ((Date.now() - started) / 1000).toFixed(0);
    log(`chaos ${short ? '(short)' : '(full)'}: ${ok ? 'passed' : 'FAILED'} in ${total} s (seed ${seed})`);
    if (!short) {
      const doc = resolve(ROOT, 'docs/chaos.md');
      const text = readFileSync(doc, 'utf8');
      const marker = '<!-- chaos:last-run -->';
      const head = text.includes(marker) ? text.slice(0, text.indexOf(marker)) : `${text.trimEnd()}\n\n`;
      writeFileSync(
        doc,
        `${head}${marker}\n## Last full run\n\n${new Date().toISOString().slice(0, 16)} UTC, seed ${seed}, ${sizes.payments} payments, ${sizes.fuzz} fuzz requests, ${total} s in all, ${ok ? 'passed' : 'FAILED'} (written by \`npm run chaos\`).\n\n${printed}\n`,
      );
    }
  } catch (error) {
    notes.push(error.stack ?? error.message);
    for (const note of notes) process.stdout.write(`note: ${note}\n`);
    explainFailure();
  } finally {
    await cleanUp();
  }
  process.exit(ok ? 0 : 1);
}

main().catch((error) => {
  process.stderr.write(`[chaos] ${error.stack ?? error.message}\n`);
  process.exit(1);
});
