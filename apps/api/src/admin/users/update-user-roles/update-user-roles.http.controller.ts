import { Body, Controller, Param, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AdminUserRow } from '@councilpay/domain';
import type { Principal } from '../../../auth/principal';
import { CurrentUser, Roles } from '../../../auth/roles';
import { UuidParam } from '../../../http/id.param';
import { UpdateUserRolesCommand } from './update-user-roles.command';
import { UpdateUserRolesRequestDto } from './update-user-roles.request.dto';

@ApiTags('admin')
@Controller('admin/users')
export class UpdateUserRolesHttpController {
  constructor(private readonly commandBus: CommandBus) {}

  @Put(':id/roles')
  @Roles('_admin')
  @ApiOperation({ summary: 'Grant or remove council admin, for these councils (audited)' })
  update(
    @CurrentUser() principal: Principal,
    @Param() { id }: UuidParam,
    @Body() body: UpdateUserRolesRequestDto,
  ): Promise<AdminUserRow> {
    return this.commandBus.execute(new UpdateUserRolesCommand(principal, id, body));
  }
}
