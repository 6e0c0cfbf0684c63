import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { RecoveryCodes, SecondFactorEnrolled, SecondFactorEnrolment, SessionUser } from '@councilpay/domain';
import { toSessionUser, type Principal } from '../../../auth/principal';
import { BeforeSecondFactor, CurrentUser, SignedIn } from '../../../auth/roles';
import { SecondFactor } from '../../../auth/second-factor';
import { Sessions } from '../../../auth/sessions';
import { SecondFactorCodeRequestDto, SecondFactorVerifyRequestDto } from './second-factor.request.dto';

/**
 * A staff member's second factor, used after the password: enrolment (the secret shown once, turned on by the
 * first valid code, with the recovery codes), the code at each sign-in, and new recovery codes.
 */
@ApiTags('auth')
@Controller('auth/second-factor')
export class SecondFactorHttpController {
  constructor(
    private readonly secondFactor: SecondFactor,
    private readonly sessions: Sessions,
  ) {}

  @Post('enrolment')
  @SignedIn()
  @BeforeSecondFactor()
  @ApiOperation({
    summary: 'Staff without a second factor: a new TOTP secret (text and QR), shown once',
    description: '409 second_factor_already_enrolled; 403 forbidden for a payer.',
  })
  start(@CurrentUser() principal: Principal): Promise<SecondFactorEnrolment> {
    return this.secondFactor.startEnrolment(principal);
  }

  @Post('enrolment/confirm')
  @HttpCode(200)
  @SignedIn()
  @BeforeSecondFactor()
  @ApiOperation({
    summary: 'Turn the second factor on with the first valid code; answers the 10 recovery codes, shown once',
    description:
      '400 second_factor_code_incorrect; 409 second_factor_not_started or second_factor_already_enrolled; 429.',
  })
  async confirm(
    @CurrentUser() principal: Principal,
    @Body() body: SecondFactorCodeRequestDto,
    @Req() req: Request,
  ): Promise<SecondFactorEnrolled> {
    const { recoveryCodes, since } = await this.secondFactor.confirmEnrolment(principal, body.code);
    const enrolled: Principal = { ...principal, secondFactorSince: since };
    req.user = enrolled;
    await this.sessions.passSecondFactor(req, enrolled);
    return { user: toSessionUser(enrolled, 'passed'), recoveryCodes };
  }

  @Post('verify')
  @HttpCode(200)
  @SignedIn()
  @BeforeSecondFactor()
  @ApiOperation({
    summary: 'Pass the second factor of this session with a TOTP code or a recovery code (each accepted once)',
    description: '400 second_factor_code_incorrect; 403 second_factor_enrolment_required; 429 after repeated failures.',
  })
  async verify(
    @CurrentUser() principal: Principal,
    @Body() body: SecondFactorVerifyRequestDto,
    @Req() req: Request,
  ): Promise<SessionUser> {
    await this.secondFactor.verify(principal, body);
    await this.sessions.passSecondFactor(req, principal);
    return toSessionUser(principal, 'passed');
  }

  @Post('recovery-codes')
  @SignedIn()
  @ApiOperation({ summary: 'Staff: ten new recovery codes, shown once; the earlier ones no longer work' })
  async recoveryCodes(@CurrentUser() principal: Principal): Promise<RecoveryCodes> {
    return { recoveryCodes: await this.secondFactor.regenerateRecoveryCodes(principal) };
  }
}
