/**
 * The merchant side of FPX: building the signed AR, AE and BE messages and verifying what FPX
 * sends back (AC direct and indirect, the AE response, the BC bank list).
 */
import { signFields, type KeyInput } from './checksum';
import { interpretDebitAuthCode, type DebitAuthInterpretation } from './codes';
import { parseBankList, type FpxBank } from './banks';
import { encodeFpxForm, parseFpxResponseBody, type GatewayFields, type GatewayFieldsInput } from './form';
import { checkWireValue, formatAmountSen, formatFpxTime, FpxInputError, parseAmountToSen, stripSpaces } from './format';
import { checkSignedMessage, fail, type VerifyResult } from './verify';

/** Protocol constants of our FPX integration. */
export const FPX_DEFAULTS = Object.freeze({
  msgToken: '01',
  version: '7.0',
  txnCurrency: 'MYR',
  productDesc: 'MDPG EPAYMENT',
  sellerBankCode: '01',
});

/** FPX configuration (from files or environment, never from the client). */
export interface FpxConfig {
  /** Seller exchange id (fpx_sellerExId). */
  sellerExId: string;
  /** Seller id (fpx_sellerId). */
  sellerId: string;
  /** Defaults to '01'. */
  sellerBankCode?: string;
  /** '01' (B2C) by default. */
  msgToken?: string;
  /** '7.0' by default. */
  version?: string;
  /** 'MDPG EPAYMENT' by default. */
  productDesc?: string;
  /** Our private key (PEM) that signs AR, AE and BE. */
  sellerPrivateKeyPem: KeyInput;
  /** The exchange's certificate or public key (PEM) that verifies AC, AE responses and BC. */
  exchangePublicKeyPem: KeyInput;
  /** Where the browser posts the AR. */
  arUrl: string;
  /** Where the server posts the AE. */
  aeUrl: string;
  /** Where the server posts the BE. */
  beUrl: string;
}

/** The order of one payment, as the AR carries it. */
export interface FpxOrder {
  /** Our exchange order number, unique per attempt (fpx_sellerExOrderNo). */
  sellerExOrderNo: string;
  /** Our order number (fpx_sellerOrderNo). */
  sellerOrderNo: string;
  /** When the order was made; sent in Malaysia time. Keep it: the AE must repeat it. */
  sellerTxnTime: Date;
  /** Amount in integer sen, more than zero. */
  amountSen: number;
  /** Payer email (spaces are stripped). */
  buyerEmail: string;
  /** Payer name, reduced to the characters FPX accepts (see sanitiseBuyerName); may end up empty. */
  buyerName: string;
  /** The bank the payer chose (fpx_buyerBankId). */
  buyerBankId: string;
  buyerBankBranch?: string;
  buyerAccNo?: string;
  buyerId?: string;
  makerName?: string;
  buyerIban?: string;
}

/** The AE repeats the order; the buyer fields may be unknown at requery time (then sent empty). */
export type FpxEnquiryOrder = Omit<FpxOrder, 'buyerEmail' | 'buyerName' | 'buyerBankId'> &
  Partial<Pick<FpxOrder, 'buyerEmail' | 'buyerName' | 'buyerBankId'>>;

/** A form for the browser to post (auto-submitting form to `action`). */
export interface FpxFormPost {
  action: string;
  fields: GatewayFields;
}

/** A server-to-server post: the same, plus the URL-encoded body. */
export interface FpxServerPost extends FpxFormPost {
  body: string;
}

/** Checks on an answer beyond its signature: that it is about the order we asked about. */
export interface FpxExpectedOrder {
  sellerExId?: string;
  sellerId?: string;
  sellerExOrderNo?: string;
  sellerOrderNo?: string;
  msgToken?: string;
  amountSen?: number;
}

/** An authorisation confirmation (AC), verified and typed. The same shape serves the AE response. */
export interface FpxConfirmation {
  msgType: string;
  msgToken: string;
  sellerExId: string;
  sellerExOrderNo: string;
  sellerTxnTime: string;
  sellerOrderNo: string;
  sellerId: string;
  txnCurrency: string;
  /** As received, e.g. "12.30". */
  txnAmount: string;
  /** txnAmount in integer sen. */
  amountSen: number;
  fpxTxnId: string;
  fpxTxnTime: string;
  buyerBankId: string;
  buyerBankBranch: string;
  buyerName: string;
  buyerId: string;
  buyerIban: string;
  makerName: string;
  debitAuthCode: string;
  debitAuthNo: string;
  creditAuthCode: string;
  creditAuthNo: string;
  checkSum: string;
  /** debitAuthCode interpreted: approved, pending or rejected with its reason. */
  result: DebitAuthInterpretation;
}

