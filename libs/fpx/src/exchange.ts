/**
 * The exchange side of FPX, for the gateway simulator (it plays FPX): verifying our AR, AE and BE
 * with the seller's public key, and building the signed AC, AE response and BC bank list.
 */
import { signFields, type KeyInput } from './checksum';
import { formatBankList, type FpxBank } from './banks';
import { encodeFpxForm, type GatewayFields, type GatewayFieldsInput } from './form';
import { checkWireValue, formatFpxTime, parseAmountToSen, parseFpxTime } from './format';
import { FPX_DEFAULTS } from './messages';
import { checkSignedMessage, fail, type VerifyResult } from './verify';

/** An AR or AE as the exchange receives it, verified and typed. */
export interface FpxRequestMessage {
  msgType: 'AR' | 'AE';
  msgToken: string;
  sellerExId: string;
  sellerExOrderNo: string;
  sellerTxnTime: string;
  sellerOrderNo: string;
  sellerId: string;
  sellerBankCode: string;
  txnCurrency: string;
  txnAmount: string;
  /** txnAmount in integer sen. */
  amountSen: number;
  buyerEmail: string;
  buyerName: string;
  buyerBankId: string;
  buyerBankBranch: string;
  buyerAccNo: string;
  buyerId: string;
  makerName: string;
  buyerIban: string;
  productDesc: string;
  version: string;
  checkSum: string;
}

/** A BE as the exchange receives it, verified. */
export interface FpxBankEnquiryMessage {
  msgType: 'BE';
  msgToken: string;
  sellerExId: string;
  version: string;
}

const REQUEST_REQUIRED = [
  'fpx_msgType',
  'fpx_msgToken',
  'fpx_sellerExId',
  'fpx_sellerExOrderNo',
  'fpx_sellerTxnTime',
  'fpx_sellerOrderNo',
  'fpx_sellerId',
  'fpx_sellerBankCode',
  'fpx_txnCurrency',
  'fpx_txnAmount',
  'fpx_productDesc',
  'fpx_version',
  'fpx_checkSum',
] as const;

function verifyRequest(
  msgType: 'AR' | 'AE',
  input: GatewayFieldsInput,
  sellerPublicKey: KeyInput,
): VerifyResult<FpxRequestMessage> {
  const required = msgType === 'AR' ? [...REQUEST_REQUIRED, 'fpx_buyerBankId'] : REQUEST_REQUIRED;
  const checked = checkSignedMessage(input, msgType, [msgType], required, sellerPublicKey);
  if (!checked.ok) return checked;
  const f = (name: string): string => checked.fields[`fpx_${name}`] ?? '';
  const amountSen = parseAmountToSen(f('txnAmount'));
  if (amountSen === null || amountSen <= 0)
    return fail('malformed_field', `fpx_txnAmount '${f('txnAmount')}' is not an amount`);
  if (parseFpxTime(f('sellerTxnTime')) === null) {
    return fail('malformed_field', `fpx_sellerTxnTime '${f('sellerTxnTime')}' is not YYYYMMDDhhmmss`);
  }
  return {
    ok: true,
    message: {
      msgType,
      msgToken: f('msgToken'),
      sellerExId: f('sellerExId'),
      sellerExOrderNo: f('sellerExOrderNo'),
      sellerTxnTime: f('sellerTxnTime'),
      sellerOrderNo: f('sellerOrderNo'),
      sellerId: f('sellerId'),
      sellerBankCode: f('sellerBankCode'),
      txnCurrency: f('txnCurrency'),
      txnAmount: f('txnAmount'),
      amountSen,
      buyerEmail: f('buyerEmail'),
      buyerName: f('buyerName'),
      buyerBankId: f('buyerBankId'),
      buyerBankBranch: f('buyerBankBranch'),
      buyerAccNo: f('buyerAccNo'),
      buyerId: f('buyerId'),
      makerName: f('makerName'),
      buyerIban: f('buyerIban'),
      productDesc: f('productDesc'),
      version: f('version'),
      checkSum: f('checkSum'),
    },
  };
}

/** Verifies an authorisation request (AR) with the seller's public key or certificate. Never throws. */
export function verifyAuthorisationRequest(
  fields: GatewayFieldsInput,
  sellerPublicKey: KeyInput,
): VerifyResult<FpxRequestMessage> {
  return verifyRequest('AR', fields, sellerPublicKey);
}

/** Verifies an authorisation enquiry (AE) with the seller's public key or certificate. Never throws. */
export function verifyEnquiryRequest(
  fields: GatewayFieldsInput,
  sellerPublicKey: KeyInput,
): VerifyResult<FpxRequestMessage> {
  return verifyRequest('AE', fields, sellerPublicKey);
}

/** Verifies a bank list enquiry (BE) with the seller's public key or certificate. Never throws. */
export function verifyBankEnquiryRequest(
  fields: GatewayFieldsInput,
  sellerPublicKey: KeyInput,
): VerifyResult<FpxBankEnquiryMessage> {
  const checked = checkSignedMessage(
    fields,
    'BE',
    ['BE'],
    ['fpx_msgType', 'fpx_msgToken', 'fpx_sellerExId', 'fpx_version', 'fpx_checkSum'],
    sellerPublicKey,
  );
  if (!checked.ok) return checked;
  const f = checked.fields;
  return {
    ok: true,
    message: {
      msgType: 'BE',
      msgToken: f['fpx_msgToken'] ?? '',
      sellerExId: f['fpx_sellerExId'] ?? '',
      version: f['fpx_version'] ?? '',
    },
  };
}

