import { Controller, Get, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { SettlementCheckAnswer } from '@councilpay/domain';
import type { Principal } from '../../../auth/principal';
import { CurrentUser, StaffMay } from '../../../auth/roles';
import { UuidParam } from '../../../http/id.param';
import { GetSettlementCheckQuery } from './get-settlement-check.query';

@ApiTags('admin')
@Controller('admin/settlements')
export class GetSettlementCheckHttpController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get(':id')
  @StaffMay('read')
  @ApiOperation({ summary: 'A stored settlement check: its day, totals, counts and the first page of its lines' })
  get(@CurrentUser() principal: Principal, @Param() { id }: UuidParam): Promise<SettlementCheckAnswer> {
    return this.queryBus.execute(new GetSettlementCheckQuery(principal, id));
  }
}
