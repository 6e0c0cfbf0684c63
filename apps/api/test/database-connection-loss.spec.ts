import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Prisma, PrismaClient } from '../src/generated/prisma/client';
import { isDatabaseUnavailable } from '../src/prisma/database-unavailable';
import { pgAdapter } from '../src/prisma/pg-adapter';
import { isolatedDatabaseUrl } from './test-app';
import { until } from './worker-helpers';

const POOL = 3;

/** Resolves to what `work` gives, or to 'no answer' after `ms`: a query that waits forever must fail the test, not hang it. */
function within<T>(ms: number, work: Promise<T>): Promise<T | 'no answer'> {
  return Promise.race([work, new Promise<'no answer'>((resolve) => setTimeout(() => resolve('no answer'), ms))]);
}

/**
 * PostgreSQL connections cut while transactions are open (a restart, a failover, an operator's
 * pg_terminate_backend): the transactions fail, and the process goes on answering. Before the repair in
 * pg-adapter.ts, each cut transaction kept its dead connection checked out, and once the pool was used up
 * every later query waited forever (the API answered nothing until it was restarted).
 */
describe('the database connections are cut mid-transaction', () => {
  let url: string;
  let prisma: PrismaClient;
  let admin: Client;

  beforeAll(async () => {
    // A database of its own: cutting the run's database's connections would fail other files' tests.
    url = await isolatedDatabaseUrl();
    prisma = new PrismaClient({
      adapter: pgAdapter(url, POOL),
      transactionOptions: { maxWait: 10_000, timeout: 30_000 },
    });
    admin = new Client({ connectionString: url });
    await admin.connect();
  }, 60_000);

  afterAll(async () => {
    await prisma?.$disconnect();
    await admin?.end();
  });

  async function cutEveryConnection(): Promise<number> {
    const { rowCount } = await admin.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
    );
    return rowCount ?? 0;
  }

  /**
   * Fills the pool with open transactions, each held inside a statement or between two statements until every
   * connection has been cut (no timing: they cannot end before the cut), then cuts them all. Each failed one
   * is 'unavailable' when its error is one the API answers 503 "try again" to (a 500 would say we broke).
   */
  async function cutTransactions(midStatement: boolean): Promise<string[]> {
    let opened = 0;
    let cutDone!: () => void;
    const cut = new Promise<void>((resolve) => (cutDone = resolve));
    const transactions = Array.from({ length: POOL }, () =>
      prisma
        .$transaction(async (tx) => {
          await tx.$queryRaw`SELECT 1`;
          opened += 1;
          if (midStatement) await tx.$queryRaw`SELECT pg_sleep(25)`;
          else await cut;
          await tx.$queryRaw`SELECT 2`;
        })
        .then(
          () => 'committed',
          (error: unknown) => (isDatabaseUnavailable(error) ? 'unavailable' : `failed: ${String(error)}`),
        ),
    );
    expect(
      await until(
        async () => opened,
        (n) => n === POOL,
        20_000,
        50,
      ),
    ).toBe(POOL);
    expect(await cutEveryConnection()).toBeGreaterThanOrEqual(POOL);
    cutDone();
    return Promise.all(transactions);
  }

  it.each([
    ['inside a statement', true],
    ['between two statements', false],
  ])(
    'cut %s: the transactions fail as "database unavailable", and the next queries and transactions are answered',
    async (_when, mid) => {
      expect(await cutTransactions(mid)).toEqual(Array(POOL).fill('unavailable'));

      // More queries at once than the pool holds: each needs a connection the cut ones must have given back.
      const answers = await within(
        10_000,
        Promise.all(
          Array.from({ length: POOL * 2 }, (_, i) => prisma.$queryRaw<{ n: number }[]>`SELECT ${i}::int AS n`),
        ),
      );
      expect(answers).not.toBe('no answer');
      expect((answers as { n: number }[][]).map((rows) => rows[0].n)).toEqual([0, 1, 2, 3, 4, 5]);
      const committed = await within(
        10_000,
        prisma.$transaction(async (tx) => (await tx.$queryRaw<{ ok: number }[]>`SELECT 1 AS ok`)[0].ok),
      );
      expect(committed).toBe(1);
    },
    60_000,
  );

  it("the driver adapter's own error for a cut connection (thrown outside Prisma's wrapping, as a transaction's BEGIN meets it) is \"database unavailable\" too", async () => {
    const adapter = await pgAdapter(url, 1).connect();
    try {
      const sleeping = adapter.queryRaw({ sql: 'SELECT pg_sleep(25)', args: [], argTypes: [] }).then(
        () => 'answered',
        (error: unknown) => error,
      );
      const running = () =>
        admin.query(
          `SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND query = 'SELECT pg_sleep(25)'`,
        );
      expect(
        await until(
          async () => (await running()).rowCount ?? 0,
          (n) => n > 0,
          20_000,
          50,
        ),
      ).toBe(1);
      expect(await cutEveryConnection()).toBeGreaterThanOrEqual(1);
      const error = await sleeping;
      expect((error as Error).name).toBe('DriverAdapterError');
      expect(error).not.toBeInstanceOf(Prisma.PrismaClientKnownRequestError);
      expect(isDatabaseUnavailable(error)).toBe(true);
    } finally {
      await adapter.dispose();
    }
  }, 60_000);
});
