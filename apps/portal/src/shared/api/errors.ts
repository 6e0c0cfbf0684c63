import type { MessageKey } from '@councilpay/i18n';
import { isKnownMessageKey } from '../i18n/i18n';
import { ApiError } from './client';

/**
 * The message to show for a failure: the API's code as an `errors.*` key (the API's own codes), else as a
 * `validation.*` key (domain rule codes such as `cart_full`), else a generic one.
 */
export function messageKeyForError(
  error: unknown,
  isKnown: (key: string) => key is MessageKey = isKnownMessageKey,
): MessageKey {
  if (error instanceof ApiError) {
    for (const key of [`errors.${error.code}`, `validation.${error.code}`]) {
      if (isKnown(key)) return key;
    }
    if (error.status === 0) return 'errors.network_error';
    if (error.status >= 500) return 'errors.internal_error';
  }
  return 'errors.unknown';
}
