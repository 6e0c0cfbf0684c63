// The councils' side of a chaos run: every council's revenue system is the council simulator (apps/council-sim),
// which receives the webhooks of an endpoint configured for each council through the console's API. During the
// storm it is slow for a share of calls (some past the sender's 10 s timeout, so those are sent again), and down
// for a while. Afterwards the run waits for every delivery, then has the worker make the day's collection files
// and checks, item for item, that the files, the events written and the events the councils accepted agree.
import { resolve } from 'node:path';
import pg from 'pg';
import { ROOT } from '../lib.mjs';
import { signInAdmin } from './fuzz.mjs';
import { sleep, waitUntil } from './processes.mjs';

/** What the run's council systems do: slow for this share of calls, each slow call 1-12 s (the sender waits 10). */
export const RECEIVER_SLOW = { slowShare: 0.3, slowMinMs: 1_000, slowMs: 12_000 };

/** The preload that runs the worker a day ahead (see clock-ahead.cjs). */
export const CLOCK_AHEAD = resolve(ROOT, 'scripts/chaos/clock-ahead.cjs');

async function json(url, init = {}) {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(60_000) });
  const text = await res.text();
  let body = null;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, body, text };
}

async function control(simUrl, path, body) {
  const res = await json(`${simUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (res.status !== 200) throw new Error(`council simulator ${path} answered ${res.status}: ${res.text}`);
  return res.body;
}

/**
 * One webhook endpoint per council, every event type, at the council simulator (configured as `_admin` through
 * the console's API, as a council's IT unit would have it done); the secrets shown once are given to the
 * simulator. Then the simulator is made slow for a share of calls.
 */
export async function configureCouncilSystems({ apiUrl, councilSimUrl, admin }) {
  const staff = await signInAdmin(apiUrl, admin.email, admin.password);
  const headers = { cookie: staff.cookie, 'x-csrf-token': staff.csrf, 'content-type': 'application/json' };
  const councils = await json(`${apiUrl}/api/councils`);
  if (councils.status !== 200) throw new Error(`GET /api/councils answered ${councils.status}`);
  const codes = councils.body.map((c) => c.code);
  const endpoints = [];
  for (const council of codes) {
    const created = await json(`${apiUrl}/api/admin/webhook-endpoints`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        council,
        url: `${councilSimUrl}/hooks`,
        events: ['bill.credited', 'payment.late_approval', 'refund.made', 'day.signed_off'],
        description: 'chaos run: the council simulator',
      }),
    });
    if (created.status !== 201)
      throw new Error(`creating ${council}'s endpoint answered ${created.status}: ${created.text}`);
    await control(councilSimUrl, '/control/secrets', { secret: created.body.secret });
    endpoints.push(created.body.id);
  }
  await control(councilSimUrl, '/control/mode', { mode: 'slow', ...RECEIVER_SLOW });
  return { endpoints, councils: codes };
}

/** Takes the council systems down for `downMs` from `afterMs` into the storm, then slow again; records when. */
export function receiverOutage(councilSimUrl, afterMs, downMs, notes) {
  const outage = { at: null, until: null, error: null };
  outage.done = (async () => {
    await sleep(afterMs);
    try {
      await control(councilSimUrl, '/control/mode', { mode: 'down' });
      outage.at = Date.now();
      await sleep(downMs);
      await control(councilSimUrl, '/control/mode', { mode: 'slow', ...RECEIVER_SLOW });
      outage.until = Date.now();
    } catch (error) {
      outage.error = error.message;
      notes.push(`council systems' outage: ${error.message}`);
    }
  })();
  return outage;
}

function checker(databaseUrl) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  pool.on('error', () => undefined);
  return pool;
}

