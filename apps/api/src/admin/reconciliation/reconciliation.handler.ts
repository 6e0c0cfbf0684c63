import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import {
  noMoney,
  sumMoney,
  type MismatchCause,
  type MoneyRow,
  type ReconciliationMismatch,
  type ReconciliationReport,
  type ReconciliationRow,
} from '@councilpay/domain';
import { Prisma } from '../../generated/prisma/client';
import { ApiError } from '../../http/api-error';
import { councilScope } from '../../auth/roles';
import { PrismaService } from '../../prisma/prisma.service';
import { MoneyLedger } from '../../money/money-ledger';
import { GetReconciliationQuery } from './reconciliation.query';

/** Malaysia keeps UTC+8 all year: a Malaysian day is [D 00:00+08, D+1 00:00+08). */
const MYT = Prisma.sql`interval '8 hours'`;
const MAX_DAYS = 366;
const MAX_MISMATCHES = 5_000;

/** The conditions every query of a report shares: its span of time and, if asked, one method. */
interface Span {
  inRange: (column: Prisma.Sql) => Prisma.Sql;
  byMethod: (column: Prisma.Sql) => Prisma.Sql;
}

function spanOf(start: Date, end: Date, method: string | null): Span {
  return {
    inRange: (column) => Prisma.sql`${column} >= ${start} AND ${column} < ${end}`,
    byMethod: (column) => (method ? Prisma.sql`${column}::text = ${method}` : Prisma.sql`TRUE`),
  };
}

const dayOf = (column: Prisma.Sql) => Prisma.sql`to_char(${column} + ${MYT}, 'YYYY-MM-DD')`;

interface FigureRow {
  kind: 'approved' | 'pending' | 'failed' | 'expired' | 'refunded';
  council: string;
  day: string;
  method: 'fpx' | 'card';
  n: bigint;
  sen: bigint | null;
}

interface MismatchRow {
  cause: MismatchCause;
  reference: string | null;
  invoiceNo: string | null;
  councils: string[] | null;
  day: string;
  method: 'fpx' | 'card';
  amountSen: number | null;
  approvedSen: number | null;
  gatewayTxnId: string | null;
}

/**
 * Reconciliation from the records alone. Per council, Malaysian day and method: its money, counted by the
 * MoneyLedger as every screen counts it (paid, refunds made, net, credited, credit reversed, refunds due), and
 * approvals received from the gateway (applied ones and duplicate charges; repeats are not counted again);
 * payments made that day still pending, failed, expired or refunded (by createdAt). Money of a payment that
 * spans councils is shared over them as its items are. Then every record that does not agree, with its cause.
 */
@QueryHandler(GetReconciliationQuery)
export class GetReconciliationHandler implements IQueryHandler<GetReconciliationQuery, ReconciliationReport> {
  constructor(
    private readonly prisma: PrismaService,
    private readonly money: MoneyLedger,
  ) {}

  async execute({ principal, query }: GetReconciliationQuery): Promise<ReconciliationReport> {
    const start = new Date(`${query.from}T00:00:00+08:00`);
    const endDay = new Date(`${query.to}T00:00:00+08:00`);
    if (Number.isNaN(start.getTime()) || Number.isNaN(endDay.getTime()) || endDay < start) {
      throw new ApiError(400, 'invalid_range', 'from must be a day on or before to', undefined, 'to');
    }
    if ((endDay.getTime() - start.getTime()) / 86_400_000 >= MAX_DAYS) {
      throw new ApiError(400, 'invalid_range', `At most ${MAX_DAYS} days at once`, undefined, 'to');
    }
    const end = new Date(endDay.getTime() + 86_400_000);
    const scope = councilScope(principal);
    let councils: string[] | null = scope.all ? null : scope.councils;
    if (query.council) {
      if (councils && !councils.includes(query.council)) {
        throw new ApiError(403, 'forbidden', 'This council is not one of yours', { council: query.council });
      }
      councils = [query.council];
    }
    const span = spanOf(start, end, query.method ?? null);
    const [money, figures, mismatches] = await Promise.all([
      this.money.rows({ start, end, councils, method: query.method ?? null }),
      this.figures(span, councils),
      this.mismatches(span, councils),
    ]);
    const rows = merge(money, figures);
    return { from: query.from, to: query.to, rows, totals: sumMoney(rows), mismatches };
  }

