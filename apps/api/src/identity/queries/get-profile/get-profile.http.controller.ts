import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { ProfileDto } from '@councilpay/domain';
import type { Principal } from '../../../auth/principal';
import { CurrentUser, SignedIn } from '../../../auth/roles';
import { GetProfileQuery } from './get-profile.query';

@ApiTags('me')
@Controller('me')
export class GetProfileHttpController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('profile')
  @SignedIn()
  @ApiOperation({ summary: 'The signed-in user’s profile (NRIC masked) with its version for updates' })
  get(@CurrentUser() principal: Principal): Promise<ProfileDto> {
    return this.queryBus.execute(new GetProfileQuery(principal.id));
  }
}
