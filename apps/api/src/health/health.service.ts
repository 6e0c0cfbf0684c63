import { Injectable } from '@nestjs/common';
import { PrismaService } from '../prisma/prisma.service';
import { RedisService } from '../redis/redis.module';

export interface DependencyStatus {
  status: 'up' | 'down';
  latencyMs: number;
  version?: string;
  error?: string;
}

export interface HealthReport {
  status: 'ok' | 'error';
  checks: { postgres: DependencyStatus; redis: DependencyStatus };
}

async function timed(probe: () => Promise<string>): Promise<DependencyStatus> {
  const started = performance.now();
  try {
    const version = await probe();
    return { status: 'up', latencyMs: Math.round(performance.now() - started), version };
  } catch (error) {
    return { status: 'down', latencyMs: Math.round(performance.now() - started), error: (error as Error).message };
  }
}

@Injectable()
export class HealthService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly redis: RedisService,
  ) {}

  async report(): Promise<HealthReport> {
    const [postgres, redis] = await Promise.all([
      timed(async () => {
        const rows = await this.prisma.$queryRaw<
          { version: string }[]
        >`SELECT current_setting('server_version') AS version`;
        return `PostgreSQL ${rows[0].version}`;
      }),
      timed(async () => {
        await this.redis.ensureConnected();
        const info = await this.redis.client.info('server');
        return `Redis ${/redis_version:(\S+)/.exec(info)?.[1] ?? 'unknown'}`;
      }),
    ]);
    return { status: postgres.status === 'up' && redis.status === 'up' ? 'ok' : 'error', checks: { postgres, redis } };
  }
}
