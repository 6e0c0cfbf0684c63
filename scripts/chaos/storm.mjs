// The callback storm: N FPX payments, each approved at the bank; every approval delivered three times as a
// direct AC in random order, 5% of all messages tampered, while the worker's enquiries race the callbacks and
// the faults (worker SIGKILL twice, Redis stopped, API restarted, PostgreSQL connections terminated) strike at
// set points of the storm. Then it waits for everything to settle and counts what must be zero.
import pg from 'pg';
import { sleep, waitUntil } from './processes.mjs';

const FPX_BANK = 'MB2U0227';

/** A small seeded PRNG (mulberry32): the same seed gives the same order and the same tampering. */
export function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffle(items, random) {
  for (let i = items.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}

async function postForm(url, fields) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    signal: AbortSignal.timeout(30_000),
  });
  return { status: res.status, text: await res.text() };
}

async function postJson(url, body) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  let json = null;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, json, text };
}

/** Runs `task(i)` for i in [0, n) with `concurrency` at a time. */
async function pool(n, concurrency, task) {
  let next = 0;
  const lanes = Array.from({ length: Math.min(concurrency, n) }, async () => {
    while (next < n) {
      const i = next;
      next += 1;
      await task(i);
    }
  });
  await Promise.all(lanes);
}

/** Tampers one signed AC so its checksum no longer matches: a flipped checksum digit, or a changed field. */
function tamper(fields, random, k) {
  const copy = { ...fields };
  const way = k % 3;
  if (way === 0) {
    const sum = copy.fpx_checkSum;
    const at = Math.floor(random() * sum.length);
    const flipped = sum[at] === '0' ? '1' : '0';
    copy.fpx_checkSum = sum.slice(0, at) + flipped + sum.slice(at + 1);
  } else if (way === 1) {
    copy.fpx_txnAmount = (Number(copy.fpx_txnAmount) + 1).toFixed(2);
  } else {
    // Always a different id: a copy equal to the genuine message (an id already ending in 999) would be a
    // fourth genuine delivery, rightly accepted, and counted here as a tampered message let through.
    const id = copy.fpx_fpxTxnId;
    copy.fpx_fpxTxnId = `${id.slice(0, -3)}${id.endsWith('999') ? '998' : '999'}`;
  }
  return copy;
}

/** Bills of this run, one per payment, in the seeded councils, each its own amount in sen. */
async function makeBills(db, runId, n) {
  const { rows: councils } = await db.query('SELECT code FROM "Council" ORDER BY code');
  const codes = councils.map((c) => c.code);
  const { rows } = await db.query(
    `INSERT INTO "Payable" (id, "councilCode", type, "accountNo", "displayNo", "ownerName", "balanceSen", details, "updatedAt")
     SELECT gen_random_uuid(), ($2::text[])[1 + (g % array_length($2::text[], 1))], 'compound',
            $1 || lpad(g::text, 6, '0'), $1 || lpad(g::text, 6, '0'), 'PEMBAYAR CHAOS', 1000 + g,
            '{"compoundType":"individual"}'::jsonb, now()
     FROM generate_series(1, $3::int) g
     RETURNING id, "balanceSen"`,
    [`CH${runId.toUpperCase()}`, codes, n],
  );
  return rows;
}

/**
 * Creates the payments as payers would (POST /api/payments, the signed form posted to the bank) and has the
 * bank approve each one without telling us: the signed AC is kept for the storm, and the bank will say
 * "approved" to any enquiry.
 */
async function createPayments(ctx, bills) {
  const payments = new Array(bills.length);
  await pool(bills.length, 8, async (i) => {
    const bill = bills[i];
    const email = `chaos-${ctx.runId}-${i}@example.my`;
    const created = await ctx.retry(`create payment ${i}`, () =>
      postJson(`${ctx.apiUrl}/api/payments`, {
        items: [{ payableId: bill.id }],
        payer: { name: 'Pembayar Chaos', email, phone: '0123456789' },
        method: { type: 'fpx', bankId: FPX_BANK },
        language: 'ms',
      }),
    );
    if (created.status !== 201) throw new Error(`POST /api/payments answered ${created.status}: ${created.text}`);
    const { reference, invoiceNo, redirect } = created.json;
    const ar = await postForm(redirect.action, redirect.fields);
    if (ar.status !== 200) throw new Error(`the simulator refused the AR of ${reference}: ${ar.status}`);
    const settled = await postJson(`${ctx.simUrl}/sim/fpx/${encodeURIComponent(invoiceNo)}/settle`, {
      action: 'approve',
      sendDirect: false,
    });
    if (settled.status !== 200) throw new Error(`settle ${invoiceNo}: ${settled.status} ${settled.text}`);
    payments[i] = { reference, invoiceNo, email, amountSen: bill.balanceSen, billId: bill.id, ac: settled.json.ac };
  });
  return payments;
}