/** Waits until no delivery of the run is pending (each delivered, or given up); answers the deliveries' figures. */
export async function awaitDeliveries(databaseUrl, timeoutMs) {
  const db = checker(databaseUrl);
  const started = Date.now();
  try {
    const pending = async () =>
      (await db.query(`SELECT count(*)::int AS n FROM "WebhookDelivery" WHERE status = 'pending'`)).rows[0].n;
    let settled = true;
    try {
      await waitUntil(async () => (await pending()) === 0, timeoutMs, 'every webhook delivery settled', 2_000);
    } catch {
      settled = false;
    }
    const { rows } = await db.query(
      `SELECT status, count(*)::int AS n, sum(attempts)::int AS attempts, max(attempts)::int AS "maxAttempts"
       FROM "WebhookDelivery" GROUP BY status`,
    );
    const by = Object.fromEntries(rows.map((r) => [r.status, r]));
    return {
      settled,
      waitedSeconds: (Date.now() - started) / 1000,
      delivered: by.delivered?.n ?? 0,
      failed: by.failed?.n ?? 0,
      pending: by.pending?.n ?? 0,
      attempts: rows.reduce((n, r) => n + r.attempts, 0),
      maxAttempts: Math.max(0, ...rows.map((r) => r.maxAttempts)),
    };
  } finally {
    await db.end();
  }
}

/** The Malaysian days (YYYY-MM-DD) from one moment to another. */
function malaysianDays(fromMs, toMs) {
  const day = (ms) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);
  const days = [];
  for (let ms = fromMs; day(ms) <= day(toMs); ms += 86_400_000) days.push(day(ms));
  if (days.at(-1) !== day(toMs)) days.push(day(toMs));
  return [...new Set(days)];
}

/**
 * The collection files of the run's days, made by the worker as at a day's end: the worker is restarted with
 * its clock a day and the grace ahead (the run's days are then over), makes the files, and is stopped. Answers
 * every line of every council's files of those days, and the trailers.
 */
export async function collectionFiles({ apiUrl, databaseUrl, admin, worker, councils, fromMs, timeoutMs }) {
  const days = malaysianDays(fromMs, Date.now());
  await worker.stop('SIGTERM', 30_000);
  const env = worker.env;
  worker.env = {
    ...env,
    NODE_OPTIONS: `${env.NODE_OPTIONS ?? ''} --require ${CLOCK_AHEAD}`.trim(),
    CHAOS_CLOCK_AHEAD_MS: String(24 * 3_600_000 + Number(env.COLLECTION_FILE_GRACE_MS ?? 2 * 3_600_000) + 60_000),
    COLLECTION_FILE_EVERY_MS: '2000',
    // The run's days, and one more in case the clock's jump lands a day past them.
    COLLECTION_FILE_CATCH_UP_DAYS: String(days.length + 1),
  };
  const db = checker(databaseUrl);
  try {
    worker.start();
    const expected = councils.length * days.length * 2;
    await waitUntil(
      async () =>
        (await db.query(`SELECT count(*)::int AS n FROM "CollectionFile" WHERE day = ANY($1::text[])`, [days])).rows[0]
          .n >= expected,
      timeoutMs,
      `the collection files of ${days.join(', ')} kept`,
      2_000,
    );
  } finally {
    await db.end();
    await worker.stop('SIGTERM', 30_000);
    worker.env = env;
  }
  const staff = await signInAdmin(apiUrl, admin.email, admin.password);
  const lines = [];
  const trailers = [];
  for (const council of councils) {
    for (const day of days) {
      const res = await fetch(`${apiUrl}/api/admin/collection-files/${council}/${day}/jsonl`, {
        headers: { cookie: staff.cookie },
        signal: AbortSignal.timeout(60_000),
      });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`the ${council} file of ${day} answered ${res.status}: ${text}`);
      for (const row of text
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l))) {
        if (row.record === 'line') lines.push(row);
        else trailers.push(row);
      }
    }
  }
  return { days, lines, trailers };
}

/**
 * Item for item: every item the run credited has one `bill.credited` event, every event was accepted by its
 * council's system, and every credit line of the day's files is an accepted event with the same receipt,
 * account, amount and payment (and the other way round); refunds and late approvals likewise by their items.
 * The files' trailers add up to their lines.
 */
