import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { SearchResultDto } from '@councilpay/domain';
import { SearchRequestDto } from './search-payables.request.dto';
import { SearchPayablesQuery } from './search-payables.query';

@ApiTags('search')
@Controller('search')
export class SearchPayablesHttpController {
  constructor(private readonly queryBus: QueryBus) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: 'Find a payable by council, payment type and account/licence number' })
  search(@Body() body: SearchRequestDto): Promise<SearchResultDto[]> {
    return this.queryBus.execute(new SearchPayablesQuery(body));
  }
}
