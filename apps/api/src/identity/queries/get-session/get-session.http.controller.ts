import { Controller, Get, Req } from '@nestjs/common';
import type { Request } from 'express';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { SessionUser } from '@councilpay/domain';
import { toSessionUser, type Principal } from '../../../auth/principal';
import { BeforeSecondFactor, CurrentUser, SignedIn } from '../../../auth/roles';
import { secondFactorOf } from '../../../auth/sessions';

@ApiTags('auth')
@Controller('auth')
export class GetSessionHttpController {
  @Get('me')
  @SignedIn()
  @BeforeSecondFactor()
  @ApiOperation({
    summary: 'The signed-in user: email, full name, roles, councils, phone, masked NRIC, second factor; 401 if none',
    description: '401 session_idle_timeout when a staff session ended after STAFF_SESSION_IDLE_MS without use.',
  })
  me(@CurrentUser() principal: Principal, @Req() req: Request): SessionUser {
    return toSessionUser(principal, secondFactorOf(req));
  }
}
