/**
 * The gateway side of the card protocol, for the gateway simulator: verifying our signed request
 * and enquiry, and building the signed response (browser return, callback, enquiry answer).
 */
import { isCardMethod, type CardMethodCode } from '@councilpay/domain';
import {
  CARD_CURRENCY,
  cardEnquirySource,
  cardRequestSource,
  cardResponseSource,
  signCardSource,
  verifyCardSignature,
} from './card';
import { encodeFpxForm, readFields, type GatewayFields, type GatewayFieldsInput } from './form';
import { checkWireValue, formatAmountSen, parseAmountToSen } from './format';
import { fail, type VerifyResult, type VerifyFailure } from './verify';

/** A card request as the gateway receives it, verified. */
export interface CardRequestMessage {
  merID: string;
  invoiceNo: string;
  amount: string;
  amountSen: number;
  currency: string;
  paymentId: CardMethodCode;
  postURL: string;
  callbackURL: string;
  UserName: string;
  UserEmail: string;
  UserContact: string;
}

/** A card enquiry as the gateway receives it, verified. */
export interface CardEnquiryMessage {
  merID: string;
  invoiceNo: string;
  amount: string;
  amountSen: number;
  currency: string;
}

function readRequired(
  input: GatewayFieldsInput,
  required: readonly string[],
): { ok: true; fields: GatewayFields } | VerifyFailure {
  const { fields, invalid } = readFields(input);
  if (invalid.length > 0) return fail('invalid_field', `field ${invalid[0] ?? ''} is not a single text value`);
  const missing = required.find((name) => (fields[name] ?? '') === '');
  if (missing !== undefined) return fail('missing_field', `missing field ${missing}`);
  return { ok: true, fields };
}

const INVOICE = /^\d{20}$/;

/** Verifies a card request form (securityKeyReq) with the merchant secret. Never throws. */
export function verifyCardRequest(input: GatewayFieldsInput, secret: string): VerifyResult<CardRequestMessage> {
  const read = readRequired(input, [
    'amount',
    'merID',
    'invoiceNo',
    'currency',
    'paymentId',
    'securityKeyReq',
    'postURL',
  ]);
  if (!read.ok) return read;
  const f = (name: string): string => read.fields[name] ?? '';
  if (!verifyCardSignature(cardRequestSource(read.fields), f('securityKeyReq'), secret)) {
    return fail('bad_checksum', 'securityKeyReq does not verify');
  }
  const amountSen = parseAmountToSen(f('amount'));
  if (amountSen === null || amountSen <= 0) return fail('malformed_field', `amount '${f('amount')}' is not an amount`);
  if (!INVOICE.test(f('invoiceNo'))) return fail('malformed_field', `invoiceNo '${f('invoiceNo')}' is not 20 digits`);
  const paymentId = f('paymentId');
  if (!isCardMethod(paymentId)) return fail('malformed_field', `paymentId '${paymentId}' is not 48 or 49`);
  return {
    ok: true,
    message: {
      merID: f('merID'),
      invoiceNo: f('invoiceNo'),
      amount: f('amount'),
      amountSen,
      currency: f('currency'),
      paymentId,
      postURL: f('postURL'),
      callbackURL: f('callbackURL'),
      UserName: f('UserName'),
      UserEmail: f('UserEmail'),
      UserContact: f('UserContact'),
    },
  };
}

/** Verifies a card enquiry (signature) with the merchant secret. Never throws. */
export function verifyCardEnquiry(input: GatewayFieldsInput, secret: string): VerifyResult<CardEnquiryMessage> {
  const read = readRequired(input, ['merID', 'invoiceNo', 'amount', 'currency', 'signature']);
  if (!read.ok) return read;
  const f = (name: string): string => read.fields[name] ?? '';
  if (!verifyCardSignature(cardEnquirySource(read.fields), f('signature'), secret)) {
    return fail('bad_checksum', 'signature does not verify');
  }
  const amountSen = parseAmountToSen(f('amount'));
  if (amountSen === null) return fail('malformed_field', `amount '${f('amount')}' is not an amount`);
  return {
    ok: true,
    message: { merID: f('merID'), invoiceNo: f('invoiceNo'), amount: f('amount'), amountSen, currency: f('currency') },
  };
}

export interface CardResponseParams {
  merchantCode: string;
  /** The method ('48'/'49'), as in the request. */
  paymentId: string;
  /** The invoice number (20 digits). */
  refNo: string;
  /** Amount text as requested ("12.30") or integer sen. */
  amount: string | number;
  currency?: string;
  /** '1' success, '0' failed, '6' pending. */
  status: string;
  transId?: string;
  authCode?: string;
  remark?: string;
  errDesc?: string;
  secret: string;
}

/** Builds a signed card gateway response (browser return, callback, or enquiry answer). Throws FpxInputError on '|' or control characters. */
export function buildCardResponse(params: CardResponseParams): GatewayFields {
  const fields: GatewayFields = {
    merchantCode: checkWireValue('merchantCode', params.merchantCode),
    paymentId: checkWireValue('paymentId', params.paymentId, true),
    refNo: checkWireValue('refNo', params.refNo),
    amount:
      typeof params.amount === 'number' ? formatAmountSen(params.amount) : checkWireValue('amount', params.amount),
    currency: checkWireValue('currency', params.currency ?? CARD_CURRENCY),
    remark: checkWireValue('remark', params.remark ?? '', true),
    transId: checkWireValue('transId', params.transId ?? '', true),
    authCode: checkWireValue('authCode', params.authCode ?? '', true),
    status: checkWireValue('status', params.status),
    errDesc: checkWireValue('errDesc', params.errDesc ?? '', true),
    signature: '',
  };
  fields['signature'] = signCardSource(cardResponseSource(fields), params.secret);
  return fields;
}

/** Builds the signed answer to a card enquiry, with its URL-encoded body. */
export function buildCardEnquiryResponse(params: CardResponseParams): { fields: GatewayFields; body: string } {
  const fields = buildCardResponse(params);
  return { fields, body: encodeFpxForm(fields) };
}
