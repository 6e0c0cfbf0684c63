import { Injectable } from '@nestjs/common';
import {
  malaysiaDay,
  noMoney,
  shareOverItems,
  sumMoney,
  type DayCloseAdjustment,
  type DayCloseFigures,
  type DayCloseReport,
  type MoneyRow,
} from '@councilpay/domain';
import { Prisma } from '../../generated/prisma/client';
import type { Principal } from '../../auth/principal';
import { councilScope } from '../../auth/roles';
import { ApiError } from '../../http/api-error';
import { PrismaService } from '../../prisma/prisma.service';
import { closeTarget, dayBounds } from '../../money/council-days';
import { MoneyLedger } from '../../money/money-ledger';
import {
  COUNTED_REFUND_SQL,
  countedRefundWhere,
  REFUND_SIGN_FIELDS,
  REFUND_SIGN_SQL,
  refundSign,
} from '../../money/refund-counting';
import { checkVisible } from '../settlements/settlement-checks';

const MYT = Prisma.sql`interval '8 hours'`;

/**
 * The close of one council's Malaysian day: its money per method and in all (MoneyLedger), the day's kept
 * settlement checks that cover the council, the check that every sen paid that day is on a bill or owed back,
 * whether and by whom it was signed (with the figures as signed), and the adjustments: money recorded after a
 * day was signed off that would have fallen on it, counted instead on the day it was recorded.
 */
@Injectable()
export class DayCloseReports {
  constructor(
    private readonly prisma: PrismaService,
    private readonly money: MoneyLedger,
  ) {}

  async report(principal: Principal, council: string, day: string): Promise<DayCloseReport> {
    await this.existingTarget(principal, council, day);
    const [figures, signed, adjustmentsRecorded] = await Promise.all([
      this.figures(principal, council, day),
      this.prisma.dayClose.findUnique({ where: { councilCode_day: { councilCode: council, day } } }),
      this.adjustments(council, { recordedOn: day }),
    ]);
    return {
      council,
      day,
      over: day < malaysiaDay(),
      figures,
      signed: signed
        ? {
            by: signed.signedByEmail,
            at: signed.signedAt.toISOString(),
            figures: signed.figures as unknown as DayCloseFigures,
          }
        : null,
      adjustmentsRecorded,
      adjustmentsAfterSignOff: signed ? await this.adjustments(council, { into: day, after: signed.signedAt }) : [],
    };
  }

  /** closeTarget, and the council exists (404 for a code no council has). */
  async existingTarget(principal: Principal, council: string, day: string): Promise<void> {
    closeTarget(principal, council, day);
    if (!(await this.prisma.council.findUnique({ where: { code: council }, select: { code: true } }))) {
      throw new ApiError(404, 'not_found', 'Not Found!');
    }
  }

  /** The day's figures as they stand now. */
  async figures(principal: Principal, council: string, day: string): Promise<DayCloseFigures> {
    const { start, end } = dayBounds(day);
    const [rows, checks, check] = await Promise.all([
      this.money.rows({ start, end, councils: [council], method: null }),
      this.prisma.settlementCheck.findMany({ where: { day }, orderBy: { createdAt: 'asc' } }),
      this.prisma.$queryRaw<{ paid: bigint | null; credited: bigint | null; owed: bigint | null }[]>`
        SELECT sum(i."amountSen") AS paid,
               sum(i."amountSen") FILTER (WHERE i."creditedAt" IS NOT NULL) AS credited,
               sum(i."amountSen") FILTER (WHERE i."creditedAt" IS NULL) AS owed
        FROM "Payment" p JOIN "PaymentItem" i ON i."paymentId" = p."id"
        WHERE p."paidAt" >= ${start} AND p."paidAt" < ${end} AND i."councilCode" = ${council}`,
    ]);
    const methods: MoneyRow[] = (['fpx', 'card'] as const).map(
      (method) => rows.find((r) => r.method === method) ?? { council, day, method, ...noMoney() },
    );
    const scope = councilScope(principal);
    const covering = checks.filter(
      (c) => checkVisible(c, scope) && (c.councils.length === 0 || c.councils.includes(council)),
    );
    const unresolved = await Promise.all(
      covering.map((c) =>
        this.prisma.settlementCheckLine.count({
          where: { checkId: c.id, resolvedAt: null, result: { not: 'matched' } },
        }),
      ),
    );
    const settlements = covering.map((c, n) => ({
      id: c.id,
      gateway: c.gateway,
      fileName: c.fileName,
      differenceSen: Number(c.bankTotalSen) - Number(c.ourTotalSen),
      unresolved: unresolved[n],
    }));
    const paidSen = Number(check[0].paid ?? 0);
    const creditedSen = Number(check[0].credited ?? 0);
    const owedBackSen = Number(check[0].owed ?? 0);
    return {
      methods,
      total: sumMoney(methods),
      settlements,
      settlementDifferenceSen: settlements.reduce((n, s) => n + s.differenceSen, 0),
      check: { paidSen, creditedSen, owedBackSen, holds: paidSen === creditedSen + owedBackSen },
    };
  }

