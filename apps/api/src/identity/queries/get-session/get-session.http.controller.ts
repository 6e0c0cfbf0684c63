import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { SessionUser } from '@councilpay/domain';
import { toSessionUser, type Principal } from '../../../auth/principal';
import { CurrentUser, SignedIn } from '../../../auth/roles';

@ApiTags('auth')
@Controller('auth')
export class GetSessionHttpController {
  @Get('me')
  @SignedIn()
  @ApiOperation({ summary: 'The signed-in user: email, full name, roles, councils, phone, masked NRIC; 401 if none' })
  me(@CurrentUser() principal: Principal): SessionUser {
    return toSessionUser(principal);
  }
}
