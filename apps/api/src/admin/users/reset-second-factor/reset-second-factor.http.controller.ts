import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AdminUserRow } from '@councilpay/domain';
import type { Principal } from '../../../auth/principal';
import { CurrentUser, Roles } from '../../../auth/roles';
import { UuidParam } from '../../../http/id.param';
import { ResetSecondFactorCommand } from './reset-second-factor.command';

@ApiTags('admin')
@Controller('admin/users')
export class ResetSecondFactorHttpController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post(':id/second-factor/reset')
  @HttpCode(200)
  @Roles('_admin')
  @ApiOperation({
    summary: "Turn a staff member's second factor off: they enrol again at their next sign-in (audited)",
    description: '404 not_found; 409 conflict for a payer.',
  })
  reset(@CurrentUser() principal: Principal, @Param() { id }: UuidParam): Promise<AdminUserRow> {
    return this.commandBus.execute(new ResetSecondFactorCommand(principal, id));
  }
}