/** A bank list response (BC), verified. */
export interface FpxBankListMessage {
  msgType: string;
  msgToken: string;
  sellerExId: string;
  bankList: string;
  /** The parsed list, in the order received (sort with sortBanksForDisplay). */
  banks: FpxBank[];
}

interface ResolvedConfig {
  sellerExId: string;
  sellerId: string;
  sellerBankCode: string;
  msgToken: string;
  version: string;
  productDesc: string;
}

function resolveConfig(config: FpxConfig): ResolvedConfig {
  return {
    sellerExId: checkWireValue('sellerExId', config.sellerExId),
    sellerId: checkWireValue('sellerId', config.sellerId),
    sellerBankCode: checkWireValue('sellerBankCode', config.sellerBankCode ?? FPX_DEFAULTS.sellerBankCode),
    msgToken: checkWireValue('msgToken', config.msgToken ?? FPX_DEFAULTS.msgToken),
    version: checkWireValue('version', config.version ?? FPX_DEFAULTS.version),
    productDesc: checkWireValue('productDesc', config.productDesc ?? FPX_DEFAULTS.productDesc),
  };
}

/** Longest buyer name FPX takes. */
export const FPX_BUYER_NAME_MAX = 40;

/**
 * Reduces a payer name to what FPX accepts in fpx_buyerName: letters, digits, space and
 * @ / \ ( ) . , & ' _ - ; other characters (accents, non-Latin scripts, '|') are dropped,
 * runs of spaces collapsed, and the result cut to 40 characters.
 */
export function sanitiseBuyerName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9 @/\\().,&'_-]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, FPX_BUYER_NAME_MAX)
    .trim();
}

const BANK_ID = /^[A-Za-z0-9]+$/;

function requestFields(
  msgType: 'AR' | 'AE',
  config: FpxConfig,
  order: FpxEnquiryOrder,
  buyerRequired: boolean,
): GatewayFields {
  const c = resolveConfig(config);
  if (!Number.isSafeInteger(order.amountSen) || order.amountSen <= 0) {
    throw new FpxInputError(`amountSen must be a positive integer, got ${order.amountSen}`);
  }
  if (!(order.sellerTxnTime instanceof Date) || Number.isNaN(order.sellerTxnTime.getTime())) {
    throw new FpxInputError('sellerTxnTime must be a valid Date');
  }
  const buyerBankId = order.buyerBankId ?? '';
  if ((buyerRequired || buyerBankId !== '') && !BANK_ID.test(buyerBankId)) {
    throw new FpxInputError(`buyerBankId must be a bank id, got '${buyerBankId}'`);
  }
  const buyerEmail = stripSpaces(order.buyerEmail ?? '');
  const buyerName = sanitiseBuyerName(order.buyerName ?? '');
  // Written in the documented field order; fpx_checkSum is filled in place once signed.
  const fields: GatewayFields = {
    fpx_msgType: msgType,
    fpx_msgToken: c.msgToken,
    fpx_sellerExId: c.sellerExId,
    fpx_sellerExOrderNo: checkWireValue('sellerExOrderNo', order.sellerExOrderNo),
    fpx_sellerTxnTime: formatFpxTime(order.sellerTxnTime),
    fpx_sellerOrderNo: checkWireValue('sellerOrderNo', order.sellerOrderNo),
    fpx_sellerId: c.sellerId,
    fpx_sellerBankCode: c.sellerBankCode,
    fpx_txnCurrency: FPX_DEFAULTS.txnCurrency,
    fpx_txnAmount: formatAmountSen(order.amountSen),
    fpx_buyerEmail: checkWireValue('buyerEmail', buyerEmail, !buyerRequired),
    fpx_checkSum: '',
    fpx_buyerName: checkWireValue('buyerName', buyerName, true),
    fpx_buyerBankId: buyerBankId,
    fpx_buyerBankBranch: checkWireValue('buyerBankBranch', order.buyerBankBranch ?? '', true),
    fpx_buyerAccNo: checkWireValue('buyerAccNo', order.buyerAccNo ?? '', true),
    fpx_buyerId: checkWireValue('buyerId', order.buyerId ?? '', true),
    fpx_makerName: checkWireValue('makerName', order.makerName ?? '', true),
    fpx_buyerIban: checkWireValue('buyerIban', order.buyerIban ?? '', true),
    fpx_productDesc: c.productDesc,
    fpx_version: c.version,
  };
  fields['fpx_checkSum'] = signFields(msgType, fields, config.sellerPrivateKeyPem);
  return fields;
}

