import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  parseQrCharge,
  qrBasicAuth,
  qrChargeRequestProblem,
  qrNotificationHeaders,
  qrSecretKeyOf,
  QR_SIGNATURE_HEADER,
  QR_SIGNATURE_TOLERANCE_SECONDS,
  QR_TIMESTAMP_HEADER,
  signQrNotification,
  verifyQrNotification,
  type QrCharge,
} from './duitnow-acquirer';
import { buildDuitNowQr } from './duitnow-qr';

const SECRET = Buffer.from('a webhook secret of thirty-two b').toString('base64');
const NOW = new Date('2026-11-27T08:00:00Z');

const payload = (amountSen = 12_345, reference = 'CPREF0001') =>
  buildDuitNowQr({
    acquirerId: '890061',
    merchantId: 'MDPG000001',
    merchantName: 'MAJLIS DAERAH PENAMPANG',
    merchantCity: 'PENAMPANG',
    amountSen,
    reference,
  });

const charge = (change: Partial<QrCharge> = {}): QrCharge => ({
  object: 'charge',
  id: 'chrg_test_5h2m123abc',
  amount: 12_345,
  currency: 'MYR',
  status: 'successful',
  reference: 'CPREF0001',
  source: { type: 'duitnow_qr', scannable_code: { type: 'qr', payload: payload() } },
  created_at: '2026-11-27T07:55:00.000Z',
  expires_at: '2026-11-27T08:10:00.000Z',
  paid_at: '2026-11-27T07:58:00.000Z',
  transaction: 'trxn_test_1',
  failure_code: null,
  failure_message: null,
  ...change,
});

const eventBody = (data: unknown = charge()) =>
  JSON.stringify({ object: 'event', id: 'evnt_test_1', key: 'charge.complete', created_at: NOW.toISOString(), data });

const verify = (rawBody: string, headers = qrNotificationHeaders(SECRET, rawBody, NOW), now = NOW) =>
  verifyQrNotification({
    webhookSecretBase64: SECRET,
    signature: headers[QR_SIGNATURE_HEADER],
    timestamp: headers[QR_TIMESTAMP_HEADER],
    rawBody,
    now,
  });

describe('the notification signature', () => {
  it('is HMAC-SHA256 keyed by the decoded secret over "<timestamp>.<raw body>", in hexadecimal', () => {
    const body = eventBody();
    const expected = createHmac('sha256', Buffer.from('a webhook secret of thirty-two b'))
      .update(`1795766400.${body}`)
      .digest('hex');
    expect(signQrNotification(SECRET, 1_795_766_400, body)).toBe(expected);
  });

  it('a signed complete event is read with its charge and the code it carries', () => {
    const result = verify(eventBody());
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.message.data).toMatchObject({ id: 'chrg_test_5h2m123abc', amount: 12_345, status: 'successful' });
    expect(result.message.data.qr).toMatchObject({ dynamic: true, amountSen: 12_345, reference: 'CPREF0001' });
  });

  it('either of two signatures matches while a secret is rolled', () => {
    const body = eventBody();
    const headers = qrNotificationHeaders(SECRET, body, NOW);
    const other = signQrNotification(
      Buffer.from('another').toString('base64'),
      Number(headers[QR_TIMESTAMP_HEADER]),
      body,
    );
    expect(verify(body, { ...headers, [QR_SIGNATURE_HEADER]: `${other},${headers[QR_SIGNATURE_HEADER]}` }).ok).toBe(
      true,
    );
  });

  it('refuses a tampered body, another secret, a missing or malformed header, and a stale or future time', () => {
    const body = eventBody();
    const headers = qrNotificationHeaders(SECRET, body, NOW);
    expect(verify(body.replace('12345', '12346'), headers)).toMatchObject({ ok: false, code: 'bad_checksum' });
    expect(verify(body, qrNotificationHeaders(Buffer.from('x').toString('base64'), body, NOW))).toMatchObject({
      ok: false,
      code: 'bad_checksum',
    });
    expect(verify(body, { ...headers, [QR_SIGNATURE_HEADER]: '' })).toMatchObject({ ok: false, code: 'missing_field' });
    expect(verify(body, { ...headers, [QR_TIMESTAMP_HEADER]: '' })).toMatchObject({ ok: false, code: 'missing_field' });
    expect(verify(body, { ...headers, [QR_TIMESTAMP_HEADER]: '1e9' })).toMatchObject({
      ok: false,
      code: 'malformed_field',
    });
    expect(verify(body, { ...headers, [QR_SIGNATURE_HEADER]: 'zz' })).toMatchObject({
      ok: false,
      code: 'bad_checksum',
    });
    const late = new Date(NOW.getTime() + (QR_SIGNATURE_TOLERANCE_SECONDS + 1) * 1000);
    expect(verify(body, headers, late)).toMatchObject({ ok: false, code: 'stale' });
    const early = new Date(NOW.getTime() - (QR_SIGNATURE_TOLERANCE_SECONDS + 1) * 1000);
    expect(verify(body, headers, early)).toMatchObject({ ok: false, code: 'stale' });
    expect(verify(body, headers, new Date(NOW.getTime() + QR_SIGNATURE_TOLERANCE_SECONDS * 1000)).ok).toBe(true);
  });

  it('refuses a signed body that is not a complete event with a charge whose code is its own', () => {
    expect(verify('not json')).toMatchObject({ ok: false, code: 'malformed_field' });
    expect(verify(eventBody().replace('charge.complete', 'charge.create'))).toMatchObject({
      ok: false,
      code: 'wrong_message_type',
    });
    expect(verify(eventBody(charge({ amount: 12_346 })))).toMatchObject({ ok: false, code: 'mismatch' });
    expect(verify(eventBody(charge({ reference: 'CPREF0002' })))).toMatchObject({ ok: false, code: 'mismatch' });
    expect(verify(eventBody({ ...charge(), status: 'refunded' }))).toMatchObject({
      ok: false,
      code: 'malformed_field',
    });
  });
});

