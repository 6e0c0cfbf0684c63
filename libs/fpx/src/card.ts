/**
 * The card gateway: a signed-redirect gateway. Our server signs the request form the browser posts
 * to the gateway (the card form belongs to the gateway: card numbers and CVV never pass through
 * these messages or our API); the gateway returns the browser and calls back with a signed response;
 * an enquiry asks for the status of an invoice (requery).
 *
 * Signatures are HMAC-SHA256, lower-case hex, keyed with the merchant secret shared with the
 * gateway (configuration, e.g. CARD_GATEWAY_SECRET; never sent to the client), over values joined
 * with '|' in a fixed order:
 *   request  (securityKeyReq): merID|invoiceNo|amount|currency|paymentId|postURL|callbackURL
 *   response (signature):      merchantCode|paymentId|refNo|amount|currency|status|transId|authCode
 *   enquiry  (signature):      merID|invoiceNo|amount|currency
 * remark and errDesc are not signed: treat them as display text only.
 *
 * Response status: '1' success (approved), '0' failed (rejected, errDesc says why), '6' pending
 * (ask again). Any other status is treated as pending so that an enquiry settles it.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { isCardMethod, type CardMethodCode } from '@councilpay/domain';
import type { GatewayOutcome } from './codes';
import { encodeFpxForm, parseFormBody, readFields, type GatewayFields, type GatewayFieldsInput } from './form';
import { checkWireValue, formatAmountSen, FpxInputError, parseAmountToSen, stripSpaces } from './format';
import { fail, type VerifyResult } from './verify';

export const CARD_CURRENCY = 'MYR';

/** Invoice numbers are zero-padded to 20 digits. */
export const INVOICE_NO_LENGTH = 20;

/** Zero-pads an invoice number (digits only, at most 20) to 20 digits. Throws FpxInputError otherwise. */
export function padInvoiceNo(invoiceNo: string | number | bigint): string {
  let text: string;
  if (typeof invoiceNo === 'number') {
    if (!Number.isSafeInteger(invoiceNo) || invoiceNo < 0)
      throw new FpxInputError(`invoiceNo must be a non-negative integer, got ${invoiceNo}`);
    text = invoiceNo.toString();
  } else {
    text = invoiceNo.toString().trim();
  }
  if (!/^\d{1,20}$/.test(text))
    throw new FpxInputError(`invoiceNo must be 1 to ${INVOICE_NO_LENGTH} digits, got '${text}'`);
  return text.padStart(INVOICE_NO_LENGTH, '0');
}

function fixedSource(values: readonly string[]): string {
  return values.join('|');
}

/**
 * Source string of the request signature (securityKeyReq): merID|invoiceNo|amount|currency|paymentId|
 * postURL|callbackURL. The return and callback addresses are signed, so nobody on the way can send the
 * gateway's answers elsewhere.
 */
export function cardRequestSource(f: Readonly<Record<string, string | undefined>>): string {
  return fixedSource([
    f['merID'] ?? '',
    f['invoiceNo'] ?? '',
    f['amount'] ?? '',
    f['currency'] ?? '',
    f['paymentId'] ?? '',
    f['postURL'] ?? '',
    f['callbackURL'] ?? '',
  ]);
}

/** Source string of the response signature: merchantCode|paymentId|refNo|amount|currency|status|transId|authCode. */
export function cardResponseSource(f: Readonly<Record<string, string | undefined>>): string {
  return fixedSource(
    ['merchantCode', 'paymentId', 'refNo', 'amount', 'currency', 'status', 'transId', 'authCode'].map(
      (name) => f[name] ?? '',
    ),
  );
}

/** Source string of the enquiry signature: merID|invoiceNo|amount|currency. */
export function cardEnquirySource(f: Readonly<Record<string, string | undefined>>): string {
  return fixedSource([f['merID'] ?? '', f['invoiceNo'] ?? '', f['amount'] ?? '', f['currency'] ?? '']);
}

function checkSecret(secret: string): string {
  if (typeof secret !== 'string' || secret.length === 0)
    throw new FpxInputError('the card gateway secret is not configured');
  return secret;
}

/** HMAC-SHA256 of a source string with the merchant secret, lower-case hex. */
export function signCardSource(source: string, secret: string): string {
  return createHmac('sha256', checkSecret(secret)).update(source, 'utf8').digest('hex');
}

const SHA256_HEX = /^[0-9a-fA-F]{64}$/;

