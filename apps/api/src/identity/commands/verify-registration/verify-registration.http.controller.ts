import { Body, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { SessionUser } from '@councilpay/domain';
import { toSessionUser, type Principal } from '../../../auth/principal';
import { Sessions } from '../../../auth/sessions';
import { VerifyRegistrationCommand } from './verify-registration.command';
import { VerifyRegistrationRequestDto } from './verify-registration.request.dto';

@ApiTags('auth')
@Controller('auth')
export class VerifyRegistrationHttpController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly sessions: Sessions,
  ) {}

  @Post('register/verify')
  @HttpCode(201)
  @ApiOperation({ summary: 'Registration step 2: the SMS code creates the account and signs it in' })
  async verify(
    @Body() body: VerifyRegistrationRequestDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<SessionUser> {
    const principal = await this.commandBus.execute<VerifyRegistrationCommand, Principal>(
      new VerifyRegistrationCommand(body.verificationId, body.code),
    );
    await this.sessions.signIn(req, res, principal);
    return toSessionUser(principal, 'not_needed');
  }
}
