import { Controller, Get, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { ReconciliationReport } from '@councilpay/domain';
import type { Principal } from '../../auth/principal';
import { CurrentUser, StaffMay } from '../../auth/roles';
import { GetReconciliationQuery } from './reconciliation.query';
import { ReconciliationRequestDto } from './reconciliation.request.dto';

@ApiTags('admin')
@Controller('admin/reconciliation')
export class ReconciliationHttpController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get()
  @StaffMay('read')
  @ApiOperation({
    summary:
      'Per council, Malaysian day and method: payments paid, items credited, refunds due and made, approvals; and every mismatch with its cause',
  })
  get(@CurrentUser() principal: Principal, @Query() query: ReconciliationRequestDto): Promise<ReconciliationReport> {
    return this.queryBus.execute(new GetReconciliationQuery(principal, query));
  }
}
