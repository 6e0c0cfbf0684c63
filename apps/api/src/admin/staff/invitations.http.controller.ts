import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { CodeAnswer, InvitationOffer } from '@councilpay/domain';
import type { Principal } from '../../auth/principal';
import { CurrentUser } from '../../auth/roles';
import { StaffService } from './staff.service';
import { InvitationAcceptRequestDto, InvitationCheckRequestDto } from './staff.request.dto';

/** The invited person's side: public, the token in the body (never in a URL a server logs). */
@ApiTags('identity')
@Controller('invitations')
export class InvitationsHttpController {
  constructor(private readonly staff: StaffService) {}

  @Post('check')
  @HttpCode(200)
  @ApiOperation({ summary: 'What an invitation link offers, while it may still be accepted' })
  check(@Body() body: InvitationCheckRequestDto): Promise<InvitationOffer> {
    return this.staff.check(body.token);
  }

  @Post('accept')
  @HttpCode(201)
  @ApiOperation({
    summary:
      'Accept an invitation: a new account (name, password), or the signed-in account of that email; verifies the email',
  })
  async accept(
    @CurrentUser() principal: Principal | undefined,
    @Body() body: InvitationAcceptRequestDto,
  ): Promise<CodeAnswer<'invitation_accepted'>> {
    await this.staff.accept(principal, body);
    return { code: 'invitation_accepted' };
  }
}
