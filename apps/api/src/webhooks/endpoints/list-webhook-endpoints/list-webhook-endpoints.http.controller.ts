import { Controller, Get, Query, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { WebhookEndpoint } from '@councilpay/domain';
import { sendPage, type ListPage } from '../../../http/list-query';
import type { Principal } from '../../../auth/principal';
import { CurrentUser, StaffMay } from '../../../auth/roles';
import { ListWebhookEndpointsRequestDto } from '../webhook-endpoint.request.dto';
import { ListWebhookEndpointsQuery } from './list-webhook-endpoints.query';

@ApiTags('admin')
@Controller('admin/webhook-endpoints')
export class ListWebhookEndpointsHttpController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get()
  @StaffMay('read')
  @ApiOperation({ summary: "The councils' webhook endpoints the caller may see (filter: council); never a secret" })
  async list(
    @CurrentUser() principal: Principal,
    @Query() query: ListWebhookEndpointsRequestDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<WebhookEndpoint[]> {
    return sendPage(
      res,
      await this.queryBus.execute<ListWebhookEndpointsQuery, ListPage<WebhookEndpoint>>(
        new ListWebhookEndpointsQuery(principal, query),
      ),
    );
  }
}
