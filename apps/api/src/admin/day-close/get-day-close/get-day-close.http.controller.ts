import { Controller, Get, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { DayCloseReport } from '@councilpay/domain';
import type { Principal } from '../../../auth/principal';
import { CurrentUser, StaffMay } from '../../../auth/roles';
import { DayCloseTargetDto } from '../../../money/day-close.request.dto';
import { GetDayCloseQuery } from './get-day-close.query';

@ApiTags('admin')
@Controller('admin/day-close')
export class GetDayCloseHttpController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get()
  @StaffMay('read')
  @ApiOperation({
    summary: "A council's Malaysian day: its money per method, settlement, the check, the sign-off, adjustments",
  })
  get(@CurrentUser() principal: Principal, @Query() { council, day }: DayCloseTargetDto): Promise<DayCloseReport> {
    return this.queryBus.execute(new GetDayCloseQuery(principal, council, day));
  }
}
