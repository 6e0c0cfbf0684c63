import { malaysiaDay } from '@councilpay/domain';
import { Prisma } from '../../generated/prisma/client';

/**
 * Which refunds count as money given back, which way, and on which day: the one rule every money figure uses
 * (MoneyLedger). Every refund recorded counts, as money going back to the payer.
 */

/**
 * The Malaysian day a refund's money counts on, for a council (as SQL, `alias` the refund row): the day of its
 * refund date, unless the council had signed that day off before the refund was recorded; then the day it was
 * recorded (an adjustment on the day it happened: a signed day's figures never change).
 */
export const REFUND_DAY_SQL = (alias: string, council: Prisma.Sql): Prisma.Sql => {
  const r = Prisma.raw(alias);
  const myt = Prisma.sql`interval '8 hours'`;
  return Prisma.sql`CASE WHEN EXISTS (
      SELECT 1 FROM "DayClose" dc WHERE dc."councilCode" = ${council}
        AND dc."day" = to_char(${r}."refundedAt" + ${myt}, 'YYYY-MM-DD') AND dc."signedAt" < ${r}."createdAt")
    THEN to_char(${r}."createdAt" + ${myt}, 'YYYY-MM-DD') ELSE to_char(${r}."refundedAt" + ${myt}, 'YYYY-MM-DD') END`;
};

/** The same rule in code: `signed` maps `council|day` to when that day was signed off. */
export function refundDay(
  refund: { refundedAt: Date; createdAt: Date },
  council: string,
  signed: Map<string, Date>,
): string {
  const day = malaysiaDay(0, refund.refundedAt);
  const signedAt = signed.get(`${council}|${day}`);
  return signedAt && signedAt < refund.createdAt ? malaysiaDay(0, refund.createdAt) : day;
}

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
