import { Body, Controller, HttpCode, Ip, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { RegisterStarted } from '@councilpay/domain';
import { StartRegistrationCommand } from './start-registration.command';
import { StartRegistrationRequestDto } from './start-registration.request.dto';

@ApiTags('auth')
@Controller('auth')
export class StartRegistrationHttpController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post('register')
  @HttpCode(202)
  @ApiOperation({ summary: 'Registration step 1: checks the details and sends a 6-digit code by SMS' })
  register(@Body() body: StartRegistrationRequestDto, @Ip() address: string): Promise<RegisterStarted> {
    return this.commandBus.execute(new StartRegistrationCommand(body, address));
  }
}
