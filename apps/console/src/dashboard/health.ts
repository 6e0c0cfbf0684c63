/**
 * GET /api/health's answer (apps/api/src/health/health.service.ts). Not yet a shared contract in
 * libs/domain; mirrored here until it is.
 */
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

export const HEALTH_CHECKS = ['postgres', 'redis'] as const satisfies ReadonlyArray<keyof HealthReport['checks']>;
