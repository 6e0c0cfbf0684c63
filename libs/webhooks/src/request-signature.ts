import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Requests a council's own systems send CouncilPay, signed with the council's API key (HMAC-SHA256, the same
 * construction as our webhooks): header `CouncilPay-Signature: k=<key id>,t=<unix seconds>,n=<nonce>,v1=<hex>`,
 * where hex is HMAC-SHA256(secret, canonical string) and the canonical string is, one per line:
 *
 *   CouncilPay-Request-v1
 *   <METHOD, upper case>
 *   <path with its query, exactly as sent, e.g. /api/council/v1/bills/compound?x=1>
 *   <t>
 *   <n>
 *   <hex SHA-256 of the raw body (of nothing for a request without one)>
 *
 * The nonce makes every request's signature unique, so a signature seen once is refused ever after (within the
 * tolerance, after which its timestamp refuses it).
 */
export const COUNCIL_REQUEST_SIGNATURE_HEADER = 'CouncilPay-Signature';
export const COUNCIL_REQUEST_SCHEME = 'CouncilPay-Request-v1';
/** A request whose timestamp is further than this from the server's clock is refused. */
export const COUNCIL_REQUEST_TOLERANCE_S = 300;

const KEY_ID = /^cpk_[A-Za-z0-9_-]{16,64}$/;
const NONCE = /^[A-Za-z0-9_-]{16,64}$/;

/** A new key id (public, names the key in every request) and secret (shown once). */
export function newCouncilApiKey(): { keyId: string; secret: string } {
  return {
    keyId: `cpk_${randomBytes(12).toString('base64url')}`,
    secret: `cpsk_${randomBytes(32).toString('base64url')}`,
  };
}

export function isCouncilKeyId(value: string): boolean {
  return KEY_ID.test(value);
}

export interface CouncilRequestParts {
  readonly method: string;
  /** Path and query as sent on the request line. */
  readonly path: string;
  readonly timestamp: number;
  readonly nonce: string;
  readonly body: string | Buffer;
}

export function councilRequestCanonical(parts: CouncilRequestParts): string {
  const bodyHash = createHash('sha256').update(parts.body).digest('hex');
  return [
    COUNCIL_REQUEST_SCHEME,
    parts.method.toUpperCase(),
    parts.path,
    String(parts.timestamp),
    parts.nonce,
    bodyHash,
  ].join('\n');
}

function v1(secret: string, parts: CouncilRequestParts): string {
  return createHmac('sha256', secret).update(councilRequestCanonical(parts)).digest('hex');
}

/** The CouncilPay-Signature header for a request sent at `nowMs`. */
export function signCouncilRequest(
  keyId: string,
  secret: string,
  request: { method: string; path: string; body?: string | Buffer },
  nowMs: number = Date.now(),
  nonce: string = randomBytes(16).toString('base64url'),
): string {
  const timestamp = Math.floor(nowMs / 1000);
  const signature = v1(secret, {
    method: request.method,
    path: request.path,
    body: request.body ?? '',
    timestamp,
    nonce,
  });
  return `k=${keyId},t=${timestamp},n=${nonce},v1=${signature}`;
}

export interface ParsedCouncilSignature {
  readonly keyId: string;
  readonly timestamp: number;
  readonly nonce: string;
  readonly signature: string;
}

/** The header's parts, or null when it is missing or not in the one format. */
export function parseCouncilSignature(header: string | undefined): ParsedCouncilSignature | null {
  if (!header || header.length > 400) return null;
  const parts = new Map<string, string>();
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    if (eq < 1) return null;
    const key = part.slice(0, eq).trim();
    if (parts.has(key)) return null;
    parts.set(key, part.slice(eq + 1).trim());
  }
  const keyId = parts.get('k') ?? '';
  const t = parts.get('t') ?? '';
  const nonce = parts.get('n') ?? '';
  const signature = parts.get('v1') ?? '';
  if (!KEY_ID.test(keyId) || !/^\d{1,12}$/.test(t) || !NONCE.test(nonce) || !/^[0-9a-f]{64}$/.test(signature)) {
    return null;
  }
  return { keyId, timestamp: Number(t), nonce, signature };
}

export type CouncilSignatureVerdict = { ok: true } | { ok: false; reason: 'stale' | 'mismatch' };

/** Whether a parsed signature is ours for this request: its timestamp within the tolerance, its HMAC equal. */
export function verifyCouncilRequest(
  secret: string,
  parsed: ParsedCouncilSignature,
  request: { method: string; path: string; body: string | Buffer },
  nowMs: number = Date.now(),
  toleranceS: number = COUNCIL_REQUEST_TOLERANCE_S,
): CouncilSignatureVerdict {
  if (Math.abs(Math.floor(nowMs / 1000) - parsed.timestamp) > toleranceS) return { ok: false, reason: 'stale' };
  const expected = Buffer.from(v1(secret, { ...request, timestamp: parsed.timestamp, nonce: parsed.nonce }), 'hex');
  return timingSafeEqual(Buffer.from(parsed.signature, 'hex'), expected)
    ? { ok: true }
    : { ok: false, reason: 'mismatch' };
}