/** Compares a hex signature (either case) with the expected one in constant time. Never throws. */
export function verifyCardSignature(source: string, hexSignature: string, secret: string): boolean {
  if (
    typeof hexSignature !== 'string' ||
    !SHA256_HEX.test(hexSignature) ||
    typeof secret !== 'string' ||
    secret.length === 0
  ) {
    return false;
  }
  const expected = Buffer.from(signCardSource(source, secret), 'hex');
  const given = Buffer.from(hexSignature, 'hex');
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export interface CardPayer {
  name: string;
  email: string;
  contact: string;
}

export interface CardRequestParams {
  /** The gateway's payment page, where the browser posts the form. */
  gatewayUrl: string;
  merchantId: string;
  invoiceNo: string | number | bigint;
  amountSen: number;
  payer: CardPayer;
  /** The card method (paymentId): 48 Visa, 49 Mastercard (CARD_METHODS of libs/domain). */
  method: CardMethodCode;
  /** Where the gateway returns the browser (postURL). */
  returnUrl: string;
  /** Where the gateway posts the server-to-server response (callbackURL). */
  callbackUrl: string;
  /** Merchant secret from configuration. */
  secret: string;
}

/**
 * The signed card request form: amount, merID, invoiceNo (20 digits), currency, paymentId (the
 * method), securityKeyReq, postURL, callbackURL, UserName, UserEmail, UserContact. Spaces are
 * stripped from the email and contact. Throws FpxInputError on unusable input.
 */
export function buildCardRequest(params: CardRequestParams): { action: string; fields: GatewayFields } {
  if (!Number.isSafeInteger(params.amountSen) || params.amountSen <= 0) {
    throw new FpxInputError(`amountSen must be a positive integer, got ${params.amountSen}`);
  }
  if (!isCardMethod(params.method)) throw new FpxInputError(`method must be 48 or 49, got '${String(params.method)}'`);
  const fields: GatewayFields = {
    amount: formatAmountSen(params.amountSen),
    merID: checkWireValue('merchantId', params.merchantId),
    invoiceNo: padInvoiceNo(params.invoiceNo),
    currency: CARD_CURRENCY,
    paymentId: params.method,
    securityKeyReq: '',
    postURL: checkWireValue('returnUrl', params.returnUrl),
    callbackURL: checkWireValue('callbackUrl', params.callbackUrl),
    UserName: checkWireValue('payer.name', params.payer.name.trim(), true),
    UserEmail: checkWireValue('payer.email', stripSpaces(params.payer.email), true),
    UserContact: checkWireValue('payer.contact', stripSpaces(params.payer.contact), true),
  };
  fields['securityKeyReq'] = signCardSource(cardRequestSource(fields), params.secret);
  return { action: params.gatewayUrl, fields };
}

export interface CardStatusInterpretation {
  outcome: GatewayOutcome;
  status: string;
  reason: string;
}

/**
 * The card gateway's rejection reasons we show (each translated in libs/i18n). errDesc is outside the signature,
 * so its text is never shown or mailed as it came: a known reason is taken from this list, anything else is
 * shown as a plain decline.
 */
export const CARD_REASONS = [
  'Card declined',
  'Cancelled by payer',
  'Transaction not found',
  'Failed',
  'Insufficient funds',
  'Expired card',
  'Invalid card',
  'Do not honour',
  'Authentication failed',
] as const;
export type CardReason = (typeof CARD_REASONS)[number];

/** Our own text for an (unsigned) errDesc: the known reason it names, "Failed" for none, else "Card declined". */
export function cardReason(errDesc: string): CardReason {
  const text = errDesc.trim().toLowerCase().replace(/\s+/g, ' ');
  if (text === '') return 'Failed';
  if (text === 'do not honor') return 'Do not honour';
  return CARD_REASONS.find((reason) => reason.toLowerCase() === text) ?? 'Card declined';
}

/** '1' approved, '0' rejected (a reason of ours for errDesc), '6' pending; anything else pending (an enquiry settles it). */
export function interpretCardStatus(status: string, errDesc = ''): CardStatusInterpretation {
  const s = status.trim();
  if (s === '1') return { outcome: 'approved', status: s, reason: 'Success' };
  if (s === '0') return { outcome: 'rejected', status: s, reason: cardReason(errDesc) };
  if (s === '6') return { outcome: 'pending', status: s, reason: 'Pending' };
  return { outcome: 'pending', status: s, reason: `Unknown status '${s}'` };
}

/** A card gateway response (browser return, callback or enquiry answer), verified and typed. */
export interface CardResponse {
  merchantCode: string;
  paymentId: string;
  /** Our invoice number (20 digits). */
  refNo: string;
  amount: string;
  amountSen: number;
  currency: string;
  remark: string;
  transId: string;
  authCode: string;
  status: string;
  errDesc: string;
  signature: string;
  result: CardStatusInterpretation;
}

export interface CardExpected {
  merchantId?: string;
  /** The card method the payment was made with (48 Visa, 49 Mastercard); checked on responses. */
  paymentId?: string;
  invoiceNo?: string | number | bigint;
  amountSen?: number;
}

const RESPONSE_REQUIRED = ['merchantCode', 'refNo', 'amount', 'currency', 'status', 'signature'] as const;

/**
 * Verifies a card gateway response: single-valued fields, required ones present, the signature
 * (HMAC-SHA256, compared in constant time), the amount well formed, and (when given) that it is for
 * the expected merchant, invoice and amount. Never throws.
 */
export function verifyCardResponse(
  input: GatewayFieldsInput,
  secret: string,
  expected?: CardExpected,
): VerifyResult<CardResponse> {
  const { fields, invalid } = readFields(input);
  const names: readonly string[] = [...RESPONSE_REQUIRED, 'paymentId', 'remark', 'transId', 'authCode', 'errDesc'];
  const badName = invalid.find((name) => names.includes(name));
  if (badName !== undefined) return fail('invalid_field', `field ${badName} is not a single text value`);
  const missing = RESPONSE_REQUIRED.find((name) => (fields[name] ?? '') === '');
  if (missing !== undefined) return fail('missing_field', `missing field ${missing}`);
  if (!verifyCardSignature(cardResponseSource(fields), fields['signature'] ?? '', secret)) {
    return fail('bad_checksum', 'signature does not verify');
  }
  const f = (name: string): string => fields[name] ?? '';
  const amountSen = parseAmountToSen(f('amount'));
  if (amountSen === null) return fail('malformed_field', `amount '${f('amount')}' is not an amount`);
  const message: CardResponse = {
    merchantCode: f('merchantCode'),
    paymentId: f('paymentId'),
    refNo: f('refNo'),
    amount: f('amount'),
    amountSen,
    currency: f('currency'),
    remark: f('remark'),
    transId: f('transId'),
    authCode: f('authCode'),
    status: f('status'),
    errDesc: f('errDesc'),
    signature: f('signature'),
    result: interpretCardStatus(f('status'), f('errDesc')),
  };
  if (expected?.merchantId !== undefined && message.merchantCode !== expected.merchantId) {
    return fail('mismatch', `merchantCode is '${message.merchantCode}', expected '${expected.merchantId}'`);
  }
  if (expected?.invoiceNo !== undefined) {
    let want: string;
    try {
      want = padInvoiceNo(expected.invoiceNo);
    } catch {
      return fail('mismatch', `expected invoice number '${String(expected.invoiceNo)}' is not valid`);
    }
    if (message.refNo !== want) return fail('mismatch', `refNo is '${message.refNo}', expected '${want}'`);
  }
  if (expected?.amountSen !== undefined && amountSen !== expected.amountSen) {
    return fail('mismatch', `amount is ${message.amount}, expected ${formatAmountSen(expected.amountSen)}`);
  }
  if (message.currency !== CARD_CURRENCY) {
    return fail('mismatch', `currency is '${message.currency}', expected '${CARD_CURRENCY}'`);
  }
  if (expected?.paymentId !== undefined && message.paymentId !== expected.paymentId) {
    return fail('mismatch', `paymentId is '${message.paymentId}', expected '${expected.paymentId}'`);
  }
  return { ok: true, message };
}

/** The signed enquiry (requery) our server posts to the gateway: merID, invoiceNo, amount, currency, signature. */
export function buildCardEnquiry(params: {
  enquiryUrl: string;
  merchantId: string;
  invoiceNo: string | number | bigint;
  amountSen: number;
  secret: string;
}): { action: string; fields: GatewayFields; body: string } {
  if (!Number.isSafeInteger(params.amountSen) || params.amountSen <= 0) {
    throw new FpxInputError(`amountSen must be a positive integer, got ${params.amountSen}`);
  }
  const fields: GatewayFields = {
    merID: checkWireValue('merchantId', params.merchantId),
    invoiceNo: padInvoiceNo(params.invoiceNo),
    amount: formatAmountSen(params.amountSen),
    currency: CARD_CURRENCY,
    signature: '',
  };
  fields['signature'] = signCardSource(cardEnquirySource(fields), params.secret);
  return { action: params.enquiryUrl, fields, body: encodeFpxForm(fields) };
}

/** Verifies the gateway's answer to an enquiry (URL-encoded body text or its fields): same fields and signature as a response. Never throws. */
export function verifyCardEnquiryResponse(
  response: string | GatewayFieldsInput,
  secret: string,
  expected?: CardExpected,
): VerifyResult<CardResponse> {
  return verifyCardResponse(typeof response === 'string' ? parseFormBody(response) : response, secret, expected);
}
