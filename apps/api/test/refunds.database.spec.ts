import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lane } from './lane';

/**
 * The database refuses, whatever code (or person with psql) writes, what the refund commands refuse: more given
 * back than was paid (refunds made, net of corrections, and those awaiting approval count), a refund dated
 * before its payment or in the future, a correction that is not the whole of one refund made, a second
 * correction, an edit of a refund other than the one decision on a refund awaiting approval, and its approval by
 * the officer who recorded it. Each write is raw SQL in a transaction that is rolled back.
 */
describe('the database guards refunds', () => {
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

  async function inRolledBack(work: () => Promise<void>): Promise<void> {
    await db.query('BEGIN');
    try {
      await work();
    } finally {
      await db.query('ROLLBACK');
    }
  }

  /** Expects `sql` to be refused with `message`, leaving the transaction usable. */
  async function refused(write: () => Promise<unknown>, message: RegExp): Promise<void> {
    await db.query('SAVEPOINT s');
    await expect(write()).rejects.toThrow(message);
    await db.query('ROLLBACK TO SAVEPOINT s');
  }

  /** A paid payment of one item of `amountSen` (credited that much), paid an hour ago. */
  async function paidPayment(amountSen = 1_000): Promise<{ id: string; itemId: string }> {
    seq += 1;
    const n = `${Date.now()}${seq}`.slice(-12);
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO "Payment" ("id", "reference", "invoiceNo", "status", "method", "amountSen", "payerName",
         "payerEmail", "payerPhone", "updatedAt")
       VALUES (gen_random_uuid(), $1, $2, 'in_progress', 'fpx', $3, 'Guard', 'guard@example.my', '0123456789', now())
       RETURNING "id"`,
      [`CPRFND${n}`, `8${n.padStart(19, '0')}`, amountSen],
    );
    const id = rows[0].id;
    const item = await db.query<{ id: string }>(
      `INSERT INTO "PaymentItem" ("id", "paymentId", "payableId", "councilCode", "type", "accountNo", "amountSen", "creditSen")
       SELECT gen_random_uuid(), $1, "id", "councilCode", "type", "accountNo", $2, $2 FROM "Payable" WHERE "id" = $3
       RETURNING "id"`,
      [id, amountSen, payableId],
    );
    await db.query(
      `UPDATE "Payment" SET "status" = 'paid', "paidAt" = (now() AT TIME ZONE 'UTC') - interval '1 hour' WHERE "id" = $1`,
      [id],
    );
    return { id, itemId: item.rows[0].id };
  }

  const refund = (
    paymentId: string,
    amountSen: number,
    opts: { state?: string; corrects?: string; refundedAt?: string; staffId?: string } = {},
  ) =>
    db
      .query<{ id: string }>(
        `INSERT INTO "Refund" ("id", "paymentId", "amountSen", "reason", "staffId", "staffEmail", "refundedAt", "state",
           "correctsRefundId")
         VALUES (gen_random_uuid(), $1, $2, 'test', $5, 'staff@example.my', COALESCE($3::timestamp, now() AT TIME ZONE 'UTC'),
           $4::"RefundState", $6::uuid)
         RETURNING "id"`,
        [
          paymentId,
          amountSen,
          opts.refundedAt ?? null,
          opts.state ?? 'made',
          opts.staffId ?? 'staff',
          opts.corrects ?? null,
        ],
      )
      .then((r) => r.rows[0].id);
  const item = (refundId: string, itemId: string, amountSen: number, creditReversedSen = 0) =>
    db.query(
      `INSERT INTO "RefundItem" ("id", "refundId", "paymentItemId", "amountSen", "reverseCredit", "creditReversedSen")
       VALUES (gen_random_uuid(), $1, $2, $3, $4, $5)`,
      [refundId, itemId, amountSen, creditReversedSen > 0, creditReversedSen],
    );

  it('counts refunds made net of their corrections and those awaiting approval; a declined one is nothing', async () => {
    await inRolledBack(async () => {
      const p = await paidPayment(1_000);
      const made = await refund(p.id, 600);
      await item(made, p.itemId, 600);
      const awaiting = await refund(p.id, 300, { state: 'awaiting_approval' });
      await item(awaiting, p.itemId, 300);
      await refused(() => refund(p.id, 101), /exceeds the refundable remainder of 100 sen/);
      const over = await refund(p.id, 100);
      await refused(() => item(over, p.itemId, 101), /exceeds what is left of the item \(100 sen\)/);
      // Declined: what it held back is free again. Corrected: what it gave back is free again.
      await db.query(
        `UPDATE "Refund" SET "state" = 'declined', "decidedById" = 'other', "decidedByEmail" = 'o@example.my',
           "decidedAt" = now(), "declineReason" = 'no' WHERE "id" = $1`,
        [awaiting],
      );
      const correction = await refund(p.id, 600, { corrects: made });
      await item(correction, p.itemId, 600);
      const again = await refund(p.id, 900);
      await item(again, p.itemId, 900);
      await refused(() => refund(p.id, 1), /exceeds the refundable remainder of 0 sen/);
    });
  });

  it('never reverses more of a bill’s credit than its item gave', async () => {
    await inRolledBack(async () => {
      const p = await paidPayment(1_000);
      const first = await refund(p.id, 500);
      await item(first, p.itemId, 500, 900);
      const second = await refund(p.id, 500);
      await refused(
        () => item(second, p.itemId, 500, 101),
        /reverses 101 sen of credit; 100 sen of the item's credit is left/,
      );
    });
  });

  it('refuses a refund dated before its payment was paid, or in the future, and one recorded declined or decided', async () => {
    await inRolledBack(async () => {
      const p = await paidPayment();
      await refused(() => refund(p.id, 100, { refundedAt: '2000-01-01' }), /is before its payment was paid/);
      await refused(() => refund(p.id, 100, { refundedAt: '2099-01-01' }), /is in the future/);
      await refused(() => refund(p.id, 100, { state: 'declined' }), /recorded made or awaiting approval/);
    });
  });

  it('a correction is the whole of one refund made of the same payment, made at once, once; a correction is never corrected', async () => {
    await inRolledBack(async () => {
      const p = await paidPayment();
      const other = await paidPayment();
      const made = await refund(p.id, 400);
      await item(made, p.itemId, 400, 400);
      const awaiting = await refund(p.id, 100, { state: 'awaiting_approval' });
      await refused(() => refund(p.id, 300, { corrects: made }), /for the whole of the refund it corrects \(400 sen\)/);
      await refused(() => refund(p.id, 400, { corrects: made, state: 'awaiting_approval' }), /made at once/);
      await refused(() => refund(other.id, 400, { corrects: made }), /which is no refund of this payment/);
      await refused(() => refund(p.id, 100, { corrects: awaiting }), /Only a refund made is corrected/);
      const correction = await refund(p.id, 400, { corrects: made });
      // Its items mirror the refund's, credit reversed included.
      await refused(() => item(correction, p.itemId, 400, 0), /mirrors an item of the refund it corrects/);
      await item(correction, p.itemId, 400, 400);
      await refused(() => refund(p.id, 400, { corrects: made }), /Refund_correctsRefundId_key/);
      await refused(() => refund(p.id, 400, { corrects: correction }), /is a correction: it is never corrected/);
    });
  });

  it('a refund is never edited but for the one decision on it while it awaits approval, never an approval by its recorder', async () => {
    await inRolledBack(async () => {
      const p = await paidPayment();
      const made = await refund(p.id, 100);
      await refused(
        () => db.query(`UPDATE "Refund" SET "amountSen" = 1 WHERE "id" = $1`, [made]),
        /Refund is append-only/,
      );
      await refused(() => db.query(`DELETE FROM "Refund" WHERE "id" = $1`, [made]), /Refund is append-only/);
      const awaiting = await refund(p.id, 200, { state: 'awaiting_approval', staffId: 'recorder' });
      const decide = (set: string) => db.query(`UPDATE "Refund" SET ${set} WHERE "id" = $1`, [awaiting]);
      await refused(() => decide(`"amountSen" = 50`), /Refund is append-only/);
      await refused(
        () =>
          decide(
            `"state" = 'made', "decidedById" = 'recorder', "decidedByEmail" = 'r@example.my', "decidedAt" = now()`,
          ),
        /cannot be approved by the officer who recorded it/,
      );
      await refused(() => decide(`"state" = 'made'`), /names who took it and when/);
      await refused(
        () =>
          decide(
            `"state" = 'declined', "decidedById" = 'other', "decidedByEmail" = 'o@example.my', "decidedAt" = now()`,
          ),
        /A declined refund says why/,
      );
      await refused(
        () =>
          decide(
            `"state" = 'made', "decidedById" = 'other', "decidedByEmail" = 'o@example.my', "decidedAt" = now(), "refundedAt" = '2099-01-01'`,
          ),
        /lies outside its payment's paid time/,
      );
      await decide(`"state" = 'made', "decidedById" = 'other', "decidedByEmail" = 'o@example.my', "decidedAt" = now()`);
      // Decided once.
      await refused(
        () => decide(`"state" = 'declined', "decidedById" = 'other', "declineReason" = 'no', "decidedAt" = now()`),
        /Refund is append-only/,
      );
    });
  });
});