/** The request fields an AC echoes. */
export type FpxConfirmationRequest = Pick<
  FpxRequestMessage,
  | 'msgToken'
  | 'sellerExId'
  | 'sellerExOrderNo'
  | 'sellerTxnTime'
  | 'sellerOrderNo'
  | 'sellerId'
  | 'txnCurrency'
  | 'txnAmount'
> &
  Partial<
    Pick<FpxRequestMessage, 'buyerBankId' | 'buyerBankBranch' | 'buyerName' | 'buyerId' | 'buyerIban' | 'makerName'>
  >;

export interface FpxConfirmationParams {
  /** The (verified) AR or AE being answered. */
  request: FpxConfirmationRequest;
  /** The answer: '00' approved, '09'/'99' pending, another code rejected. */
  debitAuthCode: string;
  /** Defaults to debitAuthCode. */
  creditAuthCode?: string;
  debitAuthNo?: string;
  creditAuthNo?: string;
  /** FPX transaction id; empty only in an AE response for an unknown order. */
  fpxTxnId: string;
  /** When FPX processed it (a Date is written in Malaysia time). */
  fpxTxnTime: Date | string;
  /** Override the buyer fields echoed from the request (a bank fills in the account holder's name). */
  buyerName?: string;
  buyerBankId?: string;
  buyerBankBranch?: string;
  buyerId?: string;
  buyerIban?: string;
  makerName?: string;
  /** The exchange's private key (PEM). */
  exchangePrivateKeyPem: KeyInput;
}

/**
 * Builds a signed authorisation confirmation (AC): what FPX posts to the merchant's direct
 * callback and, through the browser, to its indirect return URL. Throws FpxInputError on a value
 * containing '|' or control characters.
 */
export function buildAuthorisationConfirmation(params: FpxConfirmationParams): GatewayFields {
  const r = params.request;
  const text = (name: string, value: string | undefined): string => checkWireValue(name, value ?? '', true);
  const fields: GatewayFields = {
    fpx_msgType: 'AC',
    fpx_msgToken: text('msgToken', r.msgToken),
    fpx_sellerExId: text('sellerExId', r.sellerExId),
    fpx_sellerExOrderNo: text('sellerExOrderNo', r.sellerExOrderNo),
    fpx_sellerTxnTime: text('sellerTxnTime', r.sellerTxnTime),
    fpx_sellerOrderNo: text('sellerOrderNo', r.sellerOrderNo),
    fpx_sellerId: text('sellerId', r.sellerId),
    fpx_txnCurrency: text('txnCurrency', r.txnCurrency || FPX_DEFAULTS.txnCurrency),
    fpx_txnAmount: text('txnAmount', r.txnAmount),
    fpx_checkSum: '',
    fpx_fpxTxnId: text('fpxTxnId', params.fpxTxnId),
    fpx_fpxTxnTime:
      params.fpxTxnTime instanceof Date ? formatFpxTime(params.fpxTxnTime) : text('fpxTxnTime', params.fpxTxnTime),
    fpx_buyerBankId: text('buyerBankId', params.buyerBankId ?? r.buyerBankId),
    fpx_buyerBankBranch: text('buyerBankBranch', params.buyerBankBranch ?? r.buyerBankBranch),
    fpx_buyerName: text('buyerName', params.buyerName ?? r.buyerName),
    fpx_buyerId: text('buyerId', params.buyerId ?? r.buyerId),
    fpx_buyerIban: text('buyerIban', params.buyerIban ?? r.buyerIban),
    fpx_makerName: text('makerName', params.makerName ?? r.makerName),
    fpx_debitAuthCode: checkWireValue('debitAuthCode', params.debitAuthCode),
    fpx_debitAuthNo: text('debitAuthNo', params.debitAuthNo),
    fpx_creditAuthCode: text('creditAuthCode', params.creditAuthCode ?? params.debitAuthCode),
    fpx_creditAuthNo: text('creditAuthNo', params.creditAuthNo),
  };
  fields['fpx_checkSum'] = signFields('AC', fields, params.exchangePrivateKeyPem);
  return fields;
}

/**
 * Builds the exchange's answer to an AE: an AC message (as FPX does) with its URL-encoded body.
 * For an order the exchange does not know, answer debitAuthCode '76' with an empty fpxTxnId.
 */
export function buildEnquiryResponse(params: FpxConfirmationParams): { fields: GatewayFields; body: string } {
  const fields = buildAuthorisationConfirmation(params);
  return { fields, body: encodeFpxForm(fields) };
}

/** Builds the signed bank list response (BC) to a BE, with its URL-encoded body. */
export function buildBankListResponse(params: {
  sellerExId: string;
  /** Defaults to '01'. */
  msgToken?: string;
  /** The banks with their availability, or a ready `id~A,id~B` list. */
  banks: readonly Pick<FpxBank, 'id' | 'online'>[] | string;
  exchangePrivateKeyPem: KeyInput;
}): { fields: GatewayFields; body: string } {
  const bankList = typeof params.banks === 'string' ? params.banks : formatBankList(params.banks);
  const fields: GatewayFields = {
    fpx_msgType: 'BC',
    fpx_msgToken: checkWireValue('msgToken', params.msgToken ?? FPX_DEFAULTS.msgToken),
    fpx_sellerExId: checkWireValue('sellerExId', params.sellerExId),
    fpx_bankList: checkWireValue('bankList', bankList, true),
    fpx_checkSum: '',
  };
  fields['fpx_checkSum'] = signFields('BC', fields, params.exchangePrivateKeyPem);
  return { fields, body: encodeFpxForm(fields) };
}
