import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { CouncilDto } from '@councilpay/domain';
import { PrismaService } from '../../../prisma/prisma.service';
import { toCouncilDto } from '../../council-dto';
import { ListPublicCouncilsQuery } from './list-public-councils.query';

@QueryHandler(ListPublicCouncilsQuery)
export class ListPublicCouncilsHandler implements IQueryHandler<ListPublicCouncilsQuery, CouncilDto[]> {
  constructor(private readonly prisma: PrismaService) {}

  async execute(): Promise<CouncilDto[]> {
    const councils = await this.prisma.council.findMany({ orderBy: [{ isDefault: 'desc' }, { nameMs: 'asc' }] });
    return councils.map(toCouncilDto);
  }
}
