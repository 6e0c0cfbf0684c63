import { Controller, Get, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AdminUserRow } from '@councilpay/domain';
import { Roles } from '../../../auth/roles';
import { UuidParam } from '../../../http/id.param';
import { GetUserQuery } from './get-user.query';

@ApiTags('admin')
@Controller('admin/users')
export class GetUserHttpController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get(':id')
  @Roles('_admin')
  @ApiOperation({ summary: 'One account with its roles and councils (never a password hash)' })
  get(@Param() { id }: UuidParam): Promise<AdminUserRow> {
    return this.queryBus.execute(new GetUserQuery(id));
  }
}
