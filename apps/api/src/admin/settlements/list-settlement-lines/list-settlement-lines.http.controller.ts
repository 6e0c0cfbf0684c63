import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { SettlementCheckLine } from '@councilpay/domain';
import type { Principal } from '../../../auth/principal';
import { CurrentUser, StaffMay } from '../../../auth/roles';
import { UuidParam } from '../../../http/id.param';
import { sendPage, type ListPage } from '../../../http/list-query';
import { ListSettlementLinesQuery } from './list-settlement-lines.query';
import { ListSettlementLinesRequestDto } from './list-settlement-lines.request.dto';

@ApiTags('admin')
@Controller('admin/settlements')
export class ListSettlementLinesHttpController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get(':id/lines')
  @StaffMay('read')
  @ApiOperation({ summary: "A page of a settlement check's lines (mismatches first; `result` narrows it)" })
  async list(
    @CurrentUser() principal: Principal,
    @Param() { id }: UuidParam,
    @Query() query: ListSettlementLinesRequestDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<SettlementCheckLine[]> {
    return sendPage(
      res,
      await this.queryBus.execute<ListSettlementLinesQuery, ListPage<SettlementCheckLine>>(
        new ListSettlementLinesQuery(principal, id, query),
      ),
    );
  }
}
