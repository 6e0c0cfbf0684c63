import { Body, Controller, HttpCode, Ip, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { DEFAULT_LANGUAGE, type CodeAnswer } from '@councilpay/domain';
import { ForgotPasswordCommand } from './forgot-password.command';
import { ForgotPasswordRequestDto } from './forgot-password.request.dto';

@ApiTags('auth')
@Controller('auth')
export class ForgotPasswordHttpController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post('forgot-password')
  @HttpCode(202)
  @ApiOperation({ summary: 'Emails a reset link (valid 24 hours, once); always answers email_sent' })
  forgot(@Body() body: ForgotPasswordRequestDto, @Ip() address: string): Promise<CodeAnswer<'email_sent'>> {
    return this.commandBus.execute(new ForgotPasswordCommand(body.email, body.language ?? DEFAULT_LANGUAGE, address));
  }
}
