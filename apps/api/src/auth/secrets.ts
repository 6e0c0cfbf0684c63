import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { PHONE_CODE_LENGTH } from '@councilpay/domain';

/** 256 random bits, URL-safe: reset ids, email verification tokens, CSRF tokens. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored in place of a token: whoever reads the database cannot use the links. */
export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** A 6-digit code, every value equally likely. */
export function newPhoneCode(): string {
  return String(randomInt(0, 10 ** PHONE_CODE_LENGTH)).padStart(PHONE_CODE_LENGTH, '0');
}

/**
 * A code's stored hash: keyed with the session secret and bound to its registration, so a copy of the
 * database alone does not let anyone try the million codes offline.
 */
export function phoneCodeHash(secret: string, verificationId: string, code: string): string {
  return createHmac('sha256', secret).update(`${verificationId}:${code}`).digest('hex');
}

export function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
