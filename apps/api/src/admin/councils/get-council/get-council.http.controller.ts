import { Controller, Get, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AdminCouncilDetail } from '@councilpay/domain';
import type { Principal } from '../../../auth/principal';
import { CurrentUser, StaffMay } from '../../../auth/roles';
import { CouncilCodeParam } from '../../../councils/council-code.param';
import { GetCouncilQuery } from './get-council.query';

@ApiTags('admin')
@Controller('admin/councils')
export class GetCouncilHttpController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get(':code')
  @StaffMay('read')
  @ApiOperation({
    summary: 'One council with its licence officer and document images (404 for a council admin when not theirs)',
  })
  get(@CurrentUser() principal: Principal, @Param() { code }: CouncilCodeParam): Promise<AdminCouncilDetail> {
    return this.queryBus.execute(new GetCouncilQuery(principal, code));
  }
}
