import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { SettlementCheckLine } from '@councilpay/domain';
import type { Principal } from '../../../auth/principal';
import { CurrentUser, StaffMay } from '../../../auth/roles';
import { ResolveSettlementLineCommand } from './resolve-settlement-line.command';
import { ResolveSettlementLineRequestDto, SettlementLineParam } from './resolve-settlement-line.request.dto';

@ApiTags('admin')
@Controller('admin/settlements')
export class ResolveSettlementLineHttpController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post(':id/lines/:lineId/resolution')
  @StaffMay('operate')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Resolve a settlement mismatch: ask the bank again (requery), explain it (note), or name its refund',
  })
  resolve(
    @CurrentUser() principal: Principal,
    @Param() { id, lineId }: SettlementLineParam,
    @Body() body: ResolveSettlementLineRequestDto,
  ): Promise<SettlementCheckLine> {
    return this.commandBus.execute(new ResolveSettlementLineCommand(principal, id, BigInt(lineId), body));
  }
}
