import { Prisma } from '../../generated/prisma/client';

/**
 * Which refunds count as money given back, and which way: the one rule every money figure uses (MoneyLedger).
 * Every refund recorded counts, as money going back to the payer.
 */

/** A refund row (as `alias`) that counts. */
export const COUNTED_REFUND_SQL = (_alias: string): Prisma.Sql => Prisma.sql`TRUE`;
/** +1 for money given back. */
export const REFUND_SIGN_SQL = (_alias: string): Prisma.Sql => Prisma.sql`1`;
/** The refunds that count, as a Prisma filter. */
export const countedRefundWhere: Prisma.RefundWhereInput = {};
/** The fields `refundSign` reads. */
export const REFUND_SIGN_FIELDS = {} as const satisfies Prisma.RefundSelect;
/** +1 for money given back. */
export function refundSign(_refund: object): 1 | -1 {
  return 1;
}
/** The refunds that give money back (false) or take it back (true). */
export function correctionsWhere(corrections: boolean): Prisma.RefundWhereInput {
  return corrections ? { id: { in: [] } } : {};
}
