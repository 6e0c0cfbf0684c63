import { Body, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { CodeAnswer, ResetPasswordStatus } from '@councilpay/domain';
import type { Principal } from '../../../auth/principal';
import { Sessions } from '../../../auth/sessions';
import { CheckResetQuery } from '../../queries/check-reset/check-reset.query';
import { ResetPasswordCommand } from './reset-password.command';
import { ResetPasswordCheckRequestDto, ResetPasswordRequestDto } from './reset-password.request.dto';

/** The reset id travels in request bodies only: URLs are logged. */
@ApiTags('auth')
@Controller('auth')
export class ResetPasswordHttpController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
    private readonly sessions: Sessions,
  ) {}

  @Post('reset-password/check')
  @HttpCode(200)
  @ApiOperation({ summary: 'Whether a reset link still works: 404 invalid_request, 410 reset_timeout or used' })
  check(@Body() body: ResetPasswordCheckRequestDto): Promise<ResetPasswordStatus> {
    return this.queryBus.execute(new CheckResetQuery(body.resetId));
  }

  @Post('reset-password')
  @HttpCode(200)
  @ApiOperation({ summary: 'Sets a new password with the id from the emailed link; ends the other sessions' })
  async reset(
    @Body() body: ResetPasswordRequestDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<CodeAnswer<'update_successful'>> {
    const principal = await this.commandBus.execute<ResetPasswordCommand, Principal>(
      new ResetPasswordCommand(body.resetId, body.password),
    );
    // Reset from a browser signed in as the same user: this session carries on with the new password.
    if ((req.user as Principal | undefined)?.id === principal.id) await this.sessions.signIn(req, res, principal);
    return { code: 'update_successful' };
  }
}
