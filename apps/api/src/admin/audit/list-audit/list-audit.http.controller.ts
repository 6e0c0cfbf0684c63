import { Controller, Get, Query, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { StaffAuditRow } from '@councilpay/domain';
import type { Principal } from '../../../auth/principal';
import { CurrentUser, StaffMay } from '../../../auth/roles';
import { sendCappedPage, type CappedPage } from '../../../http/list-query';
import { ListAuditQuery } from './list-audit.query';
import { ListAuditRequestDto } from './list-audit.request.dto';

@ApiTags('admin')
@Controller('admin/audit')
export class ListAuditHttpController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get()
  @StaffMay('read')
  @ApiOperation({ summary: 'What staff did (filters action, targetType, targetId, staffEmail); newest first' })
  async list(
    @CurrentUser() principal: Principal,
    @Query() query: ListAuditRequestDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StaffAuditRow[]> {
    return sendCappedPage(
      res,
      await this.queryBus.execute<ListAuditQuery, CappedPage<StaffAuditRow>>(new ListAuditQuery(principal, query)),
    );
  }
}
