import type { CouncilCode, PayableType } from '@councilpay/domain';
import { Prisma } from '../generated/prisma/client';
import { rawSql, type RawDb } from '../prisma/raw-sql';

/** The first key of the bill writers' advisory lock (the second is the council and type hashed). */
export const BILL_WRITER_NAMESPACE = 10_002;

/**
 * Holds each bill's row lock until the transaction ends, taken in id order by one statement, so two holders
 * never deadlock. Payment creation and the bill writer both take it: a bill cannot be withdrawn while a payment
 * for it is being created, nor a payment created for a bill being withdrawn. Row locks live in the rows, not in
 * the server's lock table: a file of a million bills may hold them all.
 */
export async function lockBills(tx: RawDb, payableIds: readonly string[]): Promise<void> {
  if (!payableIds.length) return;
  const ids = [...new Set(payableIds)];
  await rawSql(tx).execute(
    Prisma.sql`SELECT 1 FROM "Payable" WHERE "id" = ANY(${ids}::uuid[]) ORDER BY "id" FOR NO KEY UPDATE`,
  );
}

/**
 * One writer of a council's bills of one type at a time (a file's confirm, an API batch, a withdrawal), until the
 * transaction ends: a plan made under it is not overtaken by another import. Payments do not take it.
 */
export async function lockBillWriter(tx: RawDb, councilCode: CouncilCode, type: PayableType): Promise<void> {
  await rawSql(tx).execute(
    Prisma.sql`SELECT pg_advisory_xact_lock(${BILL_WRITER_NAMESPACE}::int, hashtext(${`${councilCode}|${type}`}))`,
  );
}
