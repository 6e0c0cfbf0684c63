import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { AdminCouncilDetail } from '@councilpay/domain';
import { ApiError } from '../../../http/api-error';
import { councilScope } from '../../../auth/roles';
import { PrismaService } from '../../../prisma/prisma.service';
import { toAdminCouncilDetail } from '../council-detail';
import { GetCouncilQuery } from './get-council.query';

/** One council with its licence officer; another council's is a 404 for a council admin. */
@QueryHandler(GetCouncilQuery)
export class GetCouncilHandler implements IQueryHandler<GetCouncilQuery, AdminCouncilDetail> {
  constructor(private readonly prisma: PrismaService) {}

  async execute({ principal, code }: GetCouncilQuery): Promise<AdminCouncilDetail> {
    const scope = councilScope(principal);
    const council =
      scope.all || scope.councils.includes(code) ? await this.prisma.council.findUnique({ where: { code } }) : null;
    if (!council) throw new ApiError(404, 'not_found', 'Not Found!');
    return toAdminCouncilDetail(council);
  }
}
