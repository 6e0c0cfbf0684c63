import { Controller, Get, Param, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Matches, Max, Min } from 'class-validator';
import { COUNCIL_FEED_PAGE, type CouncilFeedPage } from '@councilpay/domain';
import type { Principal } from '../../auth/principal';
import { CurrentUser, StaffMay } from '../../auth/roles';
import { CouncilCodeParam } from '../../councils/council-code.param';
import { PullCouncilFeedQuery } from './pull-council-feed.query';

export class PullCouncilFeedRequestDto {
  @ApiPropertyOptional({ description: 'the nextCursor of the previous page (none: from the start)', example: '0-0' })
  @IsOptional()
  @Matches(/^\d{1,18}-\d{1,18}$/, { message: 'after must be a cursor this feed gave (<digits>-<digits>)' })
  after?: string;

  @ApiPropertyOptional({ minimum: 1, maximum: COUNCIL_FEED_PAGE, default: COUNCIL_FEED_PAGE })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: `limit must be 1 to ${COUNCIL_FEED_PAGE}` })
  @Min(1, { message: `limit must be 1 to ${COUNCIL_FEED_PAGE}` })
  @Max(COUNCIL_FEED_PAGE, { message: `limit must be 1 to ${COUNCIL_FEED_PAGE}` })
  limit?: number;
}

@ApiTags('admin')
@Controller('admin/council-feed')
export class PullCouncilFeedHttpController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get(':code')
  @StaffMay('read')
  @ApiOperation({
    summary:
      "A council's credits and refunds (bill.credited, refund.made events) after a cursor, oldest first: nothing " +
      'skipped or repeated while payments are being credited',
  })
  pull(
    @CurrentUser() principal: Principal,
    @Param() { code }: CouncilCodeParam,
    @Query() { after, limit }: PullCouncilFeedRequestDto,
  ): Promise<CouncilFeedPage> {
    return this.queryBus.execute(new PullCouncilFeedQuery({ staff: principal }, code, after, limit));
  }
}
