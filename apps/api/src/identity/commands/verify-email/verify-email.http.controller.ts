import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { DEFAULT_LANGUAGE, type CodeAnswer } from '@councilpay/domain';
import type { Principal } from '../../../auth/principal';
import { CurrentUser, SignedIn } from '../../../auth/roles';
import { ResendEmailVerificationCommand, VerifyEmailCommand } from './verify-email.command';
import { ResendEmailVerificationRequestDto, VerifyEmailRequestDto } from './verify-email.request.dto';

@ApiTags('auth')
@Controller('auth')
export class VerifyEmailHttpController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post('verify-email')
  @HttpCode(200)
  @ApiOperation({ summary: 'The emailed link verifies the address (no sign-in needed); 404/410 invalid_request' })
  verify(@Body() body: VerifyEmailRequestDto): Promise<CodeAnswer<'email_verified'>> {
    return this.commandBus.execute(new VerifyEmailCommand(body.token));
  }

  @Post('verify-email/resend')
  @SignedIn()
  @HttpCode(202)
  @ApiOperation({ summary: 'Another verification email for the signed-in user (limited)' })
  resend(
    @CurrentUser() principal: Principal,
    @Body() body: ResendEmailVerificationRequestDto,
  ): Promise<CodeAnswer<'email_verified' | 'email_verification_sent'>> {
    return this.commandBus.execute(new ResendEmailVerificationCommand(principal, body.language ?? DEFAULT_LANGUAGE));
  }
}
