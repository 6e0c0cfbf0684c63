import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { WebhookRedeliverResult } from '@councilpay/domain';
import { UuidParam } from '../../../http/id.param';
import type { Principal } from '../../../auth/principal';
import { CurrentUser, StaffMay } from '../../../auth/roles';
import { RedeliverWebhooksRequestDto } from '../webhook-deliveries.request.dto';
import { RedeliverWebhooksCommand } from './redeliver-webhooks.command';

@ApiTags('admin')
@Controller('admin/webhook-endpoints')
export class RedeliverWebhooksHttpController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post(':id/redeliveries')
  @StaffMay('operate')
  @HttpCode(202)
  @ApiOperation({ summary: 'Send deliveries of a webhook endpoint again: named ones, or those of a time range' })
  redeliver(
    @CurrentUser() principal: Principal,
    @Param() { id }: UuidParam,
    @Body() body: RedeliverWebhooksRequestDto,
  ): Promise<WebhookRedeliverResult> {
    return this.commandBus.execute(new RedeliverWebhooksCommand(principal, id, body));
  }
}
