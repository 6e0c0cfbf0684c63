import { Injectable } from '@nestjs/common';
import { malaysiaDay, noMoney, shareOverItems, type AdminPaymentTotals, type MoneyRow } from '@councilpay/domain';
import { Prisma } from '../generated/prisma/client';
import type { CouncilScope } from '../auth/roles';
import { PrismaService } from '../prisma/prisma.service';
import {
  correctionsWhere,
  REFUND_DAY_SQL,
  refundDay,
  COUNTED_REFUND_SQL,
  countedRefundWhere,
  REFUND_SIGN_FIELDS,
  REFUND_SIGN_SQL,
  refundSign,
} from './refund-counting';

/** Malaysia keeps UTC+8 all year: a Malaysian day is [D 00:00+08, D+1 00:00+08). */
const MYT = Prisma.sql`interval '8 hours'`;
const dayOf = (column: Prisma.Sql) => Prisma.sql`to_char(${column} + ${MYT}, 'YYYY-MM-DD')`;

type Method = 'fpx' | 'card';

/** Which money to count: a span of instants, the councils (null: every one) and a method (null: both). */
export interface MoneySpan {
  start: Date;
  end: Date;
  councils: string[] | null;
  method: Method | null;
}

/** The councils whose share a staff member sees: a list's council within theirs, else theirs (null: all). */
export function shareCouncils(scope: CouncilScope, council?: string): string[] | null {
  if (council) return scope.all || scope.councils.includes(council) ? [council] : [];
  return scope.all ? null : scope.councils;
}

interface SqlRow {
  council: string;
  day: string;
  method: Method;
  n: bigint | number | null;
  sen: bigint | number | null;
  reversed?: bigint | number | null;
}

/** A payment's items in the cart's order, as a charge on the whole payment is shared over them. */
const ITEMS_IN_ORDER = {
  select: { councilCode: true, amountSen: true },
  orderBy: [{ position: 'asc' as const }, { id: 'asc' as const }],
};

/**
 * The one place the console's money is counted (definitions: MoneyFigures in libs/domain). Reconciliation,
 * the dashboard, the day's close, the payments list's totals and rows and the payments CSV all read their
 * figures here, so the same money is the same number on every screen and in every file.
 */
@Injectable()
export class MoneyLedger {
  constructor(private readonly prisma: PrismaService) {}

