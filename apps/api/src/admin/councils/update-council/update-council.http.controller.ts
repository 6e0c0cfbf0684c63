import { Body, Controller, Param, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AdminCouncilDetail } from '@councilpay/domain';
import type { Principal } from '../../../auth/principal';
import { CurrentUser, Roles } from '../../../auth/roles';
import { CouncilCodeParam } from '../../../councils/council-code.param';
import { UpdateCouncilCommand } from './update-council.command';
import { UpdateCouncilRequestDto } from './update-council.request.dto';

@ApiTags('admin')
@Controller('admin/councils')
export class UpdateCouncilHttpController {
  constructor(private readonly commandBus: CommandBus) {}

  @Put(':code')
  @Roles('_admin')
  @ApiOperation({ summary: 'Online or not, logo, licence officer name and post (audited)' })
  update(
    @CurrentUser() principal: Principal,
    @Param() { code }: CouncilCodeParam,
    @Body() body: UpdateCouncilRequestDto,
  ): Promise<AdminCouncilDetail> {
    return this.commandBus.execute(new UpdateCouncilCommand(principal, code, body));
  }
}
