import { Controller, Get, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AdminPaymentStatusCounts } from '@councilpay/domain';
import type { Principal } from '../../../auth/principal';
import { CurrentUser, StaffMay } from '../../../auth/roles';
import { ListPaymentsRequestDto } from '../list-payments/list-payments.request.dto';
import { GetPaymentStatusCountsQuery } from './status-counts.query';

@ApiTags('admin')
@Controller('admin/payments')
export class GetPaymentStatusCountsHttpController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('status-counts')
  @StaffMay('read')
  @ApiOperation({
    summary: "The payments list's status tabs: how many payments of each status its other filters match",
    description: 'each count stops at cap + 1 ("more than cap"); null when it would take too long',
  })
  counts(
    @CurrentUser() principal: Principal,
    @Query() query: ListPaymentsRequestDto,
  ): Promise<AdminPaymentStatusCounts> {
    return this.queryBus.execute(new GetPaymentStatusCountsQuery(principal, query));
  }
}