/**
 * Delivers one message like a gateway does: until it gets a definite answer. A network error, a 5xx or a 429
 * is retried with a growing pause (these are the faults at work); 200 and 400 are answers. Like a gateway, it
 * gives up after `ctx.deliverGiveUpMs` and answers 'undelivered' (the run then fails: no fault of the plan may
 * keep the API from answering that long), so a broken API ends the run instead of holding it forever.
 */
async function deliver(ctx, fields, stats) {
  const giveUpAt = Date.now() + ctx.deliverGiveUpMs;
  let pause = 100;
  for (;;) {
    try {
      const res = await postForm(`${ctx.apiUrl}/api/gateways/fpx/direct`, fields);
      if (res.status === 200 || res.status === 400) return res.status;
      stats.retries += 1;
      stats.retryStatuses[res.status] = (stats.retryStatuses[res.status] ?? 0) + 1;
    } catch {
      stats.retries += 1;
      stats.retryStatuses.network = (stats.retryStatuses.network ?? 0) + 1;
    }
    if (Date.now() + pause > giveUpAt) return 'undelivered';
    await sleep(pause);
    pause = Math.min(pause * 2, 2000);
  }
}

/** How many of the run's payments the database holds in each status. */
async function statusCounts(db, references) {
  const { rows } = await db.query(
    'SELECT status::text, count(*)::int AS n FROM "Payment" WHERE reference = ANY($1) GROUP BY 1',
    [references],
  );
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

async function apiHealthy(ctx) {
  const res = await fetch(`${ctx.apiUrl}/api/health`, { signal: AbortSignal.timeout(5000) });
  return res.status === 200;
}

/** Latest time a notification of this run was sent (the worker's sign of life). */
async function lastSent(db) {
  const { rows } = await db.query('SELECT max("sentAt") AS at FROM "Notification"');
  return rows[0].at ? rows[0].at.getTime() : 0;
}

/**
 * The faults, each at its point of the storm; each records how long recovery took: for the worker, from its
 * restart to its next sent message; for Redis, the API and PostgreSQL, from the fault's end to /api/health 200.
 */
function faultPlan(ctx, db) {
  const recoveryTimeout = 180_000;
  const workerKill = (label) => async () => {
    const pending = (await statusCounts(db, ctx.references)).paid ?? 0;
    await ctx.worker.stop('SIGKILL');
    const at = Date.now();
    ctx.worker.start();
    const recovered = await waitUntil(
      async () => (await lastSent(db)) > at && Date.now(),
      recoveryTimeout,
      `${label}: the restarted worker sent nothing`,
    ).catch((e) => {
      // Which of the two: a worker that could not start (or died) ended with a code; one still running is idle.
      const last = ctx.worker.history.at(-1);
      const state = ctx.worker.alive
        ? 'it is running but did nothing'
        : `it ended by itself (${last.signal ?? `exit code ${last.code}`}) ${((last.endedAt - at) / 1000).toFixed(1)} s after its start`;
      ctx.notes.push(`${e.message}: ${state}`);
      return null;
    });
    return { fault: label, detail: `SIGKILL with ${pending} of ${ctx.references.length} paid`, recovered, at };
  };
  return [
    { at: 0.15, run: workerKill('worker SIGKILL #1') },
    {
      at: 0.3,
      run: async () => {
        await ctx.redis.stop('SIGKILL');
        const downAt = Date.now();
        await sleep(ctx.redisDownMs);
        ctx.redis.start();
        const at = Date.now();
        const healthy = await waitUntil(() => apiHealthy(ctx), recoveryTimeout, 'API health after Redis').catch(
          (e) => (ctx.notes.push(e.message), null),
        );
        return {
          fault: 'Redis stopped',
          detail: `${((at - downAt) / 1000).toFixed(0)} s down`,
          recovered: healthy && Date.now(),
          at,
        };
      },
    },
    { at: 0.45, run: workerKill('worker SIGKILL #2') },
    {
      at: 0.6,
      run: async () => {
        const stopping = Date.now();
        await ctx.api.stop('SIGTERM');
        const at = Date.now();
        ctx.api.start();
        const healthy = await waitUntil(() => apiHealthy(ctx), recoveryTimeout, 'API restart').catch(
          (e) => (ctx.notes.push(e.message), null),
        );
        return {
          fault: 'API restarted',
          detail: `SIGTERM, stopped in ${((at - stopping) / 1000).toFixed(1)} s, then started`,
          recovered: healthy && Date.now(),
          at,
        };
      },
    },
    {
      at: 0.75,
      run: async () => {
        const { rows } = await db.query(
          `SELECT count(*)::int AS n FROM (SELECT pg_terminate_backend(pid) FROM pg_stat_activity
           WHERE datname = current_database() AND pid <> pg_backend_pid()) t`,
        );
        const at = Date.now();
        const healthy = await waitUntil(() => apiHealthy(ctx), recoveryTimeout, 'after pg_terminate_backend').catch(
          (e) => (ctx.notes.push(e.message), null),
        );
        return {
          fault: 'PostgreSQL connections dropped',
          detail: `${rows[0].n} backends terminated`,
          recovered: healthy && Date.now(),
          at,
        };
      },
    },
  ];
}

export async function runStorm(ctx) {
  // The checker's own connections: those the fault terminates are replaced by the pool, and a query that was
  // on one when it went is tried again.
  const pgPool = new pg.Pool({ connectionString: ctx.databaseUrl, max: 4 });
  pgPool.on('error', () => undefined);
  const db = {
    query: async (text, values) => {
      for (let attempt = 1; ; attempt += 1) {
        try {
          return await pgPool.query(text, values);
        } catch (error) {
          if (attempt >= 5 || !/terminat|Connection/i.test(error.message)) throw error;
          await sleep(200 * attempt);
        }
      }
    },
    end: () => pgPool.end(),
  };
  const random = prng(ctx.seed);
  const figures = {};
  try {
    let started = Date.now();
    const bills = await makeBills(db, ctx.runId, ctx.payments);
    const payments = await createPayments(ctx, bills);
    ctx.references = payments.map((p) => p.reference);
    figures.createSeconds = (Date.now() - started) / 1000;

    // The messages: three deliveries of every approval, and tampered copies making 5% of all messages.
    const messages = [];
    for (const p of payments) for (let k = 0; k < 3; k += 1) messages.push({ p, fields: p.ac, tampered: false });
    const tamperedCount = Math.round((messages.length * 5) / 95);
    for (let k = 0; k < tamperedCount; k += 1) {
      const p = payments[Math.floor(random() * payments.length)];
      messages.push({ p, fields: tamper(p.ac, random, k), tampered: true });
    }
    shuffle(messages, random);

    const stats = {
      retries: 0,
      retryStatuses: {},
      undelivered: 0,
      genuineRefused: 0,
      tamperedAccepted: 0,
      tamperedRefused: 0,
    };
    const plan = faultPlan(ctx, db);
    const faultRuns = [];
    // The worker starts with the storm: its enquiries (the bank says approved) race the callbacks.
    ctx.worker.start();
    ctx.onStormStart?.();
    started = Date.now();
    let sent = 0;
    await pool(messages.length, ctx.concurrency, async (i) => {
      while (plan.length > 0 && sent >= plan[0].at * messages.length) faultRuns.push(plan.shift().run());
      const m = messages[i];
      const status = await deliver(ctx, m.fields, stats);
      sent += 1;
      if (status === 'undelivered') {
        stats.undelivered += 1;
        if (stats.undelivered <= 5)
          ctx.notes.push(`an AC of ${m.p.reference} got no answer in ${ctx.deliverGiveUpMs / 1000} s`);
      } else if (m.tampered) {
        if (status === 200) stats.tamperedAccepted += 1;
        else stats.tamperedRefused += 1;
      } else if (status !== 200) {
        stats.genuineRefused += 1;
        ctx.notes.push(`genuine AC of ${m.p.reference} refused (${status})`);
      }
    });
    figures.stormSeconds = (Date.now() - started) / 1000;
    const faults = await Promise.all(faultRuns);
    const stormEnd = Date.now();

    // Recovery: every payment final, every outbox row relayed, every message sent.
    const settled = await waitUntil(
      async () => {
        const { rows } = await db.query(
          `SELECT
             (SELECT count(*)::int FROM "Payment" WHERE reference = ANY($1) AND status NOT IN ('paid', 'failed', 'expired', 'cancelled', 'refunded')) AS open,
             (SELECT count(*)::int FROM "Outbox" WHERE "sentAt" IS NULL) AS outbox,
             (SELECT count(*)::int FROM "Notification" n JOIN "Payment" p ON p.id = n."paymentId"
               WHERE p.reference = ANY($1) AND n.status <> 'sent') AS unsent,
             (SELECT count(DISTINCT n."paymentId")::int FROM "Notification" n JOIN "Payment" p ON p.id = n."paymentId"
               WHERE p.reference = ANY($1)) AS notified`,
          [ctx.references],
        );
        const r = rows[0];
        return r.open === 0 && r.outbox === 0 && r.unsent === 0 && r.notified === payments.length && r;
      },
      ctx.settleTimeoutMs,
      'every payment final and every payer told',
      500,
    ).catch((e) => (ctx.notes.push(e.message), null));
    figures.settleSeconds = (Date.now() - stormEnd) / 1000;

    const counts = await statusCounts(db, ctx.references);
    const { rows: checks } = await db.query(
      `WITH mine AS (SELECT p.* FROM "Payment" p WHERE p.reference = ANY($1))
       SELECT
         (SELECT count(*)::int FROM mine WHERE status <> 'paid') AS wrong_state,
         (SELECT count(*)::int FROM mine WHERE late) AS late,
         (SELECT count(*)::int FROM mine WHERE "refundDueSen" > 0) AS refund_due,
         (SELECT count(*)::int FROM "PaymentItem" i JOIN mine ON mine.id = i."paymentId" WHERE i."creditedAt" IS NULL) AS uncredited,
         (SELECT count(*)::int FROM "Payable" b WHERE b.id = ANY($2::uuid[]) AND b."balanceSen" <> 0) AS wrong_balance,
         (SELECT count(*)::int FROM "GatewayAnswer" a JOIN mine ON mine.id = a."paymentId" WHERE a.verdict = 'duplicate_charge') AS duplicate_charges,
         (SELECT count(*)::int FROM "GatewayAnswer" a JOIN mine ON mine.id = a."paymentId" WHERE a.outcome = 'approved' AND a.verdict = 'applied') AS applied_approvals,
         (SELECT count(*)::int FROM (SELECT e."paymentId" FROM "PaymentEvent" e JOIN mine ON mine.id = e."paymentId"
            WHERE e.type = 'status_changed' AND e."toStatus" = 'paid' GROUP BY 1 HAVING count(*) > 1) twice) AS paid_twice`,
      [ctx.references, payments.map((p) => p.billId)],
    );
    const { rows: perPayment } = await db.query(
      `SELECT p.reference, count(s.id)::int AS sink, count(DISTINCT n.id)::int AS notifications
       FROM "Payment" p LEFT JOIN "Notification" n ON n."paymentId" = p.id
       LEFT JOIN "SinkMessage" s ON s."notificationId" = n.id
       WHERE p.reference = ANY($1) GROUP BY p.reference`,
      [ctx.references],
    );
    const { rows: perPayer } = await db.query(
      `SELECT recipient, count(*)::int AS n FROM "SinkMessage" WHERE recipient LIKE $1 GROUP BY recipient`,
      [`chaos-${ctx.runId}-%`],
    );
    const sinkCounts = new Map(perPayer.map((r) => [r.recipient, r.n]));
    const emailsLost = payments.filter((p) => !sinkCounts.has(p.email)).length;
    const emailsDuplicated = [...sinkCounts.values()].filter((n) => n > 1).length;
    const { rows: stuckRows } = await db.query(
      `SELECT
         (SELECT count(*)::int FROM "Payment" WHERE status IN ('in_progress', 'pending') AND reference = ANY($1)) AS stuck,
         (SELECT count(*)::int FROM "Outbox" WHERE "sentAt" IS NULL) AS outbox_unsent,
         (SELECT count(*)::int FROM "Notification" WHERE status <> 'sent') AS notifications_unsent`,
      [ctx.references],
    );
    return {
      payments,
      messages: messages.length,
      tampered: tamperedCount,
      stats,
      faults,
      settled: Boolean(settled),
      counts,
      checks: checks[0],
      stuck: stuckRows[0],
      perPayment: {
        none: perPayment.filter((r) => r.sink === 0).length,
        many: perPayment.filter((r) => r.sink > 1 || r.notifications > 1).length,
      },
      emailsLost,
      emailsDuplicated,
      figures,
    };
  } finally {
    await db.end().catch(() => undefined);
  }
}
