import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { SettlementCheckSummary } from '@councilpay/domain';
import { Prisma, type SettlementCheck } from '../../../generated/prisma/client';
import { councilScope } from '../../../auth/roles';
import { PrismaService } from '../../../prisma/prisma.service';
import { listWindow, type ListPage } from '../../../http/list-query';
import { toSummary, visibleChecksSql } from '../settlement-checks';
import { ListSettlementChecksQuery } from './list-settlement-checks.query';

const CHECK_SORTS = ['createdAt', 'day'] as const;

@QueryHandler(ListSettlementChecksQuery)
export class ListSettlementChecksHandler implements IQueryHandler<
  ListSettlementChecksQuery,
  ListPage<SettlementCheckSummary>
> {
  constructor(private readonly prisma: PrismaService) {}

  async execute({ principal, request }: ListSettlementChecksQuery): Promise<ListPage<SettlementCheckSummary>> {
    const window = listWindow(request, CHECK_SORTS, { sort: 'createdAt', order: 'desc' });
    const where = Prisma.sql`${visibleChecksSql(councilScope(principal))}
      ${request.day ? Prisma.sql`AND "day" = ${request.day}` : Prisma.empty}`;
    const order = Prisma.raw(`"${window.sort}" ${window.order === 'asc' ? 'ASC' : 'DESC'}, "id"`);
    const [rows, total] = await Promise.all([
      this.prisma.$queryRaw<(SettlementCheck & { resolved: bigint })[]>`
        SELECT c.*, (SELECT count(*) FROM "SettlementCheckLine" l WHERE l."checkId" = c."id" AND l."resolvedAt" IS NOT NULL) AS "resolved"
        FROM "SettlementCheck" c WHERE ${where} ORDER BY ${order} OFFSET ${window.skip} LIMIT ${window.take}`,
      this.prisma.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM "SettlementCheck" WHERE ${where}`,
    ]);
    return { rows: rows.map((r) => toSummary(r, Number(r.resolved))), total: Number(total[0].n) };
  }
}
