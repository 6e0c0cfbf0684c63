import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AdminResendResult } from '@councilpay/domain';
import type { Principal } from '../../../auth/principal';
import { CurrentUser, StaffMay } from '../../../auth/roles';
import { ReferenceParam } from '../../../payments/reference.param';
import { ResendOutcomeCommand } from './resend-outcome.command';
import { ResendOutcomeRequestDto } from './resend-outcome.request.dto';

@ApiTags('admin')
@Controller('admin/payments')
export class ResendOutcomeHttpController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post(':reference/resend')
  @StaffMay('operate')
  @HttpCode(202)
  @ApiOperation({ summary: 'Tell the payer the outcome again by email or SMS (audited); 409 while it has none' })
  resend(
    @CurrentUser() principal: Principal,
    @Param() { reference }: ReferenceParam,
    @Body() body: ResendOutcomeRequestDto,
  ): Promise<AdminResendResult> {
    return this.commandBus.execute(new ResendOutcomeCommand(principal, reference, body.channel));
  }
}
