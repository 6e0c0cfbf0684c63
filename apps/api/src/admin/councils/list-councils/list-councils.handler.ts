import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ADMIN_COUNCIL_SORTS, type AdminCouncilRow } from '@councilpay/domain';
import { toCouncilDto } from '../../../councils/council-dto';
import type { Prisma } from '../../../generated/prisma/client';
import { councilScope } from '../../../auth/roles';
import { PrismaService } from '../../../prisma/prisma.service';
import { listWindow, type ListPage } from '../../../http/list-query';
import { ListCouncilsQuery } from './list-councils.query';

/** Councils with their names, logo and payable types; a council admin's own only. */
@QueryHandler(ListCouncilsQuery)
export class ListCouncilsHandler implements IQueryHandler<ListCouncilsQuery, ListPage<AdminCouncilRow>> {
  constructor(private readonly prisma: PrismaService) {}

  async execute({ principal, request }: ListCouncilsQuery): Promise<ListPage<AdminCouncilRow>> {
    const window = listWindow(request, ADMIN_COUNCIL_SORTS, { sort: 'code', order: 'asc' });
    const scope = councilScope(principal);
    const filters: Prisma.CouncilWhereInput[] = [];
    if (!scope.all) filters.push({ code: { in: scope.councils } });
    if (request.id) filters.push({ code: { in: request.id } });
    const where = { AND: filters };
    const [total, councils] = await this.prisma.$transaction([
      this.prisma.council.count({ where }),
      this.prisma.council.findMany({
        where,
        orderBy: [{ [window.sort]: window.order }, { code: 'asc' }],
        skip: window.skip,
        take: window.take,
      }),
    ]);
    return { rows: councils.map((c) => ({ ...toCouncilDto(c), id: c.code })), total };
  }
}
