import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { DayCloseReport } from '@councilpay/domain';
import type { Principal } from '../../../auth/principal';
import { CurrentUser, StaffMay } from '../../../auth/roles';
import { DayCloseTargetDto } from '../../../money/day-close.request.dto';
import { SignDayCloseCommand } from './sign-day-close.command';

@ApiTags('admin')
@Controller('admin/day-close')
export class SignDayCloseHttpController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post(':council/:day/sign')
  @StaffMay('approve')
  @HttpCode(200)
  @ApiOperation({ summary: "Sign a council's day off (once it is over): its figures are kept as signed" })
  sign(@CurrentUser() principal: Principal, @Param() { council, day }: DayCloseTargetDto): Promise<DayCloseReport> {
    return this.commandBus.execute(new SignDayCloseCommand(principal, council, day));
  }
}
