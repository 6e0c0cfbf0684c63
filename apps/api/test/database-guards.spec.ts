import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_MOVES, PAYMENT_STATES, type PaymentState } from '@councilpay/domain';
import { lane } from './lane';

const ROOT = resolve(__dirname, '../../..');
const MIGRATIONS = resolve(ROOT, 'prisma/migrations');

/** What `npm run -s db:state-trigger` prints: the status trigger generated from libs/domain's state table. */
function generatedStatusTrigger(): string {
  return execFileSync(
    process.execPath,
    [resolve(ROOT, 'node_modules/tsx/dist/cli.mjs'), resolve(ROOT, 'prisma/generate-state-trigger.ts')],
    { cwd: ROOT, encoding: 'utf8' },
  );
}

/**
 * The database itself refuses writes that would lose or invent money, whatever code (or person with psql)
 * makes them. Each guard is shown refusing a bad write made with raw SQL.
 */
describe('the database guards the money', () => {
  let db: Client;
  let payableId: string;
  let seq = 0;

  beforeAll(async () => {
    db = new Client({ connectionString: lane().databaseUrl });
    await db.connect();
    const { rows } = await db.query<{ id: string }>(`SELECT "id" FROM "Payable" ORDER BY "id" LIMIT 1`);
    payableId = rows[0].id;
  });

  afterAll(async () => {
    await db.end();
  });

  /** Runs `work` in a transaction that is always rolled back: the guards' tests leave nothing behind. */
  async function inRolledBack<T>(work: () => Promise<T>): Promise<T> {
    await db.query('BEGIN');
    try {
      return await work();
    } finally {
      await db.query('ROLLBACK');
    }
  }

  /** A payment of `amountSen` with one item of that amount, inserted with raw SQL; returns its id. */
  async function insertPayment(
    opts: { status?: PaymentState; amountSen?: number; itemSen?: number; txnId?: string } = {},
  ): Promise<string> {
    seq += 1;
    const n = `${Date.now()}${seq}`.slice(-12);
    const amount = opts.amountSen ?? 1000;
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO "Payment" ("id", "reference", "invoiceNo", "status", "method", "amountSen", "payerName",
         "payerEmail", "payerPhone", "gatewayTxnId", "updatedAt")
       VALUES (gen_random_uuid(), $1, $2, 'in_progress', 'fpx', $3, 'Guard', 'guard@example.my', '0123456789', $4, now())
       RETURNING "id"`,
      [`CPGUARD${n}`, `9${n.padStart(19, '0')}`, amount, opts.txnId ?? null],
    );
    const id = rows[0].id;
    await db.query(
      `INSERT INTO "PaymentItem" ("id", "paymentId", "payableId", "councilCode", "type", "accountNo", "amountSen", "creditSen")
       SELECT gen_random_uuid(), $1, "id", "councilCode", "type", "accountNo", $2, $2 FROM "Payable" WHERE "id" = $3`,
      [id, opts.itemSen ?? amount, payableId],
    );
    if (opts.status && opts.status !== 'in_progress') {
      // Inserted rows may start anywhere (imports, fixtures): only changes of status are guarded.
      await db.query(`SAVEPOINT s_status`);
      await db.query(`ALTER TABLE "Payment" DISABLE TRIGGER "Payment_status_guard"`);
      await db.query(`UPDATE "Payment" SET "status" = $2 WHERE "id" = $1`, [id, opts.status]);
      await db.query(`ALTER TABLE "Payment" ENABLE TRIGGER "Payment_status_guard"`);
      await db.query(`RELEASE SAVEPOINT s_status`);
    }
    return id;
  }

  it('refuses a payment of zero or a negative amount', async () => {
    await inRolledBack(async () => {
      await db.query('SAVEPOINT a');
      await expect(insertPayment({ amountSen: -100 })).rejects.toThrow(/Payment amountSen must be more than 0/);
      await db.query('ROLLBACK TO SAVEPOINT a');
      await expect(insertPayment({ amountSen: 0 })).rejects.toThrow(/Payment amountSen must be more than 0/);
    });
  });

  it('refuses an item of no amount and a negative credit', async () => {
    await inRolledBack(async () => {
      const id = await insertPayment();
      await db.query('SAVEPOINT a');
      await expect(db.query(`UPDATE "PaymentItem" SET "amountSen" = 0 WHERE "paymentId" = $1`, [id])).rejects.toThrow(
        /PaymentItem amountSen must be more than 0/,
      );
      await db.query('ROLLBACK TO SAVEPOINT a');
      await expect(db.query(`UPDATE "PaymentItem" SET "creditSen" = -1 WHERE "paymentId" = $1`, [id])).rejects.toThrow(
        /creditSen must not be negative/,
      );
    });
  });

  it('refuses a refund due above the amount or below nothing', async () => {
    await inRolledBack(async () => {
      const id = await insertPayment({ amountSen: 1000 });
      await db.query(`UPDATE "Payment" SET "refundDueSen" = 1000 WHERE "id" = $1`, [id]);
      await db.query('SAVEPOINT a');
      await expect(db.query(`UPDATE "Payment" SET "refundDueSen" = 1001 WHERE "id" = $1`, [id])).rejects.toThrow(
        /refundDueSen must lie between 0 and its amount/,
      );
      await db.query('ROLLBACK TO SAVEPOINT a');
      await expect(db.query(`UPDATE "Payment" SET "refundDueSen" = -1 WHERE "id" = $1`, [id])).rejects.toThrow(
        /refundDueSen must lie between 0/,
      );
    });
  });

  it('refuses a payment whose items do not add up to its amount reaching an outcome', async () => {
    await inRolledBack(async () => {
      const id = await insertPayment({ amountSen: 1000, itemSen: 900 });
      await db.query('SAVEPOINT a');
      await expect(db.query(`UPDATE "Payment" SET "status" = 'paid' WHERE "id" = $1`, [id])).rejects.toThrow(
        /differs from its items' total 900 sen/,
      );
      await db.query('ROLLBACK TO SAVEPOINT a');
      await expect(db.query(`UPDATE "Payment" SET "amountSen" = 1200 WHERE "id" = $1`, [id])).rejects.toThrow(
        /differs from its items' total/,
      );
      await db.query('ROLLBACK TO SAVEPOINT a');
      // Made to add up, it may move.
      await db.query(`UPDATE "PaymentItem" SET "amountSen" = 1000 WHERE "paymentId" = $1`, [id]);
      await db.query(`UPDATE "Payment" SET "status" = 'paid' WHERE "id" = $1`, [id]);
    });
  });

  it('refuses to add, remove or re-price the items of a payment that has left in_progress', async () => {
    await inRolledBack(async () => {
      const id = await insertPayment({ status: 'paid' });
      await db.query('SAVEPOINT a');
      await expect(db.query(`UPDATE "PaymentItem" SET "amountSen" = 1 WHERE "paymentId" = $1`, [id])).rejects.toThrow(
        /items of a paid payment cannot change/,
      );
      await db.query('ROLLBACK TO SAVEPOINT a');
      await expect(db.query(`DELETE FROM "PaymentItem" WHERE "paymentId" = $1`, [id])).rejects.toThrow(
        /items of a paid payment cannot change \(DELETE/,
      );
      await db.query('ROLLBACK TO SAVEPOINT a');
      await expect(
        db.query(
          `INSERT INTO "PaymentItem" ("id", "paymentId", "payableId", "councilCode", "type", "accountNo", "amountSen", "creditSen")
           SELECT gen_random_uuid(), $1, "id", "councilCode", "type", "accountNo", 5, 5 FROM "Payable" WHERE "id" = $2`,
          [id, payableId],
        ),
      ).rejects.toThrow(/items of a paid payment cannot change \(INSERT/);
    });
  });

  it('keeps PaymentEvent append-only: UPDATE, DELETE and TRUNCATE are refused', async () => {
    await inRolledBack(async () => {
      await db.query(`INSERT INTO "PaymentEvent" ("type", "source") VALUES ('guard_test', 'system')`);
      for (const sql of [
        `UPDATE "PaymentEvent" SET "type" = 'changed' WHERE "type" = 'guard_test'`,
        `DELETE FROM "PaymentEvent" WHERE "type" = 'guard_test'`,
        `TRUNCATE "PaymentEvent"`,
        `TRUNCATE "PaymentEvent" CASCADE`,
      ]) {
        await db.query('SAVEPOINT a');
        await expect(db.query(sql), sql).rejects.toThrow(/PaymentEvent is append-only/);
        await db.query('ROLLBACK TO SAVEPOINT a');
      }
    });
  });

  it('lets one gateway transaction id approve one payment only', async () => {
    await inRolledBack(async () => {
      const txnId = `GUARD${Date.now()}`;
      await insertPayment({ status: 'paid', txnId });
      await db.query('SAVEPOINT a');
      await expect(insertPayment({ status: 'paid', txnId })).rejects.toThrow(/Payment_one_approval_per_gateway_txn/);
      await db.query('ROLLBACK TO SAVEPOINT a');
      // Another payment may carry the id while it is not an approval (e.g. a failed attempt's transaction).
      await insertPayment({ status: 'failed', txnId });
    });
  });

  it('allows exactly the status changes of the state table of libs/domain, for every pair of states', async () => {
    const allowed = (from: PaymentState, to: PaymentState) =>
      from === to || PAYMENT_MOVES.some((m) => m.from === from && m.to === to);
    const seen: string[] = [];
    const expected: string[] = [];
    await inRolledBack(async () => {
      for (const from of PAYMENT_STATES) {
        for (const to of PAYMENT_STATES) {
          await db.query('SAVEPOINT pair');
          const id = await insertPayment({ status: from });
          let ok = true;
          try {
            await db.query(`UPDATE "Payment" SET "status" = $2 WHERE "id" = $1`, [id, to]);
          } catch (error) {
            expect((error as Error).message).toMatch(/may not change status/);
            ok = false;
          }
          await db.query('ROLLBACK TO SAVEPOINT pair');
          seen.push(`${from}->${to}: ${ok ? 'allowed' : 'refused'}`);
          expected.push(`${from}->${to}: ${allowed(from, to) ? 'allowed' : 'refused'}`);
        }
      }
    });
    // On a difference: the state table changed without a new trigger migration (`npm run -s db:state-trigger`).
    expect(seen).toEqual(expected);
    expect(seen).toHaveLength(PAYMENT_STATES.length ** 2);
  });

  it('has the generated status trigger as the newest migration that defines it', () => {
    const latest = readdirSync(MIGRATIONS)
      .filter((dir) => !dir.endsWith('.toml'))
      .sort()
      .map((dir) => readFileSync(join(MIGRATIONS, dir, 'migration.sql'), 'utf8'))
      .filter((sql) => sql.includes('FUNCTION "payment_status_guard"'))
      .at(-1);
    expect(latest, 'regenerate with `npm run -s db:state-trigger > prisma/migrations/<new>/migration.sql`').toBe(
      generatedStatusTrigger(),
    );
  });

  it('sets paidAt once: a later change (a refund, a fix-up) is refused', async () => {
    await inRolledBack(async () => {
      const id = await insertPayment({ status: 'paid' });
      await db.query(`UPDATE "Payment" SET "paidAt" = now() WHERE "id" = $1`, [id]);
      await db.query('SAVEPOINT a');
      await expect(
        db.query(`UPDATE "Payment" SET "paidAt" = now() + interval '1 day' WHERE "id" = $1`, [id]),
      ).rejects.toThrow(/paidAt is set once/);
      await db.query('ROLLBACK TO SAVEPOINT a');
      await expect(db.query(`UPDATE "Payment" SET "paidAt" = NULL WHERE "id" = $1`, [id])).rejects.toThrow(
        /paidAt is set once/,
      );
    });
  });

  it('keeps gateway answers and refunds append-only: UPDATE, DELETE and TRUNCATE are refused', async () => {
    await inRolledBack(async () => {
      const id = await insertPayment({ status: 'paid' });
      await db.query(
        `INSERT INTO "GatewayAnswer" ("paymentId", "invoiceNo", "source", "method", "outcome", "rawMessage", "responseCode", "verdict")
         VALUES ($1, '1', 'direct', 'fpx', 'approved', '', '00', 'applied')`,
        [id],
      );
      const refund = await db.query<{ id: string }>(
        `INSERT INTO "Refund" ("id", "paymentId", "amountSen", "reason", "staffId", "staffEmail", "refundedAt")
         VALUES (gen_random_uuid(), $1, 100, 'test', 'staff', 'staff@example.my', now()) RETURNING "id"`,
        [id],
      );
      await db.query(
        `INSERT INTO "RefundItem" ("id", "refundId", "paymentItemId", "amountSen", "reverseCredit")
         SELECT gen_random_uuid(), $1, i."id", 100, false FROM "PaymentItem" i WHERE i."paymentId" = $2`,
        [refund.rows[0].id, id],
      );
      for (const table of ['GatewayAnswer', 'Refund', 'RefundItem']) {
        for (const sql of [
          `UPDATE "${table}" SET "id" = "id"`,
          `DELETE FROM "${table}"`,
          `TRUNCATE "${table}" CASCADE`,
        ]) {
          await db.query('SAVEPOINT a');
          await expect(db.query(sql), sql).rejects.toThrow(new RegExp(`${table} is append-only`));
          await db.query('ROLLBACK TO SAVEPOINT a');
        }
      }
    });
  });

  it('refuses a refund above what is left of the payment or of an item, and an item of another payment', async () => {
    await inRolledBack(async () => {
      const id = await insertPayment({ status: 'paid', amountSen: 1000 });
      const other = await insertPayment({ status: 'paid', amountSen: 500 });
      const refund = (amount: number) =>
        db.query<{ id: string }>(
          `INSERT INTO "Refund" ("id", "paymentId", "amountSen", "reason", "staffId", "staffEmail", "refundedAt")
           VALUES (gen_random_uuid(), $1, $2, 'test', 'staff', 'staff@example.my', now()) RETURNING "id"`,
          [id, amount],
        );
      const item = async (refundId: string, paymentId: string, amount: number) =>
        db.query(
          `INSERT INTO "RefundItem" ("id", "refundId", "paymentItemId", "amountSen", "reverseCredit")
           SELECT gen_random_uuid(), $1, i."id", $3, false FROM "PaymentItem" i WHERE i."paymentId" = $2`,
          [refundId, paymentId, amount],
        );
      const first = (await refund(600)).rows[0].id;
      await item(first, id, 600);
      await db.query('SAVEPOINT a');
      await expect(refund(401)).rejects.toThrow(/exceeds the refundable remainder of 400 sen/);
      await db.query('ROLLBACK TO SAVEPOINT a');
      await expect(refund(0)).rejects.toThrow(/Refund amountSen must be more than 0/);
      await db.query('ROLLBACK TO SAVEPOINT a');
      const second = (await refund(400)).rows[0].id;
      await db.query('SAVEPOINT b');
      await expect(item(second, id, 401)).rejects.toThrow(/exceeds what is left of the item \(400 sen\)/);
      await db.query('ROLLBACK TO SAVEPOINT b');
      await expect(item(second, other, 100)).rejects.toThrow(/names an item of another payment/);
    });
  });
});
