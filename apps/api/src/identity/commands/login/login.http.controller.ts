import { Body, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { SessionUser } from '@councilpay/domain';
import { IdentityPassport } from '../../../auth/identity-passport';
import { toSessionUser } from '../../../auth/principal';
import { secondFactorOf, Sessions } from '../../../auth/sessions';
import { LoginRequestDto } from './login.request.dto';

@ApiTags('auth')
@Controller('auth')
export class LoginHttpController {
  constructor(
    private readonly passport: IdentityPassport,
    private readonly sessions: Sessions,
  ) {}

  @Post('login')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Sign in with email and password (passport local strategy) into a new server-side session',
    description:
      '401 email_or_password_incorrect; 429 after repeated failures for the account or the address. Staff then ' +
      'pass the second factor (`secondFactor` of the answer: enrolment_required or code_required).',
  })
  async login(
    // Validated here; the strategy reads the same fields from the request body.
    @Body() _body: LoginRequestDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<SessionUser> {
    const principal = await this.passport.authenticateLocal(req, res);
    await this.sessions.signIn(req, res, principal);
    return toSessionUser(principal, secondFactorOf(req));
  }
}
