import { Body, Controller, Param, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { WebhookEndpoint } from '@councilpay/domain';
import { UuidParam } from '../../../http/id.param';
import type { Principal } from '../../../auth/principal';
import { CurrentUser, StaffMay } from '../../../auth/roles';
import { UpdateWebhookEndpointRequestDto } from '../webhook-endpoint.request.dto';
import { UpdateWebhookEndpointCommand } from './update-webhook-endpoint.command';

@ApiTags('admin')
@Controller('admin/webhook-endpoints')
export class UpdateWebhookEndpointHttpController {
  constructor(private readonly commandBus: CommandBus) {}

  @Put(':id')
  @StaffMay('administer')
  @ApiOperation({ summary: "Change a webhook endpoint's URL, events or description, or turn it off or on" })
  update(
    @CurrentUser() principal: Principal,
    @Param() { id }: UuidParam,
    @Body() body: UpdateWebhookEndpointRequestDto,
  ): Promise<WebhookEndpoint> {
    return this.commandBus.execute(new UpdateWebhookEndpointCommand(principal, id, body));
  }
}
