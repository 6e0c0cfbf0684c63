import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AdminResendResult } from '@councilpay/domain';
import type { Principal } from '../../../auth/principal';
import { CurrentUser, StaffMay } from '../../../auth/roles';
import { UuidParam } from '../../../http/id.param';
import { ResendNotificationCommand } from './resend-notification.command';

@ApiTags('admin')
@Controller('admin/notifications')
export class ResendNotificationHttpController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post(':id/resend')
  @StaffMay('operate')
  @HttpCode(202)
  @ApiOperation({ summary: 'Send a message again (audited); 409 while it is being sent, or for a sent one-time code' })
  resend(@CurrentUser() principal: Principal, @Param() { id }: UuidParam): Promise<AdminResendResult> {
    return this.commandBus.execute(new ResendNotificationCommand(principal, id));
  }
}
