import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { WEBHOOK_SIGNATURE_TOLERANCE_S } from '@councilpay/domain';

/** A new endpoint secret: 32 random bytes, base64url, after a prefix that says what it is. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/** The hex HMAC-SHA256 of `${t}.${body}` under the secret: the v1 scheme. */
function v1(secret: string, timestamp: number, body: string | Buffer): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex');
}

/**
 * The CouncilPay-Signature header for a body sent at `nowMs`: `t=<unix seconds>,v1=<hex>`. Signed over the
 * exact bytes sent, so the body must not be re-serialised after signing.
 */
export function signWebhook(secret: string, body: string | Buffer, nowMs: number = Date.now()): string {
  const t = Math.floor(nowMs / 1000);
  return `t=${t},v1=${v1(secret, t, body)}`;
}

export type WebhookSignatureVerdict =
  { ok: true; timestamp: number } | { ok: false; reason: 'malformed' | 'stale' | 'mismatch' };

/**
 * Checks a CouncilPay-Signature header against the raw body: well formed, a timestamp within the tolerance of
 * `nowMs` (either side), and one v1 value equal, compared in constant time, to ours.
 */
export function verifyWebhookSignature(
  secret: string,
  header: string | undefined,
  body: string | Buffer,
  nowMs: number = Date.now(),
  toleranceS: number = WEBHOOK_SIGNATURE_TOLERANCE_S,
): WebhookSignatureVerdict {
  if (!header) return { ok: false, reason: 'malformed' };
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === 'v1' && /^[0-9a-f]{64}$/.test(value)) signatures.push(value);
  }
  if (timestamp === undefined || signatures.length === 0) return { ok: false, reason: 'malformed' };
  if (Math.abs(Math.floor(nowMs / 1000) - timestamp) > toleranceS) return { ok: false, reason: 'stale' };
  const expected = Buffer.from(v1(secret, timestamp, body), 'hex');
  const match = signatures.some((s) => timingSafeEqual(Buffer.from(s, 'hex'), expected));
  return match ? { ok: true, timestamp } : { ok: false, reason: 'mismatch' };
}
