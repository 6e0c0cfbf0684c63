import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { SearchResultDto } from '@councilpay/domain';
import { SearchRequestDto } from './search.request.dto';
import { SearchService } from './search.service';

@ApiTags('search')
@Controller('search')
export class SearchController {
  constructor(private readonly searchService: SearchService) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: 'Find a payable by council, payment type and account/licence number' })
  search(@Body() body: SearchRequestDto): Promise<SearchResultDto[]> {
    return this.searchService.search(body);
  }
}
