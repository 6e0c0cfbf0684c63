import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AdminPaymentActionResult, AdminRecordRefundResult } from '@councilpay/domain';
import { ApiError } from '../../../http/api-error';
import type { Principal } from '../../../auth/principal';
import { CurrentUser, Roles } from '../../../auth/roles';
import { RecordPaymentRefundCommand } from '../../../payments/commands/record-payment-refund/record-payment-refund.command';
import { RecordRefundCommand } from '../../../payments/commands/record-refund/record-refund.command';
import { ReferenceParam } from '../../../payments/reference.param';
import { PaymentScope } from '../payment-scope';
import { RecordPaymentRefundRequestDto } from './record-payment-refund.request.dto';
import { RefundPaymentRequestDto } from './refund-payment.request.dto';

@ApiTags('admin')
@Controller('admin/payments')
export class RefundPaymentHttpController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly scope: PaymentScope,
  ) {}

  @Post(':reference/refund')
  @Roles('council_admin')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Record a refund made outside the portal: _admin, or a council admin of every council of the payment',
  })
  async refund(
    @CurrentUser() principal: Principal,
    @Param() { reference }: ReferenceParam,
    @Body() body: RefundPaymentRequestDto,
  ): Promise<AdminPaymentActionResult> {
    const payment = await this.scope.find(principal, reference);
    if (!payment.wholly) {
      throw new ApiError(403, 'forbidden', 'Only an admin of every council of this payment may refund it', {
        councils: payment.councils,
      });
    }
    return this.commandBus.execute(new RecordRefundCommand(reference, principal.id, body.note));
  }

  @Post(':reference/refunds')
  @Roles('council_admin')
  @HttpCode(201)
  @ApiOperation({
    summary:
      'Record money given back: part or all of some items (per item, reverse the bill credit or not), or a duplicate charge; never more than is left',
  })
  async record(
    @CurrentUser() principal: Principal,
    @Param() { reference }: ReferenceParam,
    @Body() body: RecordPaymentRefundRequestDto,
  ): Promise<AdminRecordRefundResult> {
    const payment = await this.scope.find(principal, reference);
    if (!payment.wholly) {
      throw new ApiError(403, 'forbidden', 'Only an admin of every council of this payment may refund it', {
        councils: payment.councils,
      });
    }
    return this.commandBus.execute(
      new RecordPaymentRefundCommand(reference, { id: principal.id, email: principal.email }, body, payment.councils),
    );
  }
}
