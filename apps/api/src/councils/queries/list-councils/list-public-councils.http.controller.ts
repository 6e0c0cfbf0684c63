import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { CouncilDto } from '@councilpay/domain';
import { ListPublicCouncilsQuery } from './list-public-councils.query';

@ApiTags('councils')
@Controller('councils')
export class ListPublicCouncilsHttpController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get()
  @ApiOperation({ summary: 'Every council with its names (ms, en, zh), logo, active flag and payable types' })
  list(): Promise<CouncilDto[]> {
    return this.queryBus.execute(new ListPublicCouncilsQuery());
  }
}