  private async figures({ byMethod, inRange }: Span, councils: string[] | null): Promise<FigureRow[]> {
    const inCouncil = councils ? Prisma.sql`i."councilCode" = ANY(${councils}::text[])` : Prisma.sql`TRUE`;
    const parts = [
      Prisma.sql`
      SELECT 'approved' AS kind, i."councilCode" AS council, ${dayOf(Prisma.sql`a."receivedAt"`)} AS day,
             a."method"::text AS method, count(DISTINCT a."id") AS n,
             sum(COALESCE(a."amountSen", p."amountSen")::bigint * i."amountSen" / p."amountSen") AS sen
      FROM "GatewayAnswer" a JOIN "Payment" p ON p."id" = a."paymentId" JOIN "PaymentItem" i ON i."paymentId" = p."id"
      WHERE a."outcome" = 'approved' AND a."verdict" IN ('applied', 'duplicate_charge')
        AND ${inRange(Prisma.sql`a."receivedAt"`)} AND ${inCouncil} AND ${byMethod(Prisma.sql`a."method"`)}
      GROUP BY 2, 3, 4`,
      Prisma.sql`
      SELECT p."status"::text AS kind, i."councilCode" AS council, ${dayOf(Prisma.sql`p."createdAt"`)} AS day,
             p."method"::text AS method, count(DISTINCT p."id") AS n, sum(i."amountSen") AS sen
      FROM "Payment" p JOIN "PaymentItem" i ON i."paymentId" = p."id"
      WHERE p."status" IN ('pending', 'failed', 'expired', 'refunded')
        AND ${inRange(Prisma.sql`p."createdAt"`)} AND ${inCouncil} AND ${byMethod(Prisma.sql`p."method"`)}
      GROUP BY 1, 2, 3, 4`,
    ];
    // Each kind is a query of its own, run side by side: on a million payments a week's figures are thousands
    // of joined rows per kind, and one statement would add them up on one core.
    const results = await Promise.all(parts.map((sql) => this.prisma.$queryRaw<FigureRow[]>(sql)));
    return results.flat();
  }

