import { isApiErrorBody } from './api-error';
import { HttpError } from 'react-admin';

/**
 * GET /api/<path> on the console's own origin. A failure becomes react-admin's HttpError carrying the
 * API's message (shown in the notification) and its ApiErrorBody (`body.code` is an i18n key).
 * `acceptStatuses` lists error statuses whose body is still the answer (GET /api/health answers 503).
 */
export async function getJson<T>(
  path: string,
  { signal, acceptStatuses = [] }: { signal?: AbortSignal; acceptStatuses?: readonly number[] } = {},
): Promise<T> {
  const response = await fetch(`/api${path}`, {
    headers: { Accept: 'application/json' },
    credentials: 'same-origin',
    signal,
  });
  const body: unknown = await response.json().catch(() => null);
  if (response.ok || acceptStatuses.includes(response.status)) {
    // The API answers with the shared contract types named by the caller.
    return body as T;
  }
  const message = isApiErrorBody(body) ? body.message : response.statusText || `HTTP ${response.status}`;
  throw new HttpError(message, response.status, body);
}
