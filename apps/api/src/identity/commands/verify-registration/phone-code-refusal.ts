import type { CodeRefusal } from '@councilpay/domain';
import { ApiError } from '../../../http/api-error';

/** 'Invalid Code', with why in details (the portal offers a new code for voided and expired ones). */
export function invalidCode(reason: CodeRefusal, attemptsLeft?: number): ApiError {
  return new ApiError(400, 'invalid_code', 'Invalid Code', {
    reason,
    ...(attemptsLeft === undefined ? {} : { attemptsLeft }),
  });
}

export function unknownVerification(): ApiError {
  return new ApiError(404, 'invalid_request', 'Invalid Request');
}