  /** The money of every council, Malaysian day and method in the span that has any. */
  async rows(span: MoneySpan): Promise<MoneyRow[]> {
    const inRange = (column: Prisma.Sql) => Prisma.sql`${column} >= ${span.start} AND ${column} < ${span.end}`;
    const inCouncil = span.councils ? Prisma.sql`i."councilCode" = ANY(${span.councils}::text[])` : Prisma.sql`TRUE`;
    const byMethod = (column: Prisma.Sql) =>
      span.method ? Prisma.sql`${column}::text = ${span.method}` : Prisma.sql`TRUE`;
    const days = { first: malaysiaDay(0, span.start), last: malaysiaDay(0, span.end.getTime() - 1) };
    const [paid, credited, refunded, uncredited, duplicateRefunds, duplicateCharges] = await Promise.all([
      this.prisma.$queryRaw<SqlRow[]>`
        SELECT i."councilCode" AS council, ${dayOf(Prisma.sql`p."paidAt"`)} AS day, p."method"::text AS method,
               count(DISTINCT p."id") AS n, sum(i."amountSen") AS sen
        FROM "Payment" p JOIN "PaymentItem" i ON i."paymentId" = p."id"
        WHERE ${inRange(Prisma.sql`p."paidAt"`)} AND ${inCouncil} AND ${byMethod(Prisma.sql`p."method"`)}
        GROUP BY 1, 2, 3`,
      this.prisma.$queryRaw<SqlRow[]>`
        SELECT i."councilCode" AS council, ${dayOf(Prisma.sql`i."creditedAt"`)} AS day, p."method"::text AS method,
               count(*) AS n, sum(i."amountSen") AS sen
        FROM "PaymentItem" i JOIN "Payment" p ON p."id" = i."paymentId"
        WHERE ${inRange(Prisma.sql`i."creditedAt"`)} AND ${inCouncil} AND ${byMethod(Prisma.sql`p."method"`)}
        GROUP BY 1, 2, 3`,
      this.prisma.$queryRaw<SqlRow[]>`
        SELECT council, day, method,
               count(DISTINCT refund) FILTER (WHERE sign > 0) - count(DISTINCT refund) FILTER (WHERE sign < 0) AS n,
               sum(sign * sen) AS sen, sum(sign * reversed) AS reversed
        FROM (
          SELECT r."id" AS refund, i."councilCode" AS council, ${REFUND_DAY_SQL('r', Prisma.sql`i."councilCode"`)} AS day,
                 p."method"::text AS method, ${REFUND_SIGN_SQL('r')} AS sign,
                 ri."amountSen"::bigint AS sen, ri."creditReversedSen"::bigint AS reversed
          FROM "RefundItem" ri JOIN "Refund" r ON r."id" = ri."refundId"
            JOIN "PaymentItem" i ON i."id" = ri."paymentItemId" JOIN "Payment" p ON p."id" = r."paymentId"
          WHERE ${COUNTED_REFUND_SQL('r')}
            AND (${inRange(Prisma.sql`r."refundedAt"`)} OR ${inRange(Prisma.sql`r."createdAt"`)})
            AND ${inCouncil} AND ${byMethod(Prisma.sql`p."method"`)}
        ) made WHERE day >= ${days.first} AND day <= ${days.last} GROUP BY 1, 2, 3`,
      this.prisma.$queryRaw<SqlRow[]>`
        SELECT i."councilCode" AS council, ${dayOf(Prisma.sql`p."paidAt"`)} AS day, p."method"::text AS method,
               count(*) AS n, sum(i."amountSen") AS sen
        FROM "Payment" p JOIN "PaymentItem" i ON i."paymentId" = p."id"
        WHERE i."creditedAt" IS NULL AND p."status" IN ('paid', 'refunded')
          AND ${inRange(Prisma.sql`p."paidAt"`)} AND ${inCouncil} AND ${byMethod(Prisma.sql`p."method"`)}
        GROUP BY 1, 2, 3`,
      // A duplicate charge and its refund belong to the whole payment: shared over its items (rare rows).
      this.prisma.refund.findMany({
        where: {
          AND: [
            countedRefundWhere,
            { gatewayAnswerId: { not: null } },
            {
              OR: [{ refundedAt: { gte: span.start, lt: span.end } }, { createdAt: { gte: span.start, lt: span.end } }],
            },
            span.method ? { payment: { method: span.method } } : {},
          ],
        },
        select: {
          id: true,
          amountSen: true,
          refundedAt: true,
          createdAt: true,
          ...REFUND_SIGN_FIELDS,
          payment: { select: { method: true, items: ITEMS_IN_ORDER } },
        },
      }),
      this.prisma.gatewayAnswer.findMany({
        where: {
          verdict: 'duplicate_charge',
          receivedAt: { gte: span.start, lt: span.end },
          ...(span.method ? { method: span.method } : {}),
        },
        select: { refundDueSen: true, receivedAt: true, method: true, payment: { select: { items: ITEMS_IN_ORDER } } },
      }),
    ]);

    const rows = new Map<string, MoneyRow>();
    const row = (council: string, day: string, method: Method): MoneyRow => {
      const key = `${council}|${day}|${method}`;
      let found = rows.get(key);
      if (!found) rows.set(key, (found = { council, day, method, ...noMoney() }));
      return found;
    };
    const inScope = (council: string) => span.councils === null || span.councils.includes(council);
    for (const r of paid)
      Object.assign(row(r.council, r.day, r.method), { paymentsPaid: Number(r.n), paidSen: Number(r.sen) });
    for (const r of credited) {
      Object.assign(row(r.council, r.day, r.method), { itemsCredited: Number(r.n), creditedSen: Number(r.sen) });
    }
    for (const r of refunded) {
      const target = row(r.council, r.day, r.method);
      target.refundsMade += Number(r.n);
      target.refundsMadeSen += Number(r.sen ?? 0);
      target.creditReversedSen += Number(r.reversed ?? 0);
    }
    for (const r of uncredited) row(r.council, r.day, r.method).refundsDueSen += Number(r.sen ?? 0);
    const signed = await this.signedDays(duplicateRefunds.map((r) => malaysiaDay(0, r.refundedAt)));
    for (const refund of duplicateRefunds) {
      const sign = refundSign(refund);
      const counted = new Set<string>();
      for (const { item, sen } of shareOverItems(refund.amountSen, refund.payment.items)) {
        const day = refundDay(refund, item.councilCode, signed);
        if (!inScope(item.councilCode) || day < days.first || day > days.last) continue;
        row(item.councilCode, day, refund.payment.method).refundsMadeSen += sign * sen;
        if (!counted.has(item.councilCode)) row(item.councilCode, day, refund.payment.method).refundsMade += sign;
        counted.add(item.councilCode);
      }
    }
    for (const answer of duplicateCharges) {
      if (!answer.payment) continue;
      const day = malaysiaDay(0, answer.receivedAt);
      for (const { item, sen } of shareOverItems(answer.refundDueSen, answer.payment.items)) {
        if (inScope(item.councilCode)) row(item.councilCode, day, answer.method).refundsDueSen += sen;
      }
    }
    for (const r of rows.values()) r.netSen = r.paidSen - r.refundsMadeSen;
    return [...rows.values()].sort(
      (a, b) => a.day.localeCompare(b.day) || a.council.localeCompare(b.council) || a.method.localeCompare(b.method),
    );
  }

