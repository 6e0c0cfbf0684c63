import {
  SETTLEMENT_PAGE_LINES,
  SETTLEMENT_RESULTS,
  type PaymentState,
  type SettlementCheckAnswer,
  type SettlementCheckLine,
  type SettlementCheckSummary,
  type SettlementResult,
} from '@councilpay/domain';
import { Prisma, type SettlementCheck, type SettlementCheckLine as LineRow } from '../../generated/prisma/client';
import type { CouncilScope } from '../../auth/roles';
import type { PrismaService } from '../../prisma/prisma.service';

/** The councils of a scope as one key: with the file's SHA-256 and its gateway, what makes a check the same. */
export function scopeKeyOf(gateway: string, scope: CouncilScope): string {
  return `${gateway}:${scope.all ? '*' : [...scope.councils].sort().join(',')}`;
}

/**
 * The checks a staff member may open (a condition on "SettlementCheck"): every one for `_admin`; for a council
 * admin those made for councils that are all theirs (a check made by `_admin` covers every council's payments).
 */
export function visibleChecksSql(scope: CouncilScope): Prisma.Sql {
  if (scope.all) return Prisma.sql`TRUE`;
  return Prisma.sql`(cardinality("councils") > 0 AND "councils" <@ ${scope.councils}::text[])`;
}

/** A check the scope may open, by id; null when it does not exist or is not theirs. */
export async function findVisibleCheck(
  prisma: PrismaService,
  scope: CouncilScope,
  id: string,
): Promise<SettlementCheck | null> {
  const check = await prisma.settlementCheck.findUnique({ where: { id } });
  if (!check) return null;
  return checkVisible(check, scope) ? check : null;
}

export function checkVisible(check: Pick<SettlementCheck, 'councils'>, scope: CouncilScope): boolean {
  if (scope.all) return true;
  return check.councils.length > 0 && check.councils.every((c) => scope.councils.includes(c));
}

/** Mismatches of a check nobody has resolved. */
export function unresolvedOf(counts: Record<SettlementResult, number>, resolved: number): number {
  return SETTLEMENT_RESULTS.filter((r) => r !== 'matched').reduce((n, r) => n + (counts[r] ?? 0), 0) - resolved;
}

export function toSummary(check: SettlementCheck, resolved: number): SettlementCheckSummary {
  const counts = check.counts as Record<SettlementResult, number>;
  const bankTotalSen = Number(check.bankTotalSen);
  const ourTotalSen = Number(check.ourTotalSen);
  return {
    id: check.id,
    gateway: check.gateway,
    fileName: check.fileName,
    sha256: check.sha256,
    day: check.day,
    councils: check.councils,
    checkedAt: check.createdAt.toISOString(),
    checkedBy: check.staffEmail,
    fileLines: check.lineCount,
    counts,
    bankTotalSen,
    ourTotalSen,
    differenceSen: bankTotalSen - ourTotalSen,
    unresolved: unresolvedOf(counts, resolved),
  };
}

export function toLine(row: LineRow): SettlementCheckLine {
  return {
    id: row.id.toString(),
    line: row.line,
    result: row.result,
    date: row.date,
    orderNo: row.orderNo,
    txnId: row.txnId,
    amountSen: row.amountSen,
    bankStatus: row.bankStatus,
    bankApproved: row.bankApproved,
    reference: row.reference,
    paymentStatus: row.paymentStatus as PaymentState | null,
    paymentAmountSen: row.paymentAmountSen,
    paymentTxnId: row.paymentTxnId,
    paidDay: row.paidDay,
    councils: row.councils,
    resolution:
      row.resolution && row.resolvedAt
        ? {
            kind: row.resolution,
            note: row.resolutionNote,
            refundId: row.refundId,
            by: row.resolvedByEmail ?? '',
            at: row.resolvedAt.toISOString(),
          }
        : null,
  };
}

/**
 * A page of a check's lines, the ones needing a look first (mismatches by line, the payments missing from the
 * file after them), then the matched ones. `result` narrows it to one result.
 */
export async function linesPage(
  prisma: PrismaService,
  checkId: string,
  window: { skip: number; take: number; result?: SettlementResult },
): Promise<{ rows: SettlementCheckLine[]; total: number }> {
  const byResult = window.result ? Prisma.sql`AND "result" = ${window.result}::"SettlementResult"` : Prisma.empty;
  const [rows, total] = await Promise.all([
    prisma.$queryRaw<LineRow[]>`
      SELECT * FROM "SettlementCheckLine" WHERE "checkId" = ${checkId}::uuid ${byResult}
      ORDER BY ("result" = 'matched'), "line" NULLS LAST, "id"
      OFFSET ${window.skip} LIMIT ${window.take}`,
    prisma.$queryRaw<{ n: bigint }[]>`
      SELECT count(*) AS n FROM "SettlementCheckLine" WHERE "checkId" = ${checkId}::uuid ${byResult}`,
  ]);
  return { rows: rows.map(toLine), total: Number(total[0].n) };
}

/** A check's answer: its summary and the first page of its lines. */
export async function checkAnswer(
  prisma: PrismaService,
  check: SettlementCheck,
  reopened: boolean,
): Promise<SettlementCheckAnswer> {
  const [page, resolved] = await Promise.all([
    linesPage(prisma, check.id, { skip: 0, take: SETTLEMENT_PAGE_LINES }),
    prisma.settlementCheckLine.count({ where: { checkId: check.id, resolvedAt: { not: null } } }),
  ]);
  return {
    check: toSummary(check, resolved),
    lines: page.rows,
    more: page.total > page.rows.length,
    reopened,
  };
}