describe('a charge from the acquirer', () => {
  it('is checked field by field, its payload read as a dynamic DuitNow code of its amount and reference', () => {
    expect(parseQrCharge(charge()).ok).toBe(true);
    const bad: [unknown, string][] = [
      [null, 'malformed_field'],
      [{ ...charge(), object: 'refund' }, 'malformed_field'],
      [{ ...charge(), id: '<script>' }, 'malformed_field'],
      [{ ...charge(), amount: 1.5 }, 'malformed_field'],
      [{ ...charge(), currency: 'THB' }, 'malformed_field'],
      [{ ...charge(), created_at: 'yesterday' }, 'malformed_field'],
      [{ ...charge(), paid_at: 5 }, 'malformed_field'],
      [{ ...charge(), failure_message: 'x'.repeat(256) }, 'malformed_field'],
      [
        charge({ source: { type: 'duitnow_qr', scannable_code: { type: 'qr', payload: `${payload()}0` } } }),
        'malformed_field',
      ],
      [charge({ source: { type: 'duitnow_qr', scannable_code: { type: 'qr', payload: payload(99) } } }), 'mismatch'],
    ];
    for (const [value, code] of bad) expect(parseQrCharge(value)).toMatchObject({ ok: false, code });
  });
});

describe('a charge request (the acquirer’s check)', () => {
  const good = {
    amount: 100,
    currency: 'MYR',
    source: { type: 'duitnow_qr' },
    reference: 'CPREF0001',
    expires_in: 900,
  };

  it('takes a whole amount of sen in ringgit, its source, a reference and an expiry of a minute to a day', () => {
    expect(qrChargeRequestProblem(good)).toBeNull();
    expect(qrChargeRequestProblem({ ...good, amount: 0 })).toMatch(/amount/);
    expect(qrChargeRequestProblem({ ...good, amount: '100' })).toMatch(/amount/);
    expect(qrChargeRequestProblem({ ...good, currency: 'USD' })).toMatch(/currency/);
    expect(qrChargeRequestProblem({ ...good, source: { type: 'fpx' } })).toMatch(/source/);
    expect(qrChargeRequestProblem({ ...good, reference: 'has space' })).toMatch(/reference/);
    expect(qrChargeRequestProblem({ ...good, expires_in: 59 })).toMatch(/expires_in/);
    expect(qrChargeRequestProblem({ ...good, expires_in: 86_401 })).toMatch(/expires_in/);
    expect(qrChargeRequestProblem([good])).toMatch(/object/);
  });

  it('is authenticated by the secret key as the Basic user name', () => {
    expect(qrSecretKeyOf(qrBasicAuth('skey_test_123'))).toBe('skey_test_123');
    expect(qrSecretKeyOf(undefined)).toBeNull();
    expect(qrSecretKeyOf('Bearer skey_test_123')).toBeNull();
    expect(qrSecretKeyOf(`Basic ${Buffer.from(':nothing').toString('base64')}`)).toBeNull();
  });
});
