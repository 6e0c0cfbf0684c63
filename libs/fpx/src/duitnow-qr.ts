/**
 * DuitNow QR: the payload of a merchant-presented QR code as PayNet's national standard profiles EMVCo's QR Code
 * Specification for Payment Systems (merchant-presented mode). A payload is a string of data objects, each an id
 * of two digits, a length of two digits (characters of the value) and the value; templates (merchant account
 * information, additional data) hold data objects of their own. The last object is always the CRC (id 63,
 * length 04): CRC-16/CCITT-FALSE (polynomial 0x1021, initial value 0xFFFF, no reflection, no final XOR) over the
 * UTF-8 bytes of the whole payload up to and including "6304", as four upper-case hexadecimal digits.
 *
 * DuitNow's profile: the merchant account information in a template of ids 26 to 51 whose globally unique
 * identifier (sub-id 00) is PayNet's application identifier A0000006150001, with the acquirer's participant
 * code (01) and the merchant's id at that acquirer (02); currency 458 (ringgit), country MY. A dynamic code
 * (point of initiation 12) is made for one payment: it carries the amount and, in the additional data template
 * (62), the payment's reference as its reference label (05) and the bill number (01) when there is one.
 */
import { formatAmountSen, parseAmountToSen } from './format';

/** PayNet's application identifier: the merchant account template that names it is DuitNow's. */
export const DUITNOW_GUID = 'A0000006150001';
/** ISO 4217 numeric code of the ringgit. */
export const DUITNOW_CURRENCY = '458';
export const DUITNOW_COUNTRY = 'MY';
/** Point of initiation: a static code is reused (the payer types the amount), a dynamic one serves one payment. */
export const QR_STATIC = '11';
export const QR_DYNAMIC = '12';
/** Merchant category code of a council's collections: government services (ISO 18245). */
export const COUNCIL_MERCHANT_CATEGORY = '9399';

/** The EMVCo data object ids this module reads or writes. */
export const QR_ID = {
  payloadFormat: '00',
  pointOfInitiation: '01',
  merchantCategory: '52',
  currency: '53',
  amount: '54',
  country: '58',
  merchantName: '59',
  merchantCity: '60',
  postalCode: '61',
  additionalData: '62',
  crc: '63',
} as const;
/** Sub-ids of DuitNow's merchant account template. */
const ACCOUNT = { guid: '00', acquirer: '01', merchant: '02' } as const;
/** Sub-ids of the additional data template. */
const ADDITIONAL = { billNumber: '01', referenceLabel: '05' } as const;
/** Ids reserved for merchant account information templates. */
const ACCOUNT_TEMPLATES = { first: 26, last: 51 };

/** Thrown by the builder for input that cannot be put in a code, and by the parser for a payload it refuses. */
export class QrPayloadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'QrPayloadError';
  }
}

/** One data object: its id and its value (a template's value is its own objects, encoded). */
export interface QrDataObject {
  id: string;
  value: string;
}

/** CRC-16/CCITT-FALSE of a text's UTF-8 bytes, as EMVCo's QR payloads check themselves. */
export function crc16Ccitt(text: string): number {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit += 1) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc;
}

const crcText = (text: string) => crc16Ccitt(text).toString(16).toUpperCase().padStart(4, '0');

/** Data objects as EMVCo text: id, two-digit length, value, one after another. */
export function encodeDataObjects(objects: readonly QrDataObject[]): string {
  return objects
    .map(({ id, value }) => {
      if (!/^\d{2}$/.test(id)) throw new QrPayloadError(`data object id must be two digits, got "${id}"`);
      const length = [...value].length;
      if (length < 1 || length > 99) throw new QrPayloadError(`data object ${id} must hold 1 to 99 characters`);
      return `${id}${String(length).padStart(2, '0')}${value}`;
    })
    .join('');
}

/** The data objects of a payload or a template's value, in order; refuses anything that does not add up. */
export function decodeDataObjects(text: string): QrDataObject[] {
  const chars = [...text];
  const objects: QrDataObject[] = [];
  let at = 0;
  while (at < chars.length) {
    const head = chars.slice(at, at + 4).join('');
    if (!/^\d{4}$/.test(head))
      throw new QrPayloadError(`a data object must start with two-digit id and length at ${at}`);
    const id = head.slice(0, 2);
    const length = Number(head.slice(2));
    if (length < 1) throw new QrPayloadError(`data object ${id} is empty`);
    if (at + 4 + length > chars.length) throw new QrPayloadError(`data object ${id} runs past the end`);
    objects.push({ id, value: chars.slice(at + 4, at + 4 + length).join('') });
    at += 4 + length;
  }
  return objects;
}

