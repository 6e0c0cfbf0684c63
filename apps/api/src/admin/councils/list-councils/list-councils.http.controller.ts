import { Controller, Get, Query, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AdminCouncilRow } from '@councilpay/domain';
import type { Principal } from '../../../auth/principal';
import { CurrentUser, StaffMay } from '../../../auth/roles';
import { AdminListQueryDto, sendPage, type ListPage } from '../../../http/list-query';
import { ListCouncilsQuery } from './list-councils.query';

@ApiTags('admin')
@Controller('admin/councils')
export class ListCouncilsHttpController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get()
  @StaffMay('read')
  @ApiOperation({ summary: 'Councils (a council admin sees theirs); id is the code; X-Total-Count' })
  async list(
    @CurrentUser() principal: Principal,
    @Query() query: AdminListQueryDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AdminCouncilRow[]> {
    return sendPage(
      res,
      await this.queryBus.execute<ListCouncilsQuery, ListPage<AdminCouncilRow>>(
        new ListCouncilsQuery(principal, query),
      ),
    );
  }
}
