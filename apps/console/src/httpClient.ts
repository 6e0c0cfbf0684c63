import {
  CSRF_COOKIE,
  CSRF_HEADER,
  DOCUMENT_IMAGE_REFUSALS,
  isApiErrorBody,
  type ApiErrorBody,
} from '@councilpay/domain';
import { isMessageKey } from '@councilpay/i18n';
import { fetchUtils, HttpError } from 'react-admin';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The value of a readable cookie of this origin (the session's CSRF token lives in `cp_csrf`). */
export function readCookie(name: string, cookies: string = document.cookie): string | undefined {
  for (const part of cookies.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/**
 * Every request of the console: the session cookie goes along (same origin), JSON is asked for, and a write
 * carries the CSRF header with the token of the `cp_csrf` cookie. An API error becomes react-admin's
 * HttpError whose message is an i18n key when the API's code has a translation (`console.errors.<code>`,
 * then `errors.<code>`), the API's English text otherwise; its body is the ApiErrorBody, with its field errors
 * in the form react-admin shows on a form (formErrors).
 */
export async function httpClient(url: string, options: fetchUtils.Options = {}) {
  const headers = new Headers(options.headers ?? { Accept: 'application/json' });
  const method = (options.method ?? 'GET').toUpperCase();
  if (!SAFE_METHODS.has(method)) {
    const token = readCookie(CSRF_COOKIE);
    if (token) headers.set(CSRF_HEADER, token);
  }
  try {
    return await fetchUtils.fetchJson(url, { ...options, headers, credentials: 'same-origin' });
  } catch (error) {
    if (error instanceof HttpError && isApiErrorBody(error.body)) {
      const key = errorMessageKey(error.body.code, error.body.message, error.body);
      throw new HttpError(key, error.status, { ...error.body, errors: formErrors(error.body, key) });
    }
    throw error;
  }
}

/**
 * A refused form's field errors as react-admin shows them: each under its input (the answer's own words for its
 * code, else the field's message) and the answer's words as the notification (`root.serverError`). The API's
 * list would otherwise be read as errors of fields named 0, 1 ... that no input shows, and nothing be said.
 */
export function formErrors(body: ApiErrorBody, key: string): Record<string, unknown> | undefined {
  if (!body.errors?.length) return undefined;
  const errors: Record<string, unknown> = { root: { serverError: key } };
  for (const field of body.errors) errors[field.field] ??= field.code === body.code ? key : field.message;
  return errors;
}

/**
 * The words for an API error code: the console's own (`console.errors.<code>`), else the portal's (`errors.<code>`);
 * every code of API_ERROR_CODES has one or the other in each language (libs/i18n codes.spec.ts).
 */
export function errorMessageKey(code: string, message: string, body?: ApiErrorBody): string {
  // A refused image says why, in words staff can act on (a smaller image, a plain SVG ...).
  const reason = body?.details?.reason;
  if (code === 'image_invalid' && (DOCUMENT_IMAGE_REFUSALS as readonly unknown[]).includes(reason))
    return `console.document_image.refused.${String(reason)}`;
  if (isMessageKey(`console.errors.${code}`)) return `console.errors.${code}`;
  if (isMessageKey(`errors.${code}`)) return `errors.${code}`;
  return message;
}
