import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AdminDashboard } from '@councilpay/domain';
import type { Principal } from '../../../auth/principal';
import { CurrentUser, StaffMay } from '../../../auth/roles';
import { GetDashboardQuery } from './get-dashboard.query';

@ApiTags('admin')
@Controller('admin/dashboard')
export class GetDashboardHttpController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get()
  @StaffMay('read')
  @ApiOperation({ summary: "Today's takings per council and method, pending payments, unsent messages, failed jobs" })
  get(@CurrentUser() principal: Principal): Promise<AdminDashboard> {
    return this.queryBus.execute(new GetDashboardQuery(principal));
  }
}
