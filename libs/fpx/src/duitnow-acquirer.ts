/**
 * The QR acquirer's API, both sides: the merchant's requests and checks, the acquirer's (the simulator's)
 * answers and notifications. Modelled on Opn Payments' (Omise) charges API for DuitNow QR: the merchant creates
 * a charge (amount in sen, currency MYR, its own reference) with HTTP Basic authentication by its secret key; the
 * answer is a pending charge carrying the dynamic QR's EMVCo payload and its expiry; the outcome comes as a
 * signed `charge.complete` event posted to the merchant (retried until a 2xx) and is read again at any time with
 * `GET /charges/:id` (our enquiry). The event's signature is HMAC-SHA256, keyed by the base64-decoded webhook
 * secret, over `<timestamp>.<raw body>`, in hexadecimal in one header, the Unix time in seconds in another;
 * while a secret is being rolled the header holds two signatures separated by a comma, either may match.
 *
 * Another acquirer plugs in by giving the same three things: a charge with a payload, a signed notification,
 * an enquiry by id; the payload itself is DuitNow's (duitnow-qr.ts) whoever makes it.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { parseDuitNowQr, QrPayloadError, type DuitNowQr } from './duitnow-qr';
import { fail, type VerifyResult } from './verify';

export const QR_SOURCE_TYPE = 'duitnow_qr';
export const QR_CURRENCY = 'MYR';
/** The event posted when a charge reaches a final status (paid, failed or expired). */
export const QR_EVENT_COMPLETE = 'charge.complete';
export const QR_SIGNATURE_HEADER = 'omise-signature';
export const QR_TIMESTAMP_HEADER = 'omise-signature-timestamp';
/** A notification signed longer ago than this (or this far ahead) is stale: a replay, or a clock gone wrong. */
export const QR_SIGNATURE_TOLERANCE_SECONDS = 300;
/** How long a dynamic code may be paid: at least a minute, at most a day. */
export const QR_EXPIRY_SECONDS = { min: 60, max: 86_400 } as const;

/** pending: shown, not paid yet; successful: paid; failed: refused by the payer's bank or app; expired: unpaid. */
export type QrChargeStatus = 'pending' | 'successful' | 'failed' | 'expired';
export const QR_CHARGE_STATUSES: readonly QrChargeStatus[] = ['pending', 'successful', 'failed', 'expired'];

/** A charge as the acquirer answers it. */
export interface QrCharge {
  object: 'charge';
  /** The acquirer's id ("chrg_…"). */
  id: string;
  /** Integer sen. */
  amount: number;
  currency: typeof QR_CURRENCY;
  status: QrChargeStatus;
  /** The merchant's reference, as sent. */
  reference: string;
  source: { type: typeof QR_SOURCE_TYPE; scannable_code: { type: 'qr'; payload: string } };
  created_at: string;
  expires_at: string;
  /** When paid (a payment after expiry is still paid, with this time). */
  paid_at: string | null;
  /** The payer bank's transaction id, once paid. */
  transaction: string | null;
  failure_code: string | null;
  failure_message: string | null;
}

/** What the merchant sends to create a charge. */
export interface QrChargeRequest {
  amount: number;
  currency: typeof QR_CURRENCY;
  source: { type: typeof QR_SOURCE_TYPE };
  reference: string;
  /** Seconds from now the code may be paid. */
  expires_in: number;
  description?: string;
}

/** A notification's body. */
export interface QrEvent {
  object: 'event';
  id: string;
  key: typeof QR_EVENT_COMPLETE;
  created_at: string;
  data: QrCharge;
}

const REFERENCE = /^[A-Za-z0-9-]{1,25}$/;
const ID = /^[a-z]{4}_[A-Za-z0-9_]{1,64}$/;
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isIsoTime = (value: unknown): value is string =>
  typeof value === 'string' && value.length <= 40 && !Number.isNaN(Date.parse(value));
const nullableText = (value: unknown, max: number) =>
  value === null || (typeof value === 'string' && value.length <= max);

/** The Authorization header of the merchant's calls: its secret key as the Basic user name, no password. */
export function qrBasicAuth(secretKey: string): string {
  return `Basic ${Buffer.from(`${secretKey}:`).toString('base64')}`;
}

/** The secret key an Authorization header carries, or null. */
export function qrSecretKeyOf(authorization: string | undefined): string | null {
  const match = /^Basic ([A-Za-z0-9+/=]+)$/.exec(authorization ?? '');
  if (!match) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon > 0 ? decoded.slice(0, colon) : null;
}

/** Why a charge request cannot be taken (the acquirer's check), or null. */
export function qrChargeRequestProblem(body: unknown): string | null {
  if (!isRecord(body)) return 'the body must be a JSON object';
  const { amount, currency, source, reference, expires_in: expiresIn, description } = body;
  if (!Number.isSafeInteger(amount) || (amount as number) <= 0) return 'amount must be a positive whole number of sen';
  if (currency !== QR_CURRENCY) return `currency must be ${QR_CURRENCY}`;
  if (!isRecord(source) || source['type'] !== QR_SOURCE_TYPE) return `source.type must be ${QR_SOURCE_TYPE}`;
  if (typeof reference !== 'string' || !REFERENCE.test(reference))
    return 'reference must be 1 to 25 letters, digits or dashes';
  if (
    !Number.isSafeInteger(expiresIn) ||
    (expiresIn as number) < QR_EXPIRY_SECONDS.min ||
    (expiresIn as number) > QR_EXPIRY_SECONDS.max
  ) {
    return `expires_in must be ${QR_EXPIRY_SECONDS.min} to ${QR_EXPIRY_SECONDS.max} seconds`;
  }
  if (description !== undefined && (typeof description !== 'string' || description.length > 255)) {
    return 'description must be text of at most 255 characters';
  }
  return null;
}

