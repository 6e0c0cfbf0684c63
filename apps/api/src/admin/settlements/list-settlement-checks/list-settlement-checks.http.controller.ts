import { Controller, Get, Query, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { SettlementCheckSummary } from '@councilpay/domain';
import type { Principal } from '../../../auth/principal';
import { CurrentUser, StaffMay } from '../../../auth/roles';
import { sendPage, type ListPage } from '../../../http/list-query';
import { ListSettlementChecksQuery } from './list-settlement-checks.query';
import { ListSettlementChecksRequestDto } from './list-settlement-checks.request.dto';

@ApiTags('admin')
@Controller('admin/settlements')
export class ListSettlementChecksHttpController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get()
  @StaffMay('read')
  @ApiOperation({ summary: 'The settlement checks kept, newest first (filter: day)' })
  async list(
    @CurrentUser() principal: Principal,
    @Query() query: ListSettlementChecksRequestDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<SettlementCheckSummary[]> {
    return sendPage(
      res,
      await this.queryBus.execute<ListSettlementChecksQuery, ListPage<SettlementCheckSummary>>(
        new ListSettlementChecksQuery(principal, query),
      ),
    );
  }
}
