import type { PaymentState } from '@councilpay/domain';
import { Prisma } from '../generated/prisma/client';

/** A payment as read under its row lock: what the ledger and the refund commands decide on. */
export interface LockedPayment {
  id: string;
  reference: string;
  status: PaymentState;
  method: string;
  amountSen: number;
  payerEmail: string;
  payerPhone: string;
  language: string;
  paidAt: Date | null;
  finalAt: Date | null;
  /** The gateway transaction the payment was last answered under (the approving one, once paid). */
  gatewayTxnId: string | null;
  /** The councils of its items, in code order. */
  councils: string[];
}

/**
 * Reads and locks a payment (SELECT ... FOR UPDATE) for the rest of the caller's transaction: every change of a
 * payment's money or status happens under this lock, taken here and nowhere else, so two changes of one payment
 * run one after the other. Null when there is no such payment.
 */
export async function lockPayment(
  tx: Prisma.TransactionClient,
  where: { reference: string } | { invoiceNo: string },
): Promise<LockedPayment | null> {
  const match =
    'reference' in where
      ? Prisma.sql`p."reference" = ${where.reference}`
      : Prisma.sql`p."invoiceNo" = ${where.invoiceNo}`;
  // The councils come with the lock (one round trip): a payment's items never change after it is made.
  const rows = await tx.$queryRaw<LockedPayment[]>`
    SELECT p."id", p."reference", p."status"::text AS "status", p."method"::text AS "method", p."amountSen",
           p."payerEmail", p."payerPhone", p."language", p."paidAt", p."finalAt", p."gatewayTxnId",
           ARRAY(SELECT DISTINCT i."councilCode" FROM "PaymentItem" i WHERE i."paymentId" = p."id"
                 ORDER BY i."councilCode") AS "councils"
    FROM "Payment" p WHERE ${match} FOR UPDATE OF p`;
  return rows[0] ?? null;
}
