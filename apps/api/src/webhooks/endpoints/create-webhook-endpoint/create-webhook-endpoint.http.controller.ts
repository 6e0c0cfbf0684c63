import { Body, Controller, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { WebhookEndpointWithSecret } from '@councilpay/domain';
import type { Principal } from '../../../auth/principal';
import { CurrentUser, StaffMay } from '../../../auth/roles';
import { CreateWebhookEndpointRequestDto } from '../webhook-endpoint.request.dto';
import { CreateWebhookEndpointCommand } from './create-webhook-endpoint.command';

@ApiTags('admin')
@Controller('admin/webhook-endpoints')
export class CreateWebhookEndpointHttpController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post()
  @StaffMay('administer')
  @ApiOperation({ summary: "Add a receiver of a council's events; the answer shows its secret, this once only" })
  create(
    @CurrentUser() principal: Principal,
    @Body() body: CreateWebhookEndpointRequestDto,
  ): Promise<WebhookEndpointWithSecret> {
    return this.commandBus.execute(new CreateWebhookEndpointCommand(principal, body));
  }
}
