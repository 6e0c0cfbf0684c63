import { createHash } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import {
  malaysiaDay,
  SETTLEMENT_MAX_LINES,
  SETTLEMENT_RESULTS,
  type PaymentState,
  type SettlementCheckAnswer,
  type SettlementLineError,
  type SettlementResult,
} from '@councilpay/domain';
import { Prisma } from '../../../generated/prisma/client';
import { councilScope, type CouncilScope } from '../../../auth/roles';
import { ApiError } from '../../../http/api-error';
import { PrismaService } from '../../../prisma/prisma.service';
import { recordStaffAction } from '../../../audit/staff-audit';
import { checkAnswer, scopeKeyOf } from '../settlement-checks';
import { readSettlementFile } from '../settlement-file';
import { settlementResultOf, type SettledPayment } from '../settlement-match';
import { CheckSettlementCommand } from './check-settlement.command';

/** Order numbers looked up per query: a query's parameters are bounded (PostgreSQL takes at most 65,535). */
const ORDER_NOS_PER_QUERY = 5_000;
/** Rows written per statement: each statement's parameters are built in one go, so a day is written in parts. */
const ROWS_PER_INSERT = 2_500;
/**
 * Checks one process runs at once; the others wait their turn. A check reads, matches and writes up to 20,000
 * lines: two at a time keep an officer's check quick while every other request is still answered at once.
 */
const CHECKS_AT_ONCE = 2;
/** Malaysia keeps UTC+8 all year. */
const MYT = Prisma.sql`interval '8 hours'`;

interface PaymentOfLine extends SettledPayment {
  id: string;
  reference: string;
  invoiceNo: string;
  method: 'fpx' | 'card';
  councils: string[];
}

/** A row to keep: a line of the file or a payment of ours it does not name. */
interface CheckedRow {
  line: number | null;
  result: SettlementResult;
  date: string | null;
  orderNo: string;
  txnId: string | null;
  amountSen: number | null;
  bankStatus: string | null;
  bankApproved: boolean | null;
  payment: PaymentOfLine | null;
}

const refused = (errors: SettlementLineError[]) =>
  new ApiError(400, 'settlement_invalid', `${errors.length} problems in the file: nothing was checked or kept`, {
    errors: errors.slice(0, 200),
  });

/**
 * A gateway settlement file for one Malaysian day, checked both ways and kept. The file is read whole first:
 * one bad line (a line of another council's payment included) refuses it with every line's error and nothing
 * is kept. Each line is matched to our payment of its order no (settlement-match.ts); every payment of the
 * caller's councils paid that day by that gateway and named by no line is "missing from the file". The day's
 * approved total in the file and ours are kept beside the lines. Nothing about a payment changes here: an
 * officer resolves each mismatch afterwards (ask the bank again, explain, name the refund). The same file
 * checked again for the same councils opens the stored check.
 */
