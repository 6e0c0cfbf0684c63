import { Controller, HttpCode, Logger, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AdminPaymentActionResult } from '@councilpay/domain';
import type { Principal } from '../../../identity/principal';
import { CurrentUser, Roles } from '../../../identity/roles';
import { RequeryPaymentCommand } from '../../../payments/commands/requery-payment/requery-payment.command';
import { ReferenceParam } from '../../../payments/reference.param';
import { PaymentScope } from '../payment-scope';

@ApiTags('admin')
@Controller('admin/payments')
export class AdminRequeryPaymentHttpController {
  private readonly logger = new Logger(AdminRequeryPaymentHttpController.name);

  constructor(
    private readonly commandBus: CommandBus,
    private readonly scope: PaymentScope,
  ) {}

  @Post(':reference/requery')
  @Roles('council_admin')
  @HttpCode(200)
  @ApiOperation({ summary: 'Ask the gateway for the status of a payment now (recorded as source admin)' })
  async requery(
    @CurrentUser() principal: Principal,
    @Param() { reference }: ReferenceParam,
  ): Promise<AdminPaymentActionResult> {
    await this.scope.find(principal, reference);
    this.logger.log({ reference, staffId: principal.id }, 'Requery asked by staff');
    return this.commandBus.execute(new RequeryPaymentCommand(reference, 'admin'));
  }
}
