import type { Prisma } from '../generated/prisma/client';

/** The first key of the per-bill advisory locks (the second is the bill's id hashed). */
export const BILL_LOCK_NAMESPACE = 10_001;

/**
 * Holds each bill's advisory lock until the transaction ends, in id order so two holders never deadlock.
 * Payment creation and the bill writer both take it: a bill cannot be withdrawn while a payment for it is
 * being created, nor a payment created for a bill being withdrawn.
 */
export async function lockBills(tx: Prisma.TransactionClient, payableIds: readonly string[]): Promise<void> {
  for (const id of [...new Set(payableIds)].sort()) {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(${BILL_LOCK_NAMESPACE}::int, hashtext(${id}))`;
  }
}
