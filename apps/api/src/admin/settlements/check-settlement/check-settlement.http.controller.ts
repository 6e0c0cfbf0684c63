import { Body, Controller, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { SettlementCheckAnswer } from '@councilpay/domain';
import type { Principal } from '../../../auth/principal';
import { CurrentUser, StaffMay } from '../../../auth/roles';
import { CheckSettlementCommand } from './check-settlement.command';
import { CheckSettlementRequestDto } from './check-settlement.request.dto';

@ApiTags('admin')
@Controller('admin/settlements')
export class CheckSettlementHttpController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post()
  @StaffMay('operate')
  @ApiOperation({
    summary: 'Check a gateway settlement file (one day) both ways against our payments, and keep the check',
    description:
      "Every line matched by its order no (our invoice no): matched, amount / transaction id / day differs, unknown, approved by the bank but not by us, paid with us but not approved by the bank; and every payment of your councils paid with us that day by that gateway that no line names. 201 with the new check, or 200 with the stored check when the same file was checked before for the same councils. A bad file is refused whole (400, every line's error) and nothing is kept.",
  })
  async check(
    @CurrentUser() principal: Principal,
    @Body() body: CheckSettlementRequestDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<SettlementCheckAnswer> {
    const answer = await this.commandBus.execute<CheckSettlementCommand, SettlementCheckAnswer>(
      new CheckSettlementCommand(principal, body),
    );
    res.status(answer.reopened ? 200 : 201);
    return answer;
  }
}
