import { ApiError } from '../http/api-error';
import type { PasswordReset } from '../generated/prisma/client';
import { RESET_LINK_TTL_MS } from './identity.constants';

/**
 * Why a reset link no longer works, or null when it does. Time comes first: a link past its 24 hours reads
 * "already timeout" even after the maintenance job has marked it used.
 */
export function resetRefusal(reset: PasswordReset | null, now: Date): ApiError | null {
  if (!reset) return new ApiError(404, 'invalid_request', 'Invalid Request');
  const end = Math.min(reset.expiresAt.getTime(), reset.createdAt.getTime() + RESET_LINK_TTL_MS);
  if (now.getTime() >= end) {
    return new ApiError(
      410,
      'reset_timeout',
      'Your reset password request already timeout, please request another reset password link',
    );
  }
  if (reset.usedAt) return new ApiError(410, 'invalid_request', 'Invalid Request', { reason: 'used' });
  return null;
}