/** A payload with its CRC appended: the objects, then "6304" and the CRC of everything before it. */
export function withCrc(objects: readonly QrDataObject[]): string {
  const body = `${encodeDataObjects(objects)}${QR_ID.crc}04`;
  return `${body}${crcText(body)}`;
}

/**
 * A payload's data objects once its CRC is checked: the CRC must be the last object and match (upper or lower
 * case hexadecimal), no id may appear twice, and the payload format indicator must come first.
 */
export function checkedDataObjects(payload: string): QrDataObject[] {
  if (typeof payload !== 'string' || payload.length < 8) throw new QrPayloadError('the payload is too short');
  const objects = decodeDataObjects(payload);
  const last = objects[objects.length - 1];
  if (!last || last.id !== QR_ID.crc || !/^[0-9A-Fa-f]{4}$/.test(last.value)) {
    throw new QrPayloadError('the payload must end with its CRC (63, four hexadecimal digits)');
  }
  const body = payload.slice(0, payload.length - 4);
  if (crcText(body) !== last.value.toUpperCase()) throw new QrPayloadError('the CRC does not match the payload');
  if (objects[0].id !== QR_ID.payloadFormat) throw new QrPayloadError('the payload format indicator must come first');
  const ids = new Set<string>();
  for (const { id } of objects) {
    if (ids.has(id)) throw new QrPayloadError(`data object ${id} appears twice`);
    ids.add(id);
  }
  return objects.slice(0, -1);
}

/** What a DuitNow QR code says. */
export interface DuitNowQr {
  /** The payload format indicator ("01"). */
  payloadFormat: string;
  /** Dynamic codes are made for one payment and carry its amount. */
  dynamic: boolean;
  /** The acquirer's PayNet participant code. */
  acquirerId: string;
  /** The merchant's id at its acquirer. */
  merchantId: string;
  merchantCategory: string;
  merchantName: string;
  merchantCity: string;
  postalCode?: string;
  /** Integer sen; absent on a static code the payer fills in (and "0.00" on some acquirers' static codes). */
  amountSen?: number;
  /** The reference label of the additional data: this portal's payment reference on the codes it makes. */
  reference?: string;
  billNumber?: string;
}

/** What a dynamic code for one payment holds. */
export interface DuitNowQrRequest {
  acquirerId: string;
  merchantId: string;
  merchantName: string;
  merchantCity: string;
  merchantCategory?: string;
  postalCode?: string;
  amountSen: number;
  reference: string;
  billNumber?: string;
}

const MERCHANT_NAME_MAX = 25;
const MERCHANT_CITY_MAX = 15;
const AMOUNT_MAX_CHARS = 13;
const ADDITIONAL_VALUE_MAX = 25;

function required(value: string | undefined, name: string, max: number, pattern?: RegExp): string {
  if (typeof value !== 'string' || value.length === 0) throw new QrPayloadError(`${name} is required`);
  if ([...value].length > max) throw new QrPayloadError(`${name} must be at most ${max} characters`);
  if (pattern && !pattern.test(value)) throw new QrPayloadError(`${name} has characters a code cannot carry`);
  return value;
}

/** Names and cities as printed: EMVCo's common character set, upper case is what apps show. */
const PRINTABLE = /^[\x20-\x7e]+$/;
const ALPHANUMERIC = /^[A-Za-z0-9-]+$/;

/** A dynamic DuitNow QR payload for one payment, CRC included. */
export function buildDuitNowQr(request: DuitNowQrRequest): string {
  if (!Number.isSafeInteger(request.amountSen) || request.amountSen <= 0) {
    throw new QrPayloadError('the amount must be a positive whole number of sen');
  }
  const amount = formatAmountSen(request.amountSen);
  if (amount.length > AMOUNT_MAX_CHARS) throw new QrPayloadError('the amount is too large for a code');
  const account = encodeDataObjects([
    { id: ACCOUNT.guid, value: DUITNOW_GUID },
    { id: ACCOUNT.acquirer, value: required(request.acquirerId, 'the acquirer id', 6, /^\d{6}$/) },
    { id: ACCOUNT.merchant, value: required(request.merchantId, 'the merchant id', 25, ALPHANUMERIC) },
  ]);
  const additional = encodeDataObjects([
    ...(request.billNumber !== undefined
      ? [
          {
            id: ADDITIONAL.billNumber,
            value: required(request.billNumber, 'the bill number', ADDITIONAL_VALUE_MAX, ALPHANUMERIC),
          },
        ]
      : []),
    {
      id: ADDITIONAL.referenceLabel,
      value: required(request.reference, 'the reference', ADDITIONAL_VALUE_MAX, ALPHANUMERIC),
    },
  ]);
  const category = request.merchantCategory ?? COUNCIL_MERCHANT_CATEGORY;
  if (!/^\d{4}$/.test(category)) throw new QrPayloadError('the merchant category must be four digits');
  return withCrc([
    { id: QR_ID.payloadFormat, value: '01' },
    { id: QR_ID.pointOfInitiation, value: QR_DYNAMIC },
    { id: '26', value: account },
    { id: QR_ID.merchantCategory, value: category },
    { id: QR_ID.currency, value: DUITNOW_CURRENCY },
    { id: QR_ID.amount, value: amount },
    { id: QR_ID.country, value: DUITNOW_COUNTRY },
    {
      id: QR_ID.merchantName,
      value: required(request.merchantName, 'the merchant name', MERCHANT_NAME_MAX, PRINTABLE),
    },
    {
      id: QR_ID.merchantCity,
      value: required(request.merchantCity, 'the merchant city', MERCHANT_CITY_MAX, PRINTABLE),
    },
    ...(request.postalCode !== undefined
      ? [{ id: QR_ID.postalCode, value: required(request.postalCode, 'the postal code', 10, /^\d+$/) }]
      : []),
    { id: QR_ID.additionalData, value: additional },
  ]);
}

