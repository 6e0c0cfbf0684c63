import { Controller, Get, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AdminGatewayAnswerRow, AdminRefundRow } from '@councilpay/domain';
import type { Principal } from '../../../auth/principal';
import { CurrentUser, StaffMay } from '../../../auth/roles';
import { ReferenceParam } from '../../../payments/reference.param';
import { ListGatewayAnswersQuery, ListRefundsQuery } from './list-money-records.query';

@ApiTags('admin')
@Controller('admin/payments')
export class ListMoneyRecordsHttpController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get(':reference/gateway-answers')
  @StaffMay('read')
  @ApiOperation({
    summary: 'Every gateway answer about a payment, as received, with what was made of it (duplicate charges too)',
  })
  gatewayAnswers(
    @CurrentUser() principal: Principal,
    @Param() { reference }: ReferenceParam,
  ): Promise<AdminGatewayAnswerRow[]> {
    return this.queryBus.execute(new ListGatewayAnswersQuery(principal, reference));
  }

  @Get(':reference/refunds')
  @StaffMay('read')
  @ApiOperation({ summary: "A payment's refunds with their items" })
  refunds(@CurrentUser() principal: Principal, @Param() { reference }: ReferenceParam): Promise<AdminRefundRow[]> {
    return this.queryBus.execute(new ListRefundsQuery(principal, reference));
  }
}