  /**
   * Refunds of the council recorded after the day they are dated on had been signed off: those recorded on
   * `recordedOn` (adjustments to earlier days), or those dated `into` a day signed at `after`.
   */
  private async adjustments(
    council: string,
    when: { recordedOn: string } | { into: string; after: Date },
  ): Promise<DayCloseAdjustment[]> {
    const dated = (column: Prisma.Sql) => Prisma.sql`to_char(${column} + ${MYT}, 'YYYY-MM-DD')`;
    const refundDay = dated(Prisma.sql`r."refundedAt"`);
    const recordedDay = dated(Prisma.sql`r."createdAt"`);
    const which =
      'recordedOn' in when
        ? Prisma.sql`${recordedDay} = ${when.recordedOn} AND ${refundDay} < ${when.recordedOn}`
        : Prisma.sql`${refundDay} = ${when.into} AND r."createdAt" > ${when.after}`;
    const signedBefore = Prisma.sql`EXISTS (SELECT 1 FROM "DayClose" dc WHERE dc."councilCode" = ${council}
      AND dc."day" = ${refundDay} AND dc."signedAt" < r."createdAt")`;
    const [items, duplicates] = await Promise.all([
      this.prisma.$queryRaw<
        { reference: string; signedDay: string; countedDay: string; sen: bigint; recordedAt: Date }[]
      >`
        SELECT p."reference", ${refundDay} AS "signedDay", ${recordedDay} AS "countedDay",
               sum(${REFUND_SIGN_SQL('r')} * ri."amountSen") AS sen, r."createdAt" AS "recordedAt"
        FROM "RefundItem" ri JOIN "Refund" r ON r."id" = ri."refundId"
          JOIN "PaymentItem" i ON i."id" = ri."paymentItemId" JOIN "Payment" p ON p."id" = r."paymentId"
        WHERE ${COUNTED_REFUND_SQL('r')} AND i."councilCode" = ${council} AND ${which} AND ${signedBefore}
        GROUP BY r."id", p."reference", r."refundedAt", r."createdAt"
        ORDER BY r."createdAt"`,
      this.prisma.$queryRaw<{ id: string }[]>`
        SELECT r."id" FROM "Refund" r
        WHERE r."gatewayAnswerId" IS NOT NULL AND ${COUNTED_REFUND_SQL('r')} AND ${which} AND ${signedBefore}
          AND EXISTS (SELECT 1 FROM "PaymentItem" i WHERE i."paymentId" = r."paymentId" AND i."councilCode" = ${council})`,
    ]);
    const adjustments: DayCloseAdjustment[] = items.map((r) => ({
      kind: 'refund',
      reference: r.reference,
      signedDay: r.signedDay,
      countedDay: r.countedDay,
      amountSen: Number(r.sen),
      recordedAt: r.recordedAt.toISOString(),
    }));
    if (duplicates.length > 0) {
      const refunds = await this.prisma.refund.findMany({
        where: { AND: [countedRefundWhere, { id: { in: duplicates.map((d) => d.id) } }] },
        select: {
          amountSen: true,
          refundedAt: true,
          createdAt: true,
          ...REFUND_SIGN_FIELDS,
          payment: {
            select: {
              reference: true,
              items: { select: { councilCode: true, amountSen: true }, orderBy: [{ position: 'asc' }, { id: 'asc' }] },
            },
          },
        },
      });
      for (const r of refunds) {
        const share = shareOverItems(r.amountSen, r.payment.items)
          .filter(({ item }) => item.councilCode === council)
          .reduce((n, s) => n + s.sen, 0);
        adjustments.push({
          kind: 'refund',
          reference: r.payment.reference,
          signedDay: malaysiaDay(0, r.refundedAt),
          countedDay: malaysiaDay(0, r.createdAt),
          amountSen: refundSign(r) * share,
          recordedAt: r.createdAt.toISOString(),
        });
      }
    }
    return adjustments.sort((a, b) => a.recordedAt.localeCompare(b.recordedAt));
  }
}
