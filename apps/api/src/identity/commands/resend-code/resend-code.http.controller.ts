import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { RegisterStarted } from '@councilpay/domain';
import { VerificationIdDto } from '../verify-registration/verify-registration.request.dto';
import { ResendCodeCommand } from './resend-code.command';

@ApiTags('auth')
@Controller('auth')
export class ResendCodeHttpController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post('register/resend')
  @HttpCode(202)
  @ApiOperation({ summary: 'A new registration code by SMS (at most 3 more, a minute apart)' })
  resend(@Body() body: VerificationIdDto): Promise<RegisterStarted> {
    return this.commandBus.execute(new ResendCodeCommand(body.verificationId));
  }
}
