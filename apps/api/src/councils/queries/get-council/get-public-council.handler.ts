import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { CouncilDto } from '@councilpay/domain';
import { PrismaService } from '../../../prisma/prisma.service';
import { toCouncilDto } from '../../council-dto';
import { GetPublicCouncilQuery } from './get-public-council.query';

@QueryHandler(GetPublicCouncilQuery)
export class GetPublicCouncilHandler implements IQueryHandler<GetPublicCouncilQuery, CouncilDto | null> {
  constructor(private readonly prisma: PrismaService) {}

  async execute({ code }: GetPublicCouncilQuery): Promise<CouncilDto | null> {
    const council = await this.prisma.council.findUnique({ where: { code } });
    return council ? toCouncilDto(council) : null;
  }
}
