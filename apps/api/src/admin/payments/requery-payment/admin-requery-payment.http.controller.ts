import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AdminPaymentActionResult } from '@councilpay/domain';
import type { Principal } from '../../../auth/principal';
import { CurrentUser, StaffMay } from '../../../auth/roles';
import { ReferenceParam } from '../../../payments/reference.param';
import { AdminRequeryPaymentCommand } from './admin-requery-payment.command';

@ApiTags('admin')
@Controller('admin/payments')
export class AdminRequeryPaymentHttpController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post(':reference/requery')
  @StaffMay('operate')
  @HttpCode(200)
  @ApiOperation({ summary: 'Ask the gateway for the status of a payment now (recorded as source admin, audited)' })
  requery(
    @CurrentUser() principal: Principal,
    @Param() { reference }: ReferenceParam,
  ): Promise<AdminPaymentActionResult> {
    return this.commandBus.execute(new AdminRequeryPaymentCommand(principal, reference));
  }
}
