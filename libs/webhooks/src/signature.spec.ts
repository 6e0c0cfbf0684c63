import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  WEBHOOK_EVENT_SCHEMAS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_EVENT_VERSION,
  type WebhookEvent,
} from '@councilpay/domain';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { newWebhookSecret, signWebhook, verifyWebhookSignature } from './signature';

const integrationDoc = readFileSync(resolve(__dirname, '../../../docs/integration.md'), 'utf8');

type DocsVerifier = (secret: string, header: string, rawBody: string, nowSeconds?: number) => boolean;

/** The verifier a council's IT unit would copy: the `verify-snippet` block of docs/integration.md, as written. */
function docsVerifier(): DocsVerifier {
  const block = /```js verify-snippet\n([\s\S]*?)```/.exec(integrationDoc);
  if (!block) throw new Error('docs/integration.md has no verify-snippet block');
  const make = new Function('require', `${block[1]}\nreturn verifyCouncilPaySignature;`) as (
    req: NodeRequire,
  ) => DocsVerifier;
  return make(createRequire(__filename));
}

const body = JSON.stringify({ id: 'evt_1', type: 'bill.credited', data: { amountSen: 15000, accountNo: 'A-1' } });
const now = Date.UTC(2026, 11, 6, 2, 15, 4);

describe('webhook signature', () => {
  const secret = newWebhookSecret();

  it('has the documented form: t=<unix seconds>,v1=<64 hex>', () => {
    expect(signWebhook(secret, body, now)).toMatch(new RegExp(`^t=${Math.floor(now / 1000)},v1=[0-9a-f]{64}$`));
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
  });

  it('a verifier written from the docs alone accepts ours and refuses a tampered body, an old or future timestamp, another secret', () => {
    const verify = docsVerifier();
    const header = signWebhook(secret, body, now);
    const nowS = Math.floor(now / 1000);
    expect(verify(secret, header, body, nowS)).toBe(true);
    expect(verify(secret, header, body, nowS + 300)).toBe(true);
    expect(verify(secret, header, body.replace('15000', '15001'), nowS)).toBe(false);
    expect(verify(secret, header, `${body} `, nowS)).toBe(false);
    expect(verify(secret, header, body, nowS + 301)).toBe(false);
    expect(verify(secret, header, body, nowS - 301)).toBe(false);
    expect(verify(newWebhookSecret(), header, body, nowS)).toBe(false);
    expect(verify(secret, '', body, nowS)).toBe(false);
    expect(verify(secret, `t=${nowS}`, body, nowS)).toBe(false);
  });

  it('the docs verifier and ours agree on any body, including non-ASCII text', () => {
    const verify = docsVerifier();
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.integer({ min: -400, max: 400 }), (text, skew) => {
        const header = signWebhook(secret, text, now);
        const at = now + skew * 1000;
        const ours = verifyWebhookSignature(secret, header, text, at).ok;
        expect(verify(secret, header, text, Math.floor(at / 1000))).toBe(ours);
        expect(ours).toBe(Math.abs(skew) <= 300);
      }),
    );
  });

  it('our verifier names what is wrong, and accepts any one of several v1 values (rotation)', () => {
    const header = signWebhook(secret, body, now);
    expect(verifyWebhookSignature(secret, header, body, now)).toEqual({ ok: true, timestamp: Math.floor(now / 1000) });
    expect(verifyWebhookSignature(secret, header, `${body}x`, now)).toEqual({ ok: false, reason: 'mismatch' });
    expect(verifyWebhookSignature(secret, header, body, now + 301_000)).toEqual({ ok: false, reason: 'stale' });
    expect(verifyWebhookSignature(secret, undefined, body, now)).toEqual({ ok: false, reason: 'malformed' });
    expect(verifyWebhookSignature(secret, 'v1=abc', body, now)).toEqual({ ok: false, reason: 'malformed' });
    const other = signWebhook(newWebhookSecret(), body, now).split(',')[1];
    expect(verifyWebhookSignature(secret, `${header},${other}`, body, now).ok).toBe(true);
    expect(verifyWebhookSignature(secret, `t=${Math.floor(now / 1000)},${other}`, body, now).ok).toBe(false);
  });

  it('the example event in docs/integration.md parses as an envelope of a known type and version', () => {
    const block = /```json\n([\s\S]*?)```/.exec(integrationDoc);
    const event = JSON.parse(block?.[1] ?? 'null') as WebhookEvent<'bill.credited'>;
    // It is a body the published schema (the OpenAPI document's webhooks section) accepts.
    const ajv = new Ajv2020({ allErrors: true, strict: true });
    addFormats(ajv);
    const validate = ajv.compile(WEBHOOK_EVENT_SCHEMAS[event.type]);
    expect(validate(event) ? [] : validate.errors).toEqual([]);
    expect(Object.keys(event).sort()).toEqual(['council', 'createdAt', 'data', 'id', 'type', 'version']);
    expect(WEBHOOK_EVENT_TYPES).toContain(event.type);
    expect(event.version).toBe(WEBHOOK_EVENT_VERSION);
    expect(Number.isInteger(event.data.amountSen)).toBe(true);
    const keys: (keyof WebhookEvent<'bill.credited'>['data'])[] = [
      'receiptNo',
      'accountNo',
      'payableType',
      'amountSen',
      'creditSen',
      'paymentReference',
      'gatewayTxnId',
      'method',
      'paidAt',
      'late',
      'itemId',
    ];
    expect(Object.keys(event.data).sort()).toEqual([...keys].sort());
  });
});
