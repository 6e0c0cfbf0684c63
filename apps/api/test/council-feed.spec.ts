import type { INestApplication } from '@nestjs/common';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CouncilFeedPage } from '@councilpay/domain';
import { PrismaService } from '../src/prisma/prisma.service';
import { recordCouncilEvents } from '../src/webhooks/council-events';
import { clearLimits, createUser, signIn, type Browser } from './identity-helpers';
import { createPayment, fpxRequest, makePayable, postDirectAc, signedAc } from './payment-helpers';
import { isolatedDatabaseUrl, startListeningApi } from './test-app';
import { lane } from './lane';

/** Resolves when `release` is called: holds a transaction open until the test lets it commit. */
function gate(): { wait: Promise<void>; release: () => void } {
  let release!: () => void;
  const wait = new Promise<void>((resolve) => (release = resolve));
  return { wait, release };
}

/**
 * The pull feed: a council's credits and refunds after a cursor. Sequence numbers are taken when a row is
 * written and seen when its transaction commits, so transactions committing out of order must never make a
 * reader skip an event (or see one twice). A database of its own: its events are this test's.
 */
describe('the pull feed: nothing skipped or repeated while credits commit out of order', () => {
  let app: INestApplication;
  let prisma: PrismaService;
  let admin: Browser;
  let mpsAdmin: Browser;

  beforeAll(async () => {
    // Room for the held transactions beside the reader's and the credits' connections.
    app = await startListeningApi({ DATABASE_URL: await isolatedDatabaseUrl(), DATABASE_POOL_SIZE: '30' });
    prisma = app.get(PrismaService);
    await clearLimits(app);
    admin = await signIn(app, (await createUser(app, { roles: ['_admin'], verified: true })).email);
    mpsAdmin = await signIn(
      app,
      (await createUser(app, { roles: ['council_admin'], councils: ['mps'], verified: true })).email,
    );
  });
  afterAll(async () => {
    await app?.close();
  });

  const page = async (council: string, after: string, limit = 3) =>
    (await admin.agent.get(`/api/admin/council-feed/${council}?after=${after}&limit=${limit}`).expect(200))
      .body as CouncilFeedPage;

  /** Writes a bill.credited event of `council` in a transaction held open until `until` resolves. */
  const creditIn = (council: string, tag: string, until: Promise<void>, commit = true, written = () => {}) =>
    prisma
      .$transaction(
        async (tx) => {
          await recordCouncilEvents(
            tx,
            [{ council, type: 'bill.credited', billKeys: [tag], data: { tag } as never }],
            new Date(),
          );
          written();
          await until;
          if (!commit) throw new Error('rolled back by the test');
        },
        { timeout: 60_000 },
      )
      .catch((error: Error) => {
        if (commit) throw error;
      });

  /** Pages from `after` until `count` events have come (the feed hands them out once older transactions end). */
  const readUntil = async (council: string, after: string, count: number) => {
    const events: CouncilFeedPage['events'] = [];
    let cursor = after;
    while (events.length < count) {
      const p = await page(council, cursor, 500);
      events.push(...p.events);
      cursor = p.nextCursor;
      if (p.events.length === 0) await new Promise((r) => setTimeout(r, 20));
    }
    return { events, cursor };
  };

  const tagsOf = (p: CouncilFeedPage) => p.events.map((e) => (e.data as unknown as { tag: string }).tag);

  it('an event whose transaction took its sequence first and commits last is handed out after it commits, not skipped', async () => {
    const start = (await page('mdpg', '0-0', 500)).nextCursor;
    const first = gate();
    const second = gate();
    const earlyWritten = gate();
    const early = creditIn('mdpg', 'early', first.wait, true, earlyWritten.release); // the lower sequence ...
    await earlyWritten.wait;
    second.release();
    await creditIn('mdpg', 'late', second.wait); // ... and the higher one commits first.
    const tagsBySeq = async () =>
      (
        await prisma.$queryRaw<{ tag: string }[]>`
          SELECT "data"->>'tag' AS tag FROM "WebhookEvent" WHERE "data"->>'tag' IN ('early', 'late') ORDER BY "seq"`
      ).map((r) => r.tag);
    expect(await tagsBySeq()).toEqual(['late']); // committed; `early` not yet

    // While `early` is in flight, `late` (committed) is not handed out: a reader past it would skip `early`.
    const during = await page('mdpg', start);
    expect(tagsOf(during)).toEqual([]);
    expect(during.nextCursor).toBe(start);

    first.release();
    await early;
    expect(await tagsBySeq()).toEqual(['early', 'late']); // `early` had taken the lower sequence number
    // Handed out once every transaction older than theirs has ended (on a shared server, others' too).
    const got = await readUntil('mdpg', during.nextCursor, 2);
    expect(tagsOf({ events: got.events } as CouncilFeedPage)).toEqual(['early', 'late']);
    expect(tagsOf(await page('mdpg', got.cursor))).toEqual([]);
  });

  it('many transactions committing in random order (some rolled back) and real credits, read while they commit: each committed event once', async () => {
    const feedEvents = async () =>
      (
        await prisma.webhookEvent.findMany({
          where: { councilCode: 'mdpg', type: { in: ['bill.credited', 'refund.made'] } },
          select: { id: true },
        })
      ).map((e) => e.id);
    const before = new Set(await feedEvents());
    let cursor = (await page('mdpg', '0-0', 500)).nextCursor;
    const seen: string[] = [];
    let writing = true;
    const reader = (async () => {
      while (writing) {
        const p = await page('mdpg', cursor, 4);
        seen.push(...p.events.map((e) => e.id));
        cursor = p.nextCursor;
        await new Promise((r) => setTimeout(r, 5));
      }
    })();

    const bills = await Promise.all([1, 2, 3, 4].map(() => makePayable(app, { balanceSen: 1_000 })));
    const gates = Array.from({ length: 16 }, gate);
    const rolledBack = (n: number) => n % 7 === 3;
    const writers = gates.map((g, n) => creditIn(n % 5 === 0 ? 'mps' : 'mdpg', `w${n}`, g.wait, !rolledBack(n)));
    // Real credits through the bank's answers, side by side with the held transactions.
    const credits = bills.map(async (bill) => {
      const created = await createPayment(app, fpxRequest([bill.id]));
      await postDirectAc(app, signedAc(created.redirect, '00')).expect(200);
    });
    // Commit in an order unrelated to the order the sequence numbers were taken in.
    for (const n of gates.map((_, i) => (i * 7) % gates.length)) {
      gates[n].release();
      await new Promise((r) => setTimeout(r, 3));
    }
    await Promise.all([...writers, ...credits]);
    writing = false;
    await reader;

    const expected = (await feedEvents()).filter((id) => !before.has(id));
    // 24 held writes: 5 of mps, 3 rolled back (3, 10, 17); 4 real credits.
    expect(expected).toHaveLength(gates.filter((_, n) => n % 5 !== 0 && !rolledBack(n)).length + 4);
    // Drain what had not been read yet: all of it arrives once every writer has ended.
    for (;;) {
      const p = await page('mdpg', cursor, 500);
      seen.push(...p.events.map((e) => e.id));
      cursor = p.nextCursor;
      if (expected.every((id) => seen.includes(id))) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(new Set(seen).size).toBe(seen.length);
    // Events written before this test may come now too (held back while older transactions ran): never twice.
    expect(seen.filter((id) => !before.has(id)).sort()).toEqual([...expected].sort());
  });

  it('a transaction held open in another database of the server does not hold the feed back; one in this database does', async () => {
    const start = (await page('mdpg', '0-0', 500)).nextCursor;
    // Another database on the same server (a bulk load, a report, another test's copy) with a transaction that
    // has written and holds its id open.
    const elsewhere = new Client({
      connectionString: Object.assign(new URL(lane().databaseUrl), { pathname: '/postgres' }).toString(),
    });
    await elsewhere.connect();
    try {
      await elsewhere.query('BEGIN');
      await elsewhere.query('SELECT pg_current_xact_id()');
      await creditIn('mdpg', 'beside-other-database', Promise.resolve());
      const got = await page('mdpg', start, 500);
      expect(tagsOf(got)).toContain('beside-other-database');

      // A transaction of this database that is still running holds back what committed after it began.
      const held = gate();
      const heldWritten = gate();
      const holding = creditIn('mdpg', 'held', held.wait, true, heldWritten.release);
      await heldWritten.wait;
      await creditIn('mdpg', 'after-held', Promise.resolve());
      expect(tagsOf(await page('mdpg', got.nextCursor, 500))).toEqual([]);
      held.release();
      await holding;
      const rest = await readUntil('mdpg', got.nextCursor, 2);
      expect(tagsOf({ events: rest.events } as CouncilFeedPage)).toEqual(['held', 'after-held']);
    } finally {
      await elsewhere.query('ROLLBACK').catch(() => undefined);
      await elsewhere.end();
    }
  });

  it("a council admin reads only their councils' feed; a bad cursor or limit is a 400", async () => {
    await mpsAdmin.agent.get('/api/admin/council-feed/mdpg').expect(403);
    const own = (await mpsAdmin.agent.get('/api/admin/council-feed/mps?limit=500').expect(200)).body as CouncilFeedPage;
    expect(own.events.every((e) => e.council === 'mps')).toBe(true);
    await admin.agent.get('/api/admin/council-feed/mdpg?after=12').expect(400);
    await admin.agent.get('/api/admin/council-feed/mdpg?after=1-2-3').expect(400);
    await admin.agent.get('/api/admin/council-feed/mdpg?limit=0').expect(400);
    await admin.agent.get('/api/admin/council-feed/mdpg?limit=501').expect(400);
  });
});
