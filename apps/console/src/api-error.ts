import type { ApiErrorBody } from '@councilpay/domain';

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const body = value as Partial<Record<keyof ApiErrorBody, unknown>>;
  return typeof body.statusCode === 'number' && typeof body.code === 'string' && typeof body.message === 'string';
}
