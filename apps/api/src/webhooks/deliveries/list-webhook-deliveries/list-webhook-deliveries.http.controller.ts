import { Controller, Get, Param, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { WebhookDeliveryRow } from '@councilpay/domain';
import { UuidParam } from '../../../http/id.param';
import type { Principal } from '../../../auth/principal';
import { CurrentUser, StaffMay } from '../../../auth/roles';
import { ListWebhookDeliveriesRequestDto } from '../webhook-deliveries.request.dto';
import { ListWebhookDeliveriesQuery } from './list-webhook-deliveries.query';

@ApiTags('admin')
@Controller('admin/webhook-endpoints')
export class ListWebhookDeliveriesHttpController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get(':id/deliveries')
  @StaffMay('read')
  @ApiOperation({
    summary: "A webhook endpoint's deliveries, newest first (attempts, status, times, the answer's start)",
  })
  list(
    @CurrentUser() principal: Principal,
    @Param() { id }: UuidParam,
    @Query() query: ListWebhookDeliveriesRequestDto,
  ): Promise<WebhookDeliveryRow[]> {
    return this.queryBus.execute(new ListWebhookDeliveriesQuery(principal, id, query));
  }
}