@CommandHandler(CheckSettlementCommand)
export class CheckSettlementHandler implements ICommandHandler<CheckSettlementCommand, SettlementCheckAnswer> {
  private readonly logger = new Logger(CheckSettlementHandler.name);

  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly prisma: PrismaService) {}

  async execute(command: CheckSettlementCommand): Promise<SettlementCheckAnswer> {
    if (this.running >= CHECKS_AT_ONCE) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running += 1;
    try {
      return await this.check(command);
    } finally {
      this.running -= 1;
      this.waiting.shift()?.();
    }
  }

  private async check({ principal, request }: CheckSettlementCommand): Promise<SettlementCheckAnswer> {
    const scope = councilScope(principal);
    const scopeKey = scopeKeyOf(request.gateway, scope);
    const sha256 = createHash('sha256').update(request.content).digest('hex');
    const stored = await this.prisma.settlementCheck.findUnique({ where: { sha256_scopeKey: { sha256, scopeKey } } });
    if (stored) return checkAnswer(this.prisma, stored, true);

    const parsed = await readSettlementFile(request.content, request.gateway, malaysiaDay());
    if (!parsed.ok) {
      if (parsed.tooManyLines) {
        throw new ApiError(413, 'settlement_invalid', `At most ${SETTLEMENT_MAX_LINES} lines in one file`, {
          maxLines: SETTLEMENT_MAX_LINES,
        });
      }
      throw refused(parsed.errors);
    }
    const { day, lines } = parsed;
    const payments = await this.paymentsOf(lines.map((l) => l.orderNo));
    const visible = (p: PaymentOfLine) => scope.all || p.councils.some((c) => scope.councils.includes(c));
    const others = lines.filter((l) => {
      const payment = payments.get(l.orderNo);
      return payment !== undefined && !visible(payment);
    });
    if (others.length > 0) {
      throw refused(others.map((l) => ({ line: l.line, code: 'other_council', value: l.orderNo })));
    }

    const rows: CheckedRow[] = lines.map((l) => {
      const found = payments.get(l.orderNo);
      // A payment made with the other gateway is not one this gateway could settle.
      const payment = found && found.method === request.gateway ? found : undefined;
      return {
        line: l.line,
        result: settlementResultOf(l, payment),
        date: l.date,
        orderNo: l.orderNo,
        txnId: l.txnId,
        amountSen: l.amountSen,
        bankStatus: l.bankStatus,
        bankApproved: l.bankApproved,
        payment: payment ?? null,
      };
    });
    const paidThatDay = await this.paidOn(day, request.gateway, scope);
    const named = new Set(lines.map((l) => l.orderNo));
    for (const p of paidThatDay) {
      if (named.has(p.invoiceNo)) continue;
      rows.push({
        line: null,
        result: 'missing_from_file',
        date: null,
        orderNo: p.invoiceNo,
        txnId: null,
        amountSen: null,
        bankStatus: null,
        bankApproved: null,
        payment: p,
      });
    }
    const counts = Object.fromEntries(SETTLEMENT_RESULTS.map((r) => [r, 0])) as Record<SettlementResult, number>;
    for (const r of rows) counts[r.result]++;
    const bankTotalSen = lines.filter((l) => l.bankApproved).reduce((n, l) => n + l.amountSen, 0);
    const ourTotalSen = paidThatDay.reduce((n, p) => n + p.amountSen, 0);

    try {
      const check = await this.prisma.$transaction(
        async (tx) => {
          const created = await tx.settlementCheck.create({
            data: {
              gateway: request.gateway,
              fileName: request.fileName,
              sha256,
              councils: scope.all ? [] : [...scope.councils].sort(),
              scopeKey,
              day,
              staffId: principal.id,
              staffEmail: principal.email,
              lineCount: lines.length,
              counts,
              bankTotalSen,
              ourTotalSen,
            },
          });
          await this.insertRows(tx, created.id, rows);
          await recordStaffAction(tx, principal, {
            action: 'settlement_import',
            targetType: 'settlement_file',
            targetId: sha256,
            councils: scope.all ? [] : scope.councils,
            before: null,
            after: {
              checkId: created.id,
              gateway: request.gateway,
              fileName: request.fileName,
              day,
              lines: lines.length,
              counts,
              bankTotalSen,
              ourTotalSen,
            },
          });
          return created;
        },
        { timeout: 60_000 },
      );
      this.logger.log(
        { staffId: principal.id, checkId: check.id, fileName: request.fileName, day, sha256, counts },
        'Settlement file checked',
      );
      return checkAnswer(this.prisma, check, false);
    } catch (error) {
      // The same file sent twice at once: the other request kept it first.
      if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') {
        const first = await this.prisma.settlementCheck.findUniqueOrThrow({
          where: { sha256_scopeKey: { sha256, scopeKey } },
        });
        return checkAnswer(this.prisma, first, true);
      }
      throw error;
    }
  }

  /** Our payments of these order numbers, whatever their council (the caller's scope is checked after). */
  private async paymentsOf(orderNos: string[]): Promise<Map<string, PaymentOfLine>> {
    const unique = [...new Set(orderNos)];
    const found = new Map<string, PaymentOfLine>();
    for (let start = 0; start < unique.length; start += ORDER_NOS_PER_QUERY) {
      const slice = unique.slice(start, start + ORDER_NOS_PER_QUERY);
      for (const p of await this.select(Prisma.sql`p."invoiceNo" = ANY(${slice}::text[])`)) found.set(p.invoiceNo, p);
    }
    return found;
  }

  /** The payments of the scope paid on `day` (Malaysian) by `gateway`, still counted as paid. */
  private paidOn(day: string, gateway: 'fpx' | 'card', scope: CouncilScope): Promise<PaymentOfLine[]> {
    const start = new Date(`${day}T00:00:00+08:00`);
    const end = new Date(start.getTime() + 86_400_000);
    const inScope = scope.all
      ? Prisma.sql`TRUE`
      : Prisma.sql`EXISTS (SELECT 1 FROM "PaymentItem" x WHERE x."paymentId" = p."id" AND x."councilCode" = ANY(${scope.councils}::text[]))`;
    return this.select(
      Prisma.sql`p."paidAt" >= ${start} AND p."paidAt" < ${end} AND p."method"::text = ${gateway}
        AND p."status" IN ('paid', 'refunded') AND ${inScope}`,
    );
  }

  private async select(where: Prisma.Sql): Promise<PaymentOfLine[]> {
    const rows = await this.prisma.$queryRaw<
      (Omit<PaymentOfLine, 'status'> & { status: PaymentState; councils: string[] })[]
    >`
      SELECT p."id", p."reference", p."invoiceNo", p."method"::text AS "method", p."status"::text AS "status",
             p."amountSen", p."gatewayTxnId",
             to_char(p."createdAt" + ${MYT}, 'YYYY-MM-DD') AS "createdDay",
             to_char(p."paidAt" + ${MYT}, 'YYYY-MM-DD') AS "paidDay",
             (SELECT array_agg(DISTINCT i."councilCode" ORDER BY i."councilCode") FROM "PaymentItem" i
               WHERE i."paymentId" = p."id") AS "councils"
      FROM "Payment" p WHERE ${where}`;
    return rows.map((r) => ({ ...r, councils: r.councils ?? [] }));
  }

  /** The rows, column by column, a few thousand per statement (a day's file is up to 20,000 lines). */
  private async insertRows(tx: Prisma.TransactionClient, checkId: string, all: CheckedRow[]): Promise<void> {
    for (let start = 0; start < all.length; start += ROWS_PER_INSERT) {
      await this.insertSlice(tx, checkId, all.slice(start, start + ROWS_PER_INSERT));
    }
  }

  private async insertSlice(tx: Prisma.TransactionClient, checkId: string, rows: CheckedRow[]): Promise<void> {
    const col = <T>(pick: (r: CheckedRow) => T) => rows.map(pick);
    await tx.$executeRaw`
      INSERT INTO "SettlementCheckLine" ("checkId", "line", "result", "date", "orderNo", "txnId", "amountSen",
        "bankStatus", "bankApproved", "paymentId", "reference", "paymentStatus", "paymentAmountSen", "paymentTxnId",
        "paidDay", "councils")
      SELECT ${checkId}::uuid, t.line, t.result::"SettlementResult", t.date, t.order_no, t.txn_id, t.amount_sen,
             t.bank_status, t.bank_approved, t.payment_id, t.reference, t.payment_status, t.payment_amount_sen,
             t.payment_txn_id, t.paid_day, COALESCE(string_to_array(NULLIF(t.councils, ''), ','), '{}')
      FROM unnest(
        ${col((r) => r.line)}::int[], ${col((r) => r.result)}::text[], ${col((r) => r.date)}::text[],
        ${col((r) => r.orderNo)}::text[], ${col((r) => r.txnId)}::text[], ${col((r) => r.amountSen)}::int[],
        ${col((r) => r.bankStatus)}::text[], ${col((r) => r.bankApproved)}::boolean[],
        ${col((r) => r.payment?.id ?? null)}::uuid[], ${col((r) => r.payment?.reference ?? null)}::text[],
        ${col((r) => r.payment?.status ?? null)}::text[], ${col((r) => r.payment?.amountSen ?? null)}::int[],
        ${col((r) => r.payment?.gatewayTxnId ?? null)}::text[], ${col((r) => r.payment?.paidDay ?? null)}::text[],
        ${col((r) => (r.payment ? r.payment.councils.join(',') : ''))}::text[]
      ) AS t(line, result, date, order_no, txn_id, amount_sen, bank_status, bank_approved, payment_id, reference,
             payment_status, payment_amount_sen, payment_txn_id, paid_day, councils)`;
  }
}
