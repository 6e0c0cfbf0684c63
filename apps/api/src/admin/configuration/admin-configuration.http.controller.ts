import { Body, Controller, Get, Put } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AdminConfiguration } from '@councilpay/domain';
import type { Principal } from '../../auth/principal';
import { CurrentUser, Roles } from '../../auth/roles';
import { GetConfigurationQuery, UpdateConfigurationCommand } from './admin-configuration.handlers';
import { UpdateConfigurationRequestDto } from './admin-configuration.request.dto';

/** The portal-wide settings (one record): `_admin` only. */
@ApiTags('admin')
@Controller('admin/configuration')
export class AdminConfigurationHttpController {
  constructor(
    private readonly queryBus: QueryBus,
    private readonly commandBus: CommandBus,
  ) {}

  @Get()
  @Roles('_admin')
  @ApiOperation({ summary: 'Service closed, announcements (ms, en, zh), app version, the refund approval limit' })
  get(): Promise<AdminConfiguration> {
    return this.queryBus.execute(new GetConfigurationQuery());
  }

  @Put()
  @Roles('_admin')
  @ApiOperation({ summary: 'Changes the portal-wide settings' })
  update(
    @CurrentUser() principal: Principal,
    @Body() body: UpdateConfigurationRequestDto,
  ): Promise<AdminConfiguration> {
    return this.commandBus.execute(new UpdateConfigurationCommand(principal, body));
  }
}
