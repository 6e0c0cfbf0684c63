import { Body, Controller, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { ProfileUpdateResult } from '@councilpay/domain';
import type { Principal } from '../../../auth/principal';
import { CurrentUser, SignedIn } from '../../../auth/roles';
import { UpdateProfileCommand } from './update-profile.command';
import { UpdateProfileRequestDto } from './update-profile.request.dto';

@ApiTags('me')
@Controller('me')
export class UpdateProfileHttpController {
  constructor(private readonly commandBus: CommandBus) {}

  @Put('profile')
  @SignedIn()
  @ApiOperation({ summary: 'Updates full name, phone and NRIC: update_successful, data_no_changes, 409 when stale' })
  update(@CurrentUser() principal: Principal, @Body() body: UpdateProfileRequestDto): Promise<ProfileUpdateResult> {
    return this.commandBus.execute(new UpdateProfileCommand(principal.id, body));
  }
}
