import type { CookieOptions, Request } from 'express';
import { createHmac, randomBytes } from 'node:crypto';
import { sameSecret } from './secrets';

/** A browser that signed in to an account before: it may always try that account's password. */
export const LOGIN_DEVICE_COOKIE = 'cp_device';
/** How long a browser stays known after a sign-in. */
export const LOGIN_DEVICE_TTL_MS = 180 * 24 * 3600_000;

function signature(secret: string, nonce: string, email: string): string {
  return createHmac('sha256', secret).update(`login-device:${nonce}:${email}`).digest('base64url');
}

/** A new device cookie value for this account: a random nonce and its HMAC with the account's email. */
export function newDeviceCookie(secret: string, email: string): string {
  const nonce = randomBytes(16).toString('base64url');
  return `${nonce}.${signature(secret, nonce, email)}`;
}

export function deviceCookieOptions(secure: boolean): CookieOptions {
  return { path: '/api/auth', httpOnly: true, sameSite: 'lax', secure, maxAge: LOGIN_DEVICE_TTL_MS };
}

function cookie(req: Request, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/**
 * The nonce of the device cookie this request carries when it was issued for this account (its HMAC ties
 * it to the email: a cookie of another account, or a made-up one, is no device at all); otherwise null.
 */
export function knownDevice(secret: string, req: Request, email: string): string | null {
  const value = cookie(req, LOGIN_DEVICE_COOKIE);
  const [nonce, sig] = (value ?? '').split('.');
  if (!nonce || !sig || !/^[\w-]{22}$/.test(nonce)) return null;
  return sameSecret(sig, signature(secret, nonce, email)) ? nonce : null;
}
