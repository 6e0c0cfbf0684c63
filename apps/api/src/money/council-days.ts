import { malaysiaDay } from '@councilpay/domain';
import type { Principal } from '../auth/principal';
import { councilScope } from '../auth/roles';
import { ApiError } from '../http/api-error';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The instants of a Malaysian day. */
export function dayBounds(day: string): { start: Date; end: Date } {
  const start = new Date(`${day}T00:00:00+08:00`);
  return { start, end: new Date(start.getTime() + 86_400_000) };
}

/** A real Malaysian day written YYYY-MM-DD; otherwise a 400 that says so. */
export function checkDay(day: string): void {
  const { start } = DAY.test(day) ? dayBounds(day) : { start: new Date(NaN) };
  if (Number.isNaN(start.getTime()) || malaysiaDay(0, start) !== day) {
    throw new ApiError(400, 'validation_failed', 'day must be a day, YYYY-MM-DD', undefined, 'day');
  }
}

/** A council the staff member answers for, and a real Malaysian day: or a 4xx naming which is wrong. */
export function closeTarget(principal: Principal, council: string, day: string): void {
  checkDay(day);
  const scope = councilScope(principal);
  if (!scope.all && !scope.councils.includes(council)) {
    throw new ApiError(403, 'forbidden', 'This council is not one of yours', { council });
  }
}
