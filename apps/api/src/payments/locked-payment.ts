import type { PaymentState } from '@councilpay/domain';
import type { Prisma } from '../generated/prisma/client';

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
  const rows =
    'reference' in where
      ? await tx.$queryRaw<LockedPayment[]>`
          SELECT "id", "reference", "status"::text AS "status", "method"::text AS "method", "amountSen", "payerEmail", "payerPhone", "language",
                 "paidAt", "finalAt"
          FROM "Payment" WHERE "reference" = ${where.reference} FOR UPDATE`
      : await tx.$queryRaw<LockedPayment[]>`
          SELECT "id", "reference", "status"::text AS "status", "method"::text AS "method", "amountSen", "payerEmail", "payerPhone", "language",
                 "paidAt", "finalAt"
          FROM "Payment" WHERE "invoiceNo" = ${where.invoiceNo} FOR UPDATE`;
  return rows[0] ?? null;
}