function one(objects: readonly QrDataObject[], id: string, what: string): string {
  const found = objects.find((o) => o.id === id);
  if (!found) throw new QrPayloadError(`${what} (${id}) is missing`);
  return found.value;
}

/**
 * A DuitNow QR payload read and checked: the CRC, the structure, PayNet's merchant account template, ringgit and
 * Malaysia, and on a dynamic code an amount. Throws QrPayloadError naming what is wrong.
 */
export function parseDuitNowQr(payload: string): DuitNowQr {
  const objects = checkedDataObjects(payload);
  const payloadFormat = one(objects, QR_ID.payloadFormat, 'the payload format indicator');
  if (!/^\d{2}$/.test(payloadFormat)) throw new QrPayloadError('the payload format indicator must be two digits');
  const initiation = one(objects, QR_ID.pointOfInitiation, 'the point of initiation');
  if (initiation !== QR_STATIC && initiation !== QR_DYNAMIC) {
    throw new QrPayloadError('the point of initiation must be 11 (static) or 12 (dynamic)');
  }
  const account = objects
    .filter((o) => Number(o.id) >= ACCOUNT_TEMPLATES.first && Number(o.id) <= ACCOUNT_TEMPLATES.last)
    .map((o) => decodeDataObjects(o.value))
    .find((template) => template.find((o) => o.id === ACCOUNT.guid)?.value === DUITNOW_GUID);
  if (!account) throw new QrPayloadError(`no merchant account template names DuitNow (${DUITNOW_GUID})`);
  if (one(objects, QR_ID.currency, 'the currency') !== DUITNOW_CURRENCY) {
    throw new QrPayloadError(`the currency must be ${DUITNOW_CURRENCY} (ringgit)`);
  }
  if (one(objects, QR_ID.country, 'the country') !== DUITNOW_COUNTRY) {
    throw new QrPayloadError(`the country must be ${DUITNOW_COUNTRY}`);
  }
  const merchantCategory = one(objects, QR_ID.merchantCategory, 'the merchant category');
  if (!/^\d{4}$/.test(merchantCategory)) throw new QrPayloadError('the merchant category must be four digits');
  const amountText = objects.find((o) => o.id === QR_ID.amount)?.value;
  let amountSen: number | undefined;
  if (amountText !== undefined) {
    const parsed = parseAmountToSen(amountText);
    if (parsed === null || amountText.length > AMOUNT_MAX_CHARS) {
      throw new QrPayloadError('the amount must be digits with at most two decimals');
    }
    amountSen = parsed;
  }
  const dynamic = initiation === QR_DYNAMIC;
  if (dynamic && !amountSen) throw new QrPayloadError('a dynamic code must carry an amount above zero');
  const additionalText = objects.find((o) => o.id === QR_ID.additionalData)?.value;
  const additional = additionalText ? decodeDataObjects(additionalText) : [];
  const postalCode = objects.find((o) => o.id === QR_ID.postalCode)?.value;
  const reference = additional.find((o) => o.id === ADDITIONAL.referenceLabel)?.value;
  const billNumber = additional.find((o) => o.id === ADDITIONAL.billNumber)?.value;
  return {
    payloadFormat,
    dynamic,
    acquirerId: one(account, ACCOUNT.acquirer, "the acquirer's id"),
    merchantId: one(account, ACCOUNT.merchant, "the merchant's id"),
    merchantCategory,
    merchantName: one(objects, QR_ID.merchantName, 'the merchant name'),
    merchantCity: one(objects, QR_ID.merchantCity, 'the merchant city'),
    ...(postalCode !== undefined ? { postalCode } : {}),
    ...(amountSen !== undefined ? { amountSen } : {}),
    ...(reference !== undefined ? { reference } : {}),
    ...(billNumber !== undefined ? { billNumber } : {}),
  };
}
