import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { SettlementCheckLine } from '@councilpay/domain';
import { councilScope } from '../../../auth/roles';
import { ApiError } from '../../../http/api-error';
import { PrismaService } from '../../../prisma/prisma.service';
import { listWindow, type ListPage } from '../../../http/list-query';
import { findVisibleCheck, linesPage } from '../settlement-checks';
import { ListSettlementLinesQuery } from './list-settlement-lines.query';

const LINE_SORTS = ['line'] as const;

@QueryHandler(ListSettlementLinesQuery)
export class ListSettlementLinesHandler implements IQueryHandler<
  ListSettlementLinesQuery,
  ListPage<SettlementCheckLine>
> {
  constructor(private readonly prisma: PrismaService) {}

  async execute({ principal, id, request }: ListSettlementLinesQuery): Promise<ListPage<SettlementCheckLine>> {
    const window = listWindow(request, LINE_SORTS, { sort: 'line', order: 'asc' });
    const check = await findVisibleCheck(this.prisma, councilScope(principal), id);
    if (!check) throw new ApiError(404, 'not_found', 'Not Found!');
    return linesPage(this.prisma, check.id, { skip: window.skip, take: window.take, result: request.result });
  }
}