/**
 * A charge from the acquirer, checked field by field (it is outside input like any other), with its payload read
 * as a DuitNow code: the code must be dynamic and carry the charge's own amount and reference.
 */
export function parseQrCharge(value: unknown): VerifyResult<QrCharge & { qr: DuitNowQr }> {
  if (!isRecord(value) || value['object'] !== 'charge') return fail('malformed_field', 'not a charge object');
  const { id, amount, currency, status, reference, source } = value;
  if (typeof id !== 'string' || !ID.test(id)) return fail('malformed_field', 'id is not an acquirer id');
  if (!Number.isSafeInteger(amount) || (amount as number) <= 0) return fail('malformed_field', 'amount is not sen');
  if (currency !== QR_CURRENCY) return fail('malformed_field', `currency is not ${QR_CURRENCY}`);
  if (!QR_CHARGE_STATUSES.includes(status as QrChargeStatus)) return fail('malformed_field', 'status is not known');
  if (typeof reference !== 'string' || !REFERENCE.test(reference))
    return fail('malformed_field', 'reference is not one');
  if (!isIsoTime(value['created_at']) || !isIsoTime(value['expires_at']))
    return fail('malformed_field', 'times are not ISO times');
  if (value['paid_at'] !== null && !isIsoTime(value['paid_at']))
    return fail('malformed_field', 'paid_at is not a time');
  for (const [name, max] of [
    ['transaction', 64],
    ['failure_code', 64],
    ['failure_message', 255],
  ] as const) {
    if (!nullableText(value[name], max)) return fail('malformed_field', `${name} is not text or null`);
  }
  const code = isRecord(source) && isRecord(source['scannable_code']) ? source['scannable_code'] : null;
  if (!isRecord(source) || source['type'] !== QR_SOURCE_TYPE || !code || typeof code['payload'] !== 'string') {
    return fail('malformed_field', `source is not a ${QR_SOURCE_TYPE} code`);
  }
  let qr: DuitNowQr;
  try {
    qr = parseDuitNowQr(code['payload']);
  } catch (error) {
    return fail(
      'malformed_field',
      `the QR payload is refused: ${error instanceof QrPayloadError ? error.message : 'unreadable'}`,
    );
  }
  if (!qr.dynamic || qr.amountSen !== amount || qr.reference !== reference) {
    return fail('mismatch', "the QR payload's amount or reference is not the charge's");
  }
  return { ok: true, message: { ...(value as unknown as QrCharge), qr } };
}

/** The hexadecimal signature of a notification body at a time (the acquirer's side, and the tests'). */
export function signQrNotification(webhookSecretBase64: string, timestampSeconds: number, rawBody: string): string {
  return createHmac('sha256', Buffer.from(webhookSecretBase64, 'base64'))
    .update(`${timestampSeconds}.${rawBody}`, 'utf8')
    .digest('hex');
}

/** The headers a notification is posted with. */
export function qrNotificationHeaders(
  webhookSecretBase64: string,
  rawBody: string,
  now = new Date(),
): Record<string, string> {
  const timestamp = Math.floor(now.getTime() / 1000);
  return {
    [QR_SIGNATURE_HEADER]: signQrNotification(webhookSecretBase64, timestamp, rawBody),
    [QR_TIMESTAMP_HEADER]: String(timestamp),
  };
}

/**
 * A posted notification checked: the signature over the raw body (any of the comma-separated ones, in constant
 * time), the timestamp within the tolerance of `now`, then the body as an event carrying a charge. Never throws.
 */
export function verifyQrNotification(input: {
  webhookSecretBase64: string;
  signature: string | undefined;
  timestamp: string | undefined;
  rawBody: string;
  now?: Date;
}): VerifyResult<QrEvent & { data: QrCharge & { qr: DuitNowQr } }> {
  const { signature, timestamp, rawBody } = input;
  if (!signature) return fail('missing_field', `missing header ${QR_SIGNATURE_HEADER}`);
  if (!timestamp) return fail('missing_field', `missing header ${QR_TIMESTAMP_HEADER}`);
  if (!/^\d{1,12}$/.test(timestamp)) return fail('malformed_field', `${QR_TIMESTAMP_HEADER} is not Unix seconds`);
  const expected = Buffer.from(signQrNotification(input.webhookSecretBase64, Number(timestamp), rawBody), 'hex');
  const matches = signature.split(',').some((candidate) => {
    const given = candidate.trim();
    if (!/^[0-9a-f]{64}$/i.test(given)) return false;
    return timingSafeEqual(Buffer.from(given, 'hex'), expected);
  });
  if (!matches) return fail('bad_checksum', 'the signature does not verify');
  const ageSeconds = Math.abs((input.now ?? new Date()).getTime() / 1000 - Number(timestamp));
  if (ageSeconds > QR_SIGNATURE_TOLERANCE_SECONDS) return fail('stale', `signed ${Math.round(ageSeconds)} s from now`);
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    return fail('malformed_field', 'the body is not JSON');
  }
  if (!isRecord(body) || body['object'] !== 'event' || body['key'] !== QR_EVENT_COMPLETE) {
    return fail('wrong_message_type', `not a ${QR_EVENT_COMPLETE} event`);
  }
  if (typeof body['id'] !== 'string' || !ID.test(body['id']) || !isIsoTime(body['created_at'])) {
    return fail('malformed_field', "the event's id or time is not one");
  }
  const charge = parseQrCharge(body['data']);
  if (!charge.ok) return charge;
  return { ok: true, message: { ...(body as unknown as QrEvent), data: charge.message } };
}