export async function compareItemForItem({ databaseUrl, councilSimUrl, files, fromMs }) {
  const db = checker(databaseUrl);
  let credited;
  let events;
  try {
    const from = new Date(fromMs);
    credited = (await db.query(`SELECT id FROM "PaymentItem" WHERE "creditedAt" >= $1`, [from])).rows.map((r) => r.id);
    events = (
      await db.query(`SELECT id, type, "councilCode", data FROM "WebhookEvent" WHERE "createdAt" >= $1`, [from])
    ).rows;
  } finally {
    await db.end();
  }
  const accepted = await json(`${councilSimUrl}/accepted`);
  if (accepted.status !== 200) throw new Error(`council simulator /accepted answered ${accepted.status}`);
  const acceptedById = new Map(accepted.body.events.map((e) => [e.id, e]));
  const eventIds = new Set(events.map((e) => e.id));

  const creditEvents = events.filter((e) => e.type === 'bill.credited');
  const eventsByItem = new Map();
  for (const e of creditEvents) eventsByItem.set(e.data.itemId, (eventsByItem.get(e.data.itemId) ?? 0) + 1);
  const creditKey = (x) => [x.itemId, x.receiptNo, x.accountNo, x.amountSen, x.paymentReference].join('|');

  const acceptedCredits = creditEvents.filter((e) => acceptedById.has(e.id)).map((e) => creditKey(e.data));
  const fileCredits = files.lines.filter((l) => l.kind === 'credit').map(creditKey);
  const refundKey = (refundId, item) => [refundId, item.itemId, item.amountSen].join('|');
  const acceptedRefunds = events
    .filter((e) => e.type === 'refund.made' && acceptedById.has(e.id))
    .flatMap((e) => e.data.items.map((item) => refundKey(e.data.refundId, item)));
  const fileRefunds = files.lines.filter((l) => l.kind === 'refund').map((l) => refundKey(l.refundId, l));
  const lateKey = (reference, item) => [reference, item.itemId, item.amountSen].join('|');
  const acceptedLate = events
    .filter((e) => e.type === 'payment.late_approval' && acceptedById.has(e.id))
    .flatMap((e) => e.data.items.map((item) => lateKey(e.data.paymentReference, item)));
  const fileLate = files.lines.filter((l) => l.kind === 'late_approval').map((l) => lateKey(l.paymentReference, l));

  const difference = (a, b) => {
    const inB = new Set(b);
    return a.filter((x) => !inB.has(x));
  };
  const trailerErrors = files.trailers.filter((t) => {
    const mine = files.lines.filter((l) => l.council === t.council && l.day === t.day);
    const sum = (kind) => mine.filter((l) => l.kind === kind).reduce((n, l) => n + l.amountSen, 0);
    return (
      t.lines !== mine.length ||
      t.credits.sen !== sum('credit') ||
      t.refunds.sen !== sum('refund') ||
      t.netSen !== sum('credit') - sum('refund')
    );
  }).length;
  return {
    creditedItems: credited.length,
    creditEvents: creditEvents.length,
    itemsWithoutEvent: credited.filter((id) => !eventsByItem.has(id)).length,
    itemsWithTwoEvents: [...eventsByItem.values()].filter((n) => n > 1).length,
    events: events.length,
    eventsNotAccepted: events.filter((e) => !acceptedById.has(e.id)).length,
    acceptedTwiceOrMore: accepted.body.events.filter((e) => e.arrivals > 1).length,
    acceptedUnknown: accepted.body.events.filter((e) => !eventIds.has(e.id)).length,
    fileLines: files.lines.length,
    fileCredits: fileCredits.length,
    fileCreditsNotAccepted: difference(fileCredits, acceptedCredits).length,
    acceptedCreditsNotInFile: difference(acceptedCredits, fileCredits).length,
    refundsDisagreeing:
      difference(fileRefunds, acceptedRefunds).length + difference(acceptedRefunds, fileRefunds).length,
    lateDisagreeing: difference(fileLate, acceptedLate).length + difference(acceptedLate, fileLate).length,
    fileSen: files.lines.filter((l) => l.kind === 'credit').reduce((n, l) => n + l.amountSen, 0),
    acceptedSen: creditEvents.filter((e) => acceptedById.has(e.id)).reduce((n, e) => n + e.data.amountSen, 0),
    trailerErrors,
  };
}
