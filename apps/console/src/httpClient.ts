import {
  CSRF_COOKIE,
  CSRF_HEADER,
  DOCUMENT_IMAGE_REFUSALS,
  isApiErrorBody,
  type ApiErrorBody,
} from '@councilpay/domain';
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
 * then `errors.<code>`), the API's English text otherwise; its body is the ApiErrorBody.
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
      throw new HttpError(errorMessageKey(error.body.code, error.body.message, error.body), error.status, error.body);
    }
    throw error;
  }
}

/** Codes the console has its own words for; the others are looked up in the portal's `errors` group. */
const CONSOLE_ERRORS = new Set([
  'nothing_to_resend',
  'notification_in_flight',
  'notification_not_resendable',
  'cannot_change_admin',
  'gateway_unavailable',
  'refund_invalid',
  'refund_exceeds_remainder',
  'refund_not_allowed',
  'settlement_invalid',
  'image_invalid',
]);
const PORTAL_ERRORS = new Set([
  'not_found',
  'unauthorized',
  'forbidden',
  'csrf_failed',
  'too_many_requests',
  'email_or_password_incorrect',
]);

export function errorMessageKey(code: string, message: string, body?: ApiErrorBody): string {
  // A refused image says why, in words staff can act on (a smaller image, a plain SVG ...).
  const reason = body?.details?.reason;
  if (code === 'image_invalid' && (DOCUMENT_IMAGE_REFUSALS as readonly unknown[]).includes(reason))
    return `console.document_image.refused.${String(reason)}`;
  if (CONSOLE_ERRORS.has(code)) return `console.errors.${code}`;
  if (PORTAL_ERRORS.has(code)) return `errors.${code}`;
  return message;
}