/**
 * The signed authorisation request (AR) the browser posts to FPX. Throws FpxInputError on unusable
 * input (amount not a positive integer, empty ids, '|' or control characters in a value).
 */
export function buildAuthorisationRequest(params: { config: FpxConfig; order: FpxOrder }): FpxFormPost {
  return { action: params.config.arUrl, fields: requestFields('AR', params.config, params.order, true) };
}

/**
 * The signed authorisation enquiry (AE) our server posts to FPX to requery an order: the AR's
 * fields with msgType AE, signed with the same layout. Pass the order exactly as sent in the AR.
 */
export function buildEnquiryRequest(params: { config: FpxConfig; order: FpxEnquiryOrder }): FpxServerPost {
  const fields = requestFields('AE', params.config, params.order, false);
  return { action: params.config.aeUrl, fields, body: encodeFpxForm(fields) };
}

/** The signed bank list enquiry (BE) our server posts to FPX. */
export function buildBankEnquiryRequest(config: FpxConfig): FpxServerPost {
  const c = resolveConfig(config);
  const fields: GatewayFields = {
    fpx_msgType: 'BE',
    fpx_msgToken: c.msgToken,
    fpx_sellerExId: c.sellerExId,
    fpx_version: c.version,
    fpx_checkSum: '',
  };
  fields['fpx_checkSum'] = signFields('BE', fields, config.sellerPrivateKeyPem);
  return { action: config.beUrl, fields, body: encodeFpxForm(fields) };
}

const CONFIRMATION_REQUIRED = [
  'fpx_msgType',
  'fpx_msgToken',
  'fpx_sellerExId',
  'fpx_sellerExOrderNo',
  'fpx_sellerTxnTime',
  'fpx_sellerOrderNo',
  'fpx_sellerId',
  'fpx_txnCurrency',
  'fpx_txnAmount',
  'fpx_fpxTxnId',
  'fpx_debitAuthCode',
  'fpx_checkSum',
] as const;

/** An AE answer for an order FPX does not know ('76') may carry no FPX transaction id. */
const ENQUIRY_RESPONSE_REQUIRED = CONFIRMATION_REQUIRED.filter((name) => name !== 'fpx_fpxTxnId');

function checkExpected(
  message: FpxConfirmation,
  expected: FpxExpectedOrder | undefined,
): VerifyResult<FpxConfirmation> {
  if (expected) {
    const textChecks: [keyof FpxExpectedOrder & keyof FpxConfirmation, string | undefined][] = [
      ['sellerExId', expected.sellerExId],
      ['sellerId', expected.sellerId],
      ['sellerExOrderNo', expected.sellerExOrderNo],
      ['sellerOrderNo', expected.sellerOrderNo],
      ['msgToken', expected.msgToken],
    ];
    for (const [name, want] of textChecks) {
      if (want !== undefined && message[name] !== want) {
        return fail('mismatch', `fpx_${name} is '${String(message[name])}', expected '${want}'`);
      }
    }
    if (expected.amountSen !== undefined && message.amountSen !== expected.amountSen) {
      return fail('mismatch', `fpx_txnAmount is ${message.txnAmount}, expected ${formatAmountSen(expected.amountSen)}`);
    }
  }
  // Every FPX order is in ringgit: an answer in another currency is not about an order of ours.
  if (message.txnCurrency !== FPX_DEFAULTS.txnCurrency) {
    return fail('mismatch', `fpx_txnCurrency is '${message.txnCurrency}', expected '${FPX_DEFAULTS.txnCurrency}'`);
  }
  return { ok: true, message };
}