  /** When each council's days among `days` were signed off: `council|day` → signedAt. */
  private async signedDays(days: string[]): Promise<Map<string, Date>> {
    if (days.length === 0) return new Map();
    const closes = await this.prisma.dayClose.findMany({
      where: { day: { in: [...new Set(days)] } },
      select: { councilCode: true, day: true, signedAt: true },
    });
    return new Map(closes.map((c) => [`${c.councilCode}|${c.day}`, c.signedAt]));
  }

  /**
   * Each payment's share for `councils` (null: every item) and the refunds made of that share (net of
   * corrections, whenever made): the money columns of the payments list and CSV.
   */
  async paymentShares(
    paymentIds: string[],
    councils: string[] | null,
  ): Promise<Map<string, { shareSen: number; refundedSen: number }>> {
    const shares = new Map(paymentIds.map((id) => [id, { shareSen: 0, refundedSen: 0 }]));
    if (paymentIds.length === 0) return shares;
    const inCouncil = councils ? Prisma.sql`i."councilCode" = ANY(${councils}::text[])` : Prisma.sql`TRUE`;
    const [items, refunded, duplicates] = await Promise.all([
      this.prisma.$queryRaw<{ id: string; sen: bigint }[]>`
        SELECT i."paymentId" AS id, sum(i."amountSen") AS sen FROM "PaymentItem" i
        WHERE i."paymentId" = ANY(${paymentIds}::uuid[]) AND ${inCouncil} GROUP BY 1`,
      this.prisma.$queryRaw<{ id: string; sen: bigint }[]>`
        SELECT r."paymentId" AS id, sum(${REFUND_SIGN_SQL('r')} * ri."amountSen") AS sen
        FROM "RefundItem" ri JOIN "Refund" r ON r."id" = ri."refundId" JOIN "PaymentItem" i ON i."id" = ri."paymentItemId"
        WHERE r."paymentId" = ANY(${paymentIds}::uuid[]) AND ${COUNTED_REFUND_SQL('r')} AND ${inCouncil} GROUP BY 1`,
      this.duplicateRefunds({ id: { in: paymentIds } }),
    ]);
    for (const r of items) shares.get(r.id)!.shareSen = Number(r.sen);
    for (const r of refunded) shares.get(r.id)!.refundedSen += Number(r.sen);
    for (const d of duplicates) {
      shares.get(d.paymentId)!.refundedSen += this.shareOf(d, councils);
    }
    return shares;
  }

  /** The totals row of a payments list: the whole filter, not the page. */
  async totals(where: Prisma.PaymentWhereInput, councils: string[] | null): Promise<AdminPaymentTotals> {
    const itemWhere: Prisma.PaymentItemWhereInput = councils ? { councilCode: { in: councils } } : {};
    const refundItems = (corrections: boolean) =>
      this.prisma.refundItem.aggregate({
        where: {
          paymentItem: itemWhere,
          refund: { AND: [countedRefundWhere, { payment: where }, correctionsWhere(corrections)] },
        },
        _sum: { amountSen: true },
      });
    const [payments, share, made, corrected, duplicates] = await Promise.all([
      this.prisma.payment.aggregate({ where, _count: { _all: true }, _sum: { amountSen: true } }),
      this.prisma.paymentItem.aggregate({ where: { AND: [itemWhere, { payment: where }] }, _sum: { amountSen: true } }),
      refundItems(false),
      refundItems(true),
      this.duplicateRefunds(where),
    ]);
    const refundedSen =
      (made._sum.amountSen ?? 0) -
      (corrected._sum.amountSen ?? 0) +
      duplicates.reduce((n, d) => n + this.shareOf(d, councils), 0);
    const shareSen = share._sum.amountSen ?? 0;
    return {
      payments: payments._count._all,
      amountSen: payments._sum.amountSen ?? 0,
      shareSen,
      refundedSen,
      netSen: shareSen - refundedSen,
    };
  }

  /** Counted refunds of duplicate charges of the payments matching `where`. */
  private duplicateRefunds(where: Prisma.PaymentWhereInput) {
    return this.prisma.refund.findMany({
      where: { AND: [countedRefundWhere, { gatewayAnswerId: { not: null } }, { payment: where }] },
      select: {
        paymentId: true,
        amountSen: true,
        ...REFUND_SIGN_FIELDS,
        payment: { select: { items: ITEMS_IN_ORDER } },
      },
    });
  }

  /** The part of a duplicate charge's refund that falls to `councils` (signed: a correction gives it back). */
  private shareOf(
    refund: {
      amountSen: number;
      correctsRefundId: string | null;
      payment: { items: { councilCode: string; amountSen: number }[] };
    },
    councils: string[] | null,
  ): number {
    return shareOverItems(refund.amountSen, refund.payment.items)
      .filter(({ item }) => councils === null || councils.includes(item.councilCode))
      .reduce((n, s) => n + refundSign(refund) * s.sen, 0);
  }
}
