import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { WebhookEndpointWithSecret } from '@councilpay/domain';
import { UuidParam } from '../../../http/id.param';
import type { Principal } from '../../../auth/principal';
import { CurrentUser, StaffMay } from '../../../auth/roles';
import { RotateWebhookEndpointSecretCommand } from './rotate-webhook-endpoint-secret.command';

@ApiTags('admin')
@Controller('admin/webhook-endpoints')
export class RotateWebhookEndpointSecretHttpController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post(':id/rotate-secret')
  @StaffMay('administer')
  @HttpCode(200)
  @ApiOperation({ summary: 'Give a webhook endpoint a new secret; the answer shows it, this once only' })
  rotate(@CurrentUser() principal: Principal, @Param() { id }: UuidParam): Promise<WebhookEndpointWithSecret> {
    return this.commandBus.execute(new RotateWebhookEndpointSecretCommand(principal, id));
  }
}
