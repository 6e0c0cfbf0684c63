import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { SettlementReport } from '@councilpay/domain';
import type { Principal } from '../../auth/principal';
import { CurrentUser, Roles } from '../../auth/roles';
import { CheckSettlementCommand } from './check-settlement.command';
import { CheckSettlementRequestDto } from './check-settlement.request.dto';

@ApiTags('admin')
@Controller('admin/settlements')
export class CheckSettlementHttpController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post()
  @Roles('council_admin')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Check a gateway settlement CSV (date, seller order no, FPX transaction id, amount, status) against our payments: matched, amount differs, unknown order no, approved by the bank but not by us',
  })
  check(@CurrentUser() principal: Principal, @Body() body: CheckSettlementRequestDto): Promise<SettlementReport> {
    return this.commandBus.execute(new CheckSettlementCommand(principal, body));
  }
}
