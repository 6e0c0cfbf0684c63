import { Controller, Get, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AdminPaymentTotals } from '@councilpay/domain';
import type { Principal } from '../../../auth/principal';
import { CurrentUser, StaffMay } from '../../../auth/roles';
import { ListPaymentsRequestDto } from '../list-payments/list-payments.request.dto';
import { GetPaymentTotalsQuery } from './payment-totals.query';

@ApiTags('admin')
@Controller('admin/payments')
export class GetPaymentTotalsHttpController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('totals')
  @StaffMay('read')
  @ApiOperation({
    summary: "The payments list's totals row: every payment its filters match (the same filters), not a page",
    description:
      "payments, their whole amounts, the councils' share (the filtered council, else yours) and the refunds made of it, net",
  })
  totals(@CurrentUser() principal: Principal, @Query() query: ListPaymentsRequestDto): Promise<AdminPaymentTotals> {
    return this.queryBus.execute(new GetPaymentTotalsQuery(principal, query));
  }
}
