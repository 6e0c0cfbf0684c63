import { Controller, Get, Query, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AdminNotificationRow } from '@councilpay/domain';
import type { Principal } from '../../../auth/principal';
import { CurrentUser, StaffMay } from '../../../auth/roles';
import { sendCappedPage, type CappedPage } from '../../../http/list-query';
import { ListNotificationsQuery } from './list-notifications.query';
import { ListNotificationsRequestDto } from './list-notifications.request.dto';

@ApiTags('admin')
@Controller('admin/notifications')
export class ListNotificationsHttpController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get()
  @StaffMay('read')
  @ApiOperation({
    summary:
      'Emails and SMS with status, attempts, last error (filters status, channel, template, recipient, reference)',
  })
  async list(
    @CurrentUser() principal: Principal,
    @Query() query: ListNotificationsRequestDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AdminNotificationRow[]> {
    return sendCappedPage(
      res,
      await this.queryBus.execute<ListNotificationsQuery, CappedPage<AdminNotificationRow>>(
        new ListNotificationsQuery(principal, query),
      ),
    );
  }
}
