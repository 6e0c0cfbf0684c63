import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  councilRequestCanonical,
  newCouncilApiKey,
  parseCouncilSignature,
  signCouncilRequest,
  verifyCouncilRequest,
} from './request-signature';
import { openSecret, sealingKey, sealSecret } from './sealing';

const { keyId, secret } = newCouncilApiKey();
const now = Date.UTC(2026, 10, 27, 2, 0, 0);
const request = { method: 'PUT', path: '/api/council/v1/bills/compound?x=1', body: '{"bills":[]}' };

describe('council request signatures', () => {
  it('signs HMAC-SHA256 over the canonical string: scheme, method, path with query, t, nonce, body hash', () => {
    const header = signCouncilRequest(keyId, secret, request, now, 'n'.repeat(22));
    const t = Math.floor(now / 1000);
    const canonical = [
      'CouncilPay-Request-v1',
      'PUT',
      '/api/council/v1/bills/compound?x=1',
      String(t),
      'n'.repeat(22),
      createHash('sha256').update(request.body).digest('hex'),
    ].join('\n');
    expect(councilRequestCanonical({ ...request, timestamp: t, nonce: 'n'.repeat(22) })).toBe(canonical);
    expect(header).toBe(
      `k=${keyId},t=${t},n=${'n'.repeat(22)},v1=${createHmac('sha256', secret).update(canonical).digest('hex')}`,
    );
  });

  it('verifies its own signature within five minutes either side, and nothing else', () => {
    const parsed = parseCouncilSignature(signCouncilRequest(keyId, secret, request, now))!;
    expect(parsed.keyId).toBe(keyId);
    expect(verifyCouncilRequest(secret, parsed, request, now + 300_000)).toEqual({ ok: true });
    expect(verifyCouncilRequest(secret, parsed, request, now - 300_000)).toEqual({ ok: true });
    expect(verifyCouncilRequest(secret, parsed, request, now + 301_000)).toEqual({ ok: false, reason: 'stale' });
    const mismatch = { ok: false, reason: 'mismatch' };
    expect(verifyCouncilRequest(secret, parsed, { ...request, body: '{"bills":[1]}' }, now)).toEqual(mismatch);
    expect(verifyCouncilRequest(secret, parsed, { ...request, path: '/api/council/v1/bills/compound' }, now)).toEqual(
      mismatch,
    );
    expect(verifyCouncilRequest(secret, parsed, { ...request, method: 'POST' }, now)).toEqual(mismatch);
    expect(verifyCouncilRequest(newCouncilApiKey().secret, parsed, request, now)).toEqual(mismatch);
  });

  it('parses only the one header format', () => {
    const good = signCouncilRequest(keyId, secret, request, now);
    expect(parseCouncilSignature(good)).not.toBeNull();
    for (const bad of [
      undefined,
      '',
      good.replace(/v1=/, 'v2='),
      good.replace(/k=cpk_/, 'k=xx_'),
      good.replace(/n=[^,]+/, 'n=short'),
      `${good},t=1`,
      good.replace(/t=\d+/, 't=-5'),
    ]) {
      expect(parseCouncilSignature(bad)).toBeNull();
    }
  });

  it('seals a secret so that only its owner row opens it', () => {
    const key = sealingKey('a configured key of enough length');
    const sealed = sealSecret(key, 'owner-1', secret);
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain(secret);
    expect(openSecret(key, 'owner-1', sealed)).toBe(secret);
    expect(() => openSecret(key, 'owner-2', sealed)).toThrow();
    expect(() => openSecret(sealingKey('another key'), 'owner-1', sealed)).toThrow();
  });
});
