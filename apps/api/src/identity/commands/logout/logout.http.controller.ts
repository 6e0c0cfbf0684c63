import { Controller, HttpCode, Logger, Post, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { Principal } from '../../../auth/principal';
import { Sessions } from '../../../auth/sessions';

@ApiTags('auth')
@Controller('auth')
export class LogoutHttpController {
  private readonly logger = new Logger(LogoutHttpController.name);

  constructor(private readonly sessions: Sessions) {}

  @Post('logout')
  @HttpCode(204)
  @ApiOperation({ summary: 'End this session (its Redis entry and both cookies); 204 also when signed out' })
  async logout(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<void> {
    const userId = (req.user as Principal | undefined)?.id;
    await this.sessions.signOut(req, res);
    if (userId) this.logger.log({ userId }, 'Signed out');
  }
}