function toConfirmation(fields: GatewayFields): VerifyResult<FpxConfirmation> {
  const f = (name: string): string => fields[`fpx_${name}`] ?? '';
  const amountSen = parseAmountToSen(f('txnAmount'));
  if (amountSen === null) return fail('malformed_field', `fpx_txnAmount '${f('txnAmount')}' is not an amount`);
  return {
    ok: true,
    message: {
      msgType: f('msgType'),
      msgToken: f('msgToken'),
      sellerExId: f('sellerExId'),
      sellerExOrderNo: f('sellerExOrderNo'),
      sellerTxnTime: f('sellerTxnTime'),
      sellerOrderNo: f('sellerOrderNo'),
      sellerId: f('sellerId'),
      txnCurrency: f('txnCurrency'),
      txnAmount: f('txnAmount'),
      amountSen,
      fpxTxnId: f('fpxTxnId'),
      fpxTxnTime: f('fpxTxnTime'),
      buyerBankId: f('buyerBankId'),
      buyerBankBranch: f('buyerBankBranch'),
      buyerName: f('buyerName'),
      buyerId: f('buyerId'),
      buyerIban: f('buyerIban'),
      makerName: f('makerName'),
      debitAuthCode: f('debitAuthCode'),
      debitAuthNo: f('debitAuthNo'),
      creditAuthCode: f('creditAuthCode'),
      creditAuthNo: f('creditAuthNo'),
      checkSum: f('checkSum'),
      result: interpretDebitAuthCode(f('debitAuthCode')),
    },
  };
}

function verifyConfirmationFields(
  input: GatewayFieldsInput,
  exchangeKey: KeyInput,
  allowedMsgTypes: readonly string[],
  required: readonly string[],
  expected: FpxExpectedOrder | undefined,
): VerifyResult<FpxConfirmation> {
  const checked = checkSignedMessage(input, 'AC', allowedMsgTypes, required, exchangeKey);
  if (!checked.ok) return checked;
  const parsed = toConfirmation(checked.fields);
  if (!parsed.ok) return parsed;
  return checkExpected(parsed.message, expected);
}

/**
 * Verifies an authorisation confirmation (AC) from FPX, direct (server to server) or indirect
 * (through the browser): single-valued fields, required fields present, msgType 'AC', checksum
 * valid with the exchange certificate/key, amount well formed, and (when given) that it answers
 * the expected order. Never throws.
 */
export function verifyAuthorisationConfirmation(
  fields: GatewayFieldsInput,
  exchangeKey: KeyInput,
  expected?: FpxExpectedOrder,
): VerifyResult<FpxConfirmation> {
  return verifyConfirmationFields(fields, exchangeKey, ['AC'], CONFIRMATION_REQUIRED, expected);
}

/**
 * Verifies FPX's answer to an AE (the response body text, or its parsed fields). FPX answers an
 * enquiry with an AC message (msgType 'AE' is accepted too); the checksum uses the AC layout and
 * fpx_fpxTxnId may be empty (e.g. '76' Transaction Not Found). Never throws.
 */
export function verifyEnquiryResponse(
  response: string | GatewayFieldsInput,
  exchangeKey: KeyInput,
  expected?: FpxExpectedOrder,
): VerifyResult<FpxConfirmation> {
  const fields = typeof response === 'string' ? parseFpxResponseBody(response) : response;
  return verifyConfirmationFields(fields, exchangeKey, ['AC', 'AE'], ENQUIRY_RESPONSE_REQUIRED, expected);
}

/** Verifies FPX's answer to a BE (the body text or its fields): msgType 'BC', checksum, and the expected ids. Never throws. */
export function verifyBankListResponse(
  response: string | GatewayFieldsInput,
  exchangeKey: KeyInput,
  expected?: { sellerExId?: string; msgToken?: string },
): VerifyResult<FpxBankListMessage> {
  const input = typeof response === 'string' ? parseFpxResponseBody(response) : response;
  const checked = checkSignedMessage(
    input,
    'BC',
    ['BC'],
    ['fpx_msgType', 'fpx_msgToken', 'fpx_sellerExId', 'fpx_bankList', 'fpx_checkSum'],
    exchangeKey,
  );
  if (!checked.ok) return checked;
  const f = checked.fields;
  const message: FpxBankListMessage = {
    msgType: f['fpx_msgType'] ?? '',
    msgToken: f['fpx_msgToken'] ?? '',
    sellerExId: f['fpx_sellerExId'] ?? '',
    bankList: f['fpx_bankList'] ?? '',
    banks: parseBankList(f['fpx_bankList'] ?? ''),
  };
  if (expected?.sellerExId !== undefined && message.sellerExId !== expected.sellerExId) {
    return fail('mismatch', `fpx_sellerExId is '${message.sellerExId}', expected '${expected.sellerExId}'`);
  }
  if (expected?.msgToken !== undefined && message.msgToken !== expected.msgToken) {
    return fail('mismatch', `fpx_msgToken is '${message.msgToken}', expected '${expected.msgToken}'`);
  }
  return { ok: true, message };
}
