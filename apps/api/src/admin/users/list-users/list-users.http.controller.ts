import { Controller, Get, Query, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AdminUserRow } from '@councilpay/domain';
import { Roles } from '../../../auth/roles';
import { sendPage, type ListPage } from '../../../http/list-query';
import { ListUsersQuery } from './list-users.query';
import { ListUsersRequestDto } from './list-users.request.dto';

@ApiTags('admin')
@Controller('admin/users')
export class ListUsersHttpController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get()
  @Roles('_admin')
  @ApiOperation({ summary: 'Accounts (filters q, role); never a password hash; X-Total-Count' })
  async list(@Query() query: ListUsersRequestDto, @Res({ passthrough: true }) res: Response): Promise<AdminUserRow[]> {
    return sendPage(
      res,
      await this.queryBus.execute<ListUsersQuery, ListPage<AdminUserRow>>(new ListUsersQuery(query)),
    );
  }
}
