import { malaysiaDay } from '@councilpay/domain';
import { Prisma } from '../generated/prisma/client';

/**
 * Which refunds count as money given back, which way, and on which day: the one rule every money figure uses
 * (MoneyLedger, the day's close). A refund counts once it is made (a refund awaiting a second officer's approval,
 * or declined, counts for nothing); a correction of a mistaken refund counts the other way, as money coming back.
 */

/** A refund row (as `alias`) that counts. */
export const COUNTED_REFUND_SQL = (alias: string): Prisma.Sql => Prisma.sql`${Prisma.raw(alias)}."state" = 'made'`;
/** +1 for money given back, -1 for a correction taking a mistaken refund back. */
export const REFUND_SIGN_SQL = (alias: string): Prisma.Sql =>
  Prisma.sql`(CASE WHEN ${Prisma.raw(alias)}."correctsRefundId" IS NULL THEN 1 ELSE -1 END)`;
/** The refunds that count, as a Prisma filter. */
export const countedRefundWhere: Prisma.RefundWhereInput = { state: 'made' };
/** The fields `refundSign` reads. */
export const REFUND_SIGN_FIELDS = { correctsRefundId: true } as const satisfies Prisma.RefundSelect;
/** +1 for money given back, -1 for a correction. */
export function refundSign(refund: { correctsRefundId?: string | null }): 1 | -1 {
  return refund.correctsRefundId ? -1 : 1;
}
/** The refunds that give money back (false) or take it back (true: corrections). */
export function correctionsWhere(corrections: boolean): Prisma.RefundWhereInput {
  return corrections ? { correctsRefundId: { not: null } } : { correctsRefundId: null };
}

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
