import { Controller, Get, HttpStatus, Req, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { HealthReport, PublicHealthReport } from '@councilpay/domain';
import type { Principal } from '../../../auth/principal';
import { GetHealthQuery } from './get-health.query';

@ApiTags('health')
@Controller('health')
export class GetHealthHttpController {
  constructor(private readonly queryBus: QueryBus) {}

  /**
   * Liveness: answered by the event loop alone (no database, no Redis), so a probe sees a process whose loop is
   * blocked or wedged, which a TCP check cannot, and an outage of PostgreSQL or Redis restarts no pod.
   */
  @Get('live')
  @ApiOperation({ summary: 'The process answers (for liveness probes; reads neither PostgreSQL nor Redis)' })
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get()
  @ApiOperation({
    summary: 'PostgreSQL and Redis up or down (503 when either is down)',
    description:
      'Anyone gets up/down only. A signed-in _admin also gets versions, latencies, queue counts and the oldest unsent message.',
  })
  async check(
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<HealthReport | PublicHealthReport> {
    const report = await this.queryBus.execute<GetHealthQuery, HealthReport>(new GetHealthQuery());
    if (report.status !== 'ok') res.status(HttpStatus.SERVICE_UNAVAILABLE);
    // Server versions and queue figures help an attacker as much as an operator: the operators' only.
    if ((req.user as Principal | undefined)?.roles.includes('_admin')) return report;
    return {
      status: report.status,
      checks: { postgres: { status: report.checks.postgres.status }, redis: { status: report.checks.redis.status } },
    };
  }
}
