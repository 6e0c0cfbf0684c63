import { Controller, Get, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { WebhookEndpoint } from '@councilpay/domain';
import { UuidParam } from '../../../http/id.param';
import type { Principal } from '../../../auth/principal';
import { CurrentUser, StaffMay } from '../../../auth/roles';
import { GetWebhookEndpointQuery } from './get-webhook-endpoint.query';

@ApiTags('admin')
@Controller('admin/webhook-endpoints')
export class GetWebhookEndpointHttpController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get(':id')
  @StaffMay('read')
  @ApiOperation({ summary: 'One webhook endpoint (never its secret)' })
  get(@CurrentUser() principal: Principal, @Param() { id }: UuidParam): Promise<WebhookEndpoint> {
    return this.queryBus.execute(new GetWebhookEndpointQuery(principal, id));
  }
}
