import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { SettlementCheckAnswer } from '@councilpay/domain';
import { councilScope } from '../../../auth/roles';
import { ApiError } from '../../../http/api-error';
import { PrismaService } from '../../../prisma/prisma.service';
import { checkAnswer, findVisibleCheck } from '../settlement-checks';
import { GetSettlementCheckQuery } from './get-settlement-check.query';

/** A check the caller may open (404 for one of other councils, as if it did not exist). */
@QueryHandler(GetSettlementCheckQuery)
export class GetSettlementCheckHandler implements IQueryHandler<GetSettlementCheckQuery, SettlementCheckAnswer> {
  constructor(private readonly prisma: PrismaService) {}

  async execute({ principal, id }: GetSettlementCheckQuery): Promise<SettlementCheckAnswer> {
    const check = await findVisibleCheck(this.prisma, councilScope(principal), id);
    if (!check) throw new ApiError(404, 'not_found', 'Not Found!');
    return checkAnswer(this.prisma, check, false);
  }
}
