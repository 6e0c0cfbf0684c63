import { Controller, Get, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AdminPaymentView } from '@councilpay/domain';
import type { Principal } from '../../../auth/principal';
import { CurrentUser, StaffMay } from '../../../auth/roles';
import { ReferenceParam } from '../../../payments/reference.param';
import { GetAdminPaymentQuery } from './get-admin-payment.query';

@ApiTags('admin')
@Controller('admin/payments')
export class GetAdminPaymentHttpController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get(':reference')
  @StaffMay('read')
  @ApiOperation({ summary: 'A payment with items and events (404 for a council admin when none of it is theirs)' })
  get(@CurrentUser() principal: Principal, @Param() { reference }: ReferenceParam): Promise<AdminPaymentView> {
    return this.queryBus.execute(new GetAdminPaymentQuery(principal, reference));
  }
}