  private async mismatches({ byMethod, inRange }: Span, councils: string[] | null): Promise<ReconciliationMismatch[]> {
    // A payment belongs to a council when one of its items does.
    const paymentInCouncil = councils
      ? Prisma.sql`EXISTS (SELECT 1 FROM "PaymentItem" x WHERE x."paymentId" = p."id" AND x."councilCode" = ANY(${councils}::text[]))`
      : Prisma.sql`TRUE`;
    const councilsOf = Prisma.sql`(SELECT array_agg(DISTINCT x."councilCode" ORDER BY x."councilCode") FROM "PaymentItem" x WHERE x."paymentId" = p."id")`;
    // An answer that claims an approval, whether or not it verified.
    const claimsApproval = Prisma.sql`(a."outcome" = 'approved' OR (a."outcome" = 'invalid' AND ((a."method" = 'fpx' AND a."responseCode" = '00') OR (a."method" = 'card' AND a."responseCode" = '1'))))`;
    // Two queries side by side (the paid payments without an approval is the long one), each sorted and cut,
    // then merged in the same order.
    const parts = [
      Prisma.sql`
      SELECT 'late_approval' AS cause, p."reference", p."invoiceNo", ${councilsOf} AS councils,
             ${dayOf(Prisma.sql`p."paidAt"`)} AS day, p."method"::text AS method, p."amountSen", NULL::int AS "approvedSen",
             p."gatewayTxnId"
      FROM "Payment" p
      WHERE p."late" AND ${inRange(Prisma.sql`p."paidAt"`)} AND ${paymentInCouncil} AND ${byMethod(Prisma.sql`p."method"`)}
      UNION ALL
      SELECT 'amount_mismatch', p."reference", p."invoiceNo", ${councilsOf}, ${dayOf(Prisma.sql`a."receivedAt"`)},
             a."method"::text, p."amountSen", a."amountSen", a."gatewayTxnId"
      FROM "GatewayAnswer" a JOIN "Payment" p ON p."id" = a."paymentId"
      WHERE a."outcome" = 'approved' AND a."verdict" IN ('applied', 'duplicate_charge') AND a."amountSen" <> p."amountSen"
        AND ${inRange(Prisma.sql`a."receivedAt"`)} AND ${paymentInCouncil} AND ${byMethod(Prisma.sql`a."method"`)}
      UNION ALL
      SELECT 'duplicate_charge', p."reference", p."invoiceNo", ${councilsOf}, ${dayOf(Prisma.sql`a."receivedAt"`)},
             a."method"::text, p."amountSen", a."amountSen", a."gatewayTxnId"
      FROM "GatewayAnswer" a JOIN "Payment" p ON p."id" = a."paymentId"
      WHERE a."verdict" = 'duplicate_charge'
        AND ${inRange(Prisma.sql`a."receivedAt"`)} AND ${paymentInCouncil} AND ${byMethod(Prisma.sql`a."method"`)}
      UNION ALL
      SELECT 'approval_without_payment', p."reference", a."invoiceNo", COALESCE(${councilsOf}, '{}'),
             ${dayOf(Prisma.sql`a."receivedAt"`)}, a."method"::text, COALESCE(a."amountSen", 0), a."amountSen", a."gatewayTxnId"
      FROM "GatewayAnswer" a LEFT JOIN "Payment" p ON p."id" = a."paymentId"
      WHERE ${claimsApproval}
        AND (a."paymentId" IS NULL OR a."verdict" IN ('refused', 'not_found', 'error'))
        AND ${inRange(Prisma.sql`a."receivedAt"`)} AND ${byMethod(Prisma.sql`a."method"`)}
        AND ${councils ? Prisma.sql`p."id" IS NOT NULL AND ${paymentInCouncil}` : Prisma.sql`TRUE`}
      ORDER BY day, cause, "invoiceNo"
      LIMIT ${MAX_MISMATCHES}`,
      Prisma.sql`
      SELECT 'payment_without_approval' AS cause, p."reference", p."invoiceNo", ${councilsOf} AS councils,
             ${dayOf(Prisma.sql`p."paidAt"`)} AS day, p."method"::text AS method, p."amountSen", NULL::int AS "approvedSen",
             p."gatewayTxnId"
      FROM "Payment" p
      WHERE p."status" IN ('paid', 'refunded') AND ${inRange(Prisma.sql`p."paidAt"`)}
        AND ${paymentInCouncil} AND ${byMethod(Prisma.sql`p."method"`)}
        AND NOT EXISTS (SELECT 1 FROM "GatewayAnswer" a WHERE a."paymentId" = p."id" AND a."outcome" = 'approved'
                        AND a."verdict" = 'applied')
      ORDER BY day, "invoiceNo"
      LIMIT ${MAX_MISMATCHES}`,
    ];
    const rows = (await Promise.all(parts.map((sql) => this.prisma.$queryRaw<MismatchRow[]>(sql))))
      .flat()
      .sort(
        (a, b) => compare(a.day, b.day) || compare(a.cause, b.cause) || compare(a.invoiceNo ?? '', b.invoiceNo ?? ''),
      )
      .slice(0, MAX_MISMATCHES);

    return rows.map((r) => ({
      cause: r.cause,
      reference: r.reference,
      invoiceNo: r.invoiceNo,
      councils: r.councils ?? [],
      day: r.day,
      method: r.method,
      amountSen: r.amountSen ?? 0,
      ...(r.approvedSen !== null ? { approvedSen: r.approvedSen } : {}),
      gatewayTxnId: r.gatewayTxnId,
    }));
  }
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** One row per council, day and method: its money, then the figures of each other kind. */
function merge(money: MoneyRow[], figures: FigureRow[]): ReconciliationRow[] {
  const rows = new Map<string, ReconciliationRow>();
  const rowOf = (council: string, day: string, method: 'fpx' | 'card'): ReconciliationRow => {
    const key = `${council}|${day}|${method}`;
    let row = rows.get(key);
    if (!row) {
      row = {
        council,
        day,
        method,
        ...noMoney(),
        approvedAnswers: 0,
        approvedSen: 0,
        paymentsPending: 0,
        pendingSen: 0,
        paymentsFailed: 0,
        failedSen: 0,
        paymentsExpired: 0,
        expiredSen: 0,
        paymentsRefunded: 0,
        refundedSen: 0,
      };
      rows.set(key, row);
    }
    return row;
  };
  for (const m of money) Object.assign(rowOf(m.council, m.day, m.method), m);
  for (const f of figures) {
    const row = rowOf(f.council, f.day, f.method);
    const n = Number(f.n);
    const sen = Number(f.sen ?? 0);
    if (f.kind === 'approved') Object.assign(row, { approvedAnswers: n, approvedSen: sen });
    else if (f.kind === 'pending') Object.assign(row, { paymentsPending: n, pendingSen: sen });
    else if (f.kind === 'failed') Object.assign(row, { paymentsFailed: n, failedSen: sen });
    else if (f.kind === 'expired') Object.assign(row, { paymentsExpired: n, expiredSen: sen });
    else Object.assign(row, { paymentsRefunded: n, refundedSen: sen });
  }
  return [...rows.values()].sort(
    (a, b) => a.day.localeCompare(b.day) || a.council.localeCompare(b.council) || a.method.localeCompare(b.method),
  );
}
