import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { AdminUserRow } from '@councilpay/domain';
import { ApiError } from '../../../http/api-error';
import { PrismaService } from '../../../prisma/prisma.service';
import { toAdminUserRow, USER_FIELDS } from '../user-row';
import { GetUserQuery } from './get-user.query';

@QueryHandler(GetUserQuery)
export class GetUserHandler implements IQueryHandler<GetUserQuery, AdminUserRow> {
  constructor(private readonly prisma: PrismaService) {}

  async execute({ id }: GetUserQuery): Promise<AdminUserRow> {
    const user = await this.prisma.user.findUnique({ where: { id }, select: USER_FIELDS });
    if (!user) throw new ApiError(404, 'not_found', 'Not Found!');
    return toAdminUserRow(user);
  }
}
