import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ADMIN_USER_SORTS, isCouncilRole, type AdminUserRow } from '@councilpay/domain';
import type { Prisma } from '../../../generated/prisma/client';
import { PrismaService } from '../../../prisma/prisma.service';
import { listWindow, type ListPage } from '../../../http/list-query';
import { staffOf } from '../../../auth/staff-grants';
import { toAdminUserRow, USER_FIELDS } from '../user-row';
import { ListUsersQuery } from './list-users.query';
import { isUuid } from '../../../http/id.param';

@QueryHandler(ListUsersQuery)
export class ListUsersHandler implements IQueryHandler<ListUsersQuery, ListPage<AdminUserRow>> {
  constructor(private readonly prisma: PrismaService) {}

  async execute({ request: q }: ListUsersQuery): Promise<ListPage<AdminUserRow>> {
    const window = listWindow(q, ADMIN_USER_SORTS, { sort: 'createdAt', order: 'desc' });
    const filters: Prisma.UserWhereInput[] = [];
    if (q.id) filters.push({ id: { in: q.id.filter(isUuid) } });
    if (q.role) filters.push(isCouncilRole(q.role) ? staffOf('all', [q.role]) : { roles: { has: q.role } });
    if (q.q) {
      filters.push({
        OR: [{ email: { contains: q.q, mode: 'insensitive' } }, { fullName: { contains: q.q, mode: 'insensitive' } }],
      });
    }
    const where = { AND: filters };
    const [total, users] = await this.prisma.$transaction([
      this.prisma.user.count({ where }),
      this.prisma.user.findMany({
        where,
        select: USER_FIELDS,
        orderBy: [{ [window.sort]: window.order }, { id: 'asc' }],
        skip: window.skip,
        take: window.take,
      }),
    ]);
    return {
      rows: users.map(toAdminUserRow),
      total,
    };
  }
}
