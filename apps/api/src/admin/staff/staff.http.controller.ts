import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AdminStaffInvitation, AdminStaffRow } from '@councilpay/domain';
import type { Principal } from '../../auth/principal';
import { CurrentUser, StaffMay } from '../../auth/roles';
import { UuidParam } from '../../http/id.param';
import { AdminListQueryDto, listWindow, sendPage } from '../../http/list-query';
import { StaffService } from './staff.service';
import { StaffCouncilParam, StaffGrantUpdateDto, StaffInvitationRequestDto } from './staff.request.dto';

/** A council's staff and invitations: `_admin` (every council) and council admins (their own councils). */
@ApiTags('admin')
@Controller('admin')
export class StaffHttpController {
  constructor(private readonly staff: StaffService) {}

  @Get('staff')
  @StaffMay('administer')
  @ApiOperation({ summary: "People with a role in the caller's councils, with those councils' roles; X-Total-Count" })
  async list(
    @CurrentUser() principal: Principal,
    @Query() query: AdminListQueryDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AdminStaffRow[]> {
    const window = listWindow(query, ['email'], { sort: 'email', order: 'asc' });
    return sendPage(res, await this.staff.list(principal, window));
  }

  @Get('staff/:id')
  @StaffMay('administer')
  @ApiOperation({ summary: "One person with a role in the caller's councils" })
  one(@CurrentUser() principal: Principal, @Param() { id }: UuidParam): Promise<AdminStaffRow> {
    return this.staff.one(principal, id);
  }

  @Put('staff/:id/councils/:council')
  @StaffMay('administer')
  @ApiOperation({
    summary:
      "Set (or remove: null) a person's role in one of the caller's councils, their other councils untouched (audited); never to an unverified email",
  })
  setGrant(
    @CurrentUser() principal: Principal,
    @Param() { id, council }: StaffCouncilParam,
    @Body() body: StaffGrantUpdateDto,
  ): Promise<AdminStaffRow> {
    return this.staff.setGrant(principal, id, council, body.role);
  }

  @Get('invitations')
  @StaffMay('administer')
  @ApiOperation({ summary: "Invitations into the caller's councils, newest first; X-Total-Count" })
  async invitations(
    @CurrentUser() principal: Principal,
    @Query() query: AdminListQueryDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AdminStaffInvitation[]> {
    const window = listWindow(query, ['createdAt'], { sort: 'createdAt', order: 'desc' });
    return sendPage(res, await this.staff.invitations(principal, window));
  }

  @Post('invitations')
  @StaffMay('administer')
  @ApiOperation({ summary: 'Invite a person by email with a council role in councils of the caller (audited)' })
  invite(@CurrentUser() principal: Principal, @Body() body: StaffInvitationRequestDto): Promise<AdminStaffInvitation> {
    return this.staff.invite(principal, body);
  }

  @Post('invitations/:id/resend')
  @StaffMay('administer')
  @HttpCode(200)
  @ApiOperation({ summary: 'Send an open invitation again with a new link, good for 72 hours (audited)' })
  resend(@CurrentUser() principal: Principal, @Param() { id }: UuidParam): Promise<AdminStaffInvitation> {
    return this.staff.resend(principal, id);
  }

  @Post('invitations/:id/revoke')
  @StaffMay('administer')
  @HttpCode(200)
  @ApiOperation({ summary: 'Revoke an open invitation: its link stops working (audited)' })
  revoke(@CurrentUser() principal: Principal, @Param() { id }: UuidParam): Promise<AdminStaffInvitation> {
    return this.staff.revoke(principal, id);
  }
}
