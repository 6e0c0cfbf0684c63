/**
 * Normalisation of what people type before it is searched or sent: account ids per
 * payable type and email (phones: `phone.ts`). The portal normalises for display, the API normalises again before use.
 */
import type { PayableType } from './payable-types';

/** Hyphen-minus plus the Unicode hyphens and dashes that pasted ids bring along (‐ ‑ ‒ – — ― −). */
const DASHES = /[-\u2010-\u2015\u2212]/g;
const WHITESPACE = /\s/g;

function withoutDashes(text: string): string {
  return text.replace(DASHES, '');
}

function withoutWhitespace(text: string): string {
  return text.replace(WHITESPACE, '');
}

/**
 * Letters are compared in one case: bills print ids in capitals, people (and phones) type them in any case.
 * Only ASCII letters are folded, so the rule is the same in JavaScript and in SQL (`upper`/`lower` on stored
 * rows) whatever the locale.
 */
function upperAscii(text: string): string {
  return text.replace(/[a-z]+/g, (letters) => letters.toUpperCase());
}

function lowerAscii(text: string): string {
  return text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
}

/** How each payable type's account id is cleaned, after trimming: separators, then case. */
const ACCOUNT_ID_RULES: Record<PayableType, (trimmed: string) => string> = {
  /** Assessment ids lose dashes and whitespace ('A 1000 0001' for 'A-1000-0001') and are uppercased. */
  assessment: (id) => upperAscii(withoutWhitespace(withoutDashes(id))),
  /** Compound numbers lose dashes and whitespace and are uppercased. */
  compound: (id) => upperAscii(withoutWhitespace(withoutDashes(id))),
  /** Licence ids lose dashes and whitespace and are uppercased. */
  trading_license: (id) => upperAscii(withoutWhitespace(withoutDashes(id))),
  council_permit_license: (id) => upperAscii(withoutWhitespace(withoutDashes(id))),
  /** Tenancy ids lose spaces and are lowercased. */
  tenancy: (id) => lowerAscii(withoutWhitespace(id)),
  /** Engineering ids lose whitespace and are uppercased. */
  engineering: (id) => upperAscii(withoutWhitespace(id)),
  /** Booking ids are trimmed and uppercased; they are URL-encoded when sent (`encodeBookingId`). */
  booking: upperAscii,
  /** Local government charge and market bill ids are trimmed and uppercased. */
  local_government_charge: upperAscii,
  market_bill: upperAscii,
};

/** The account id to search for: trimmed, then cleaned by the payable type's rule. */
export function normaliseAccountId(type: PayableType, raw: string): string {
  return ACCOUNT_ID_RULES[type](raw.trim());
}

/** A booking id as sent in the `x-booking-id` header or a URL: URI-component encoded. */
export function encodeBookingId(bookingId: string): string {
  return encodeURIComponent(bookingId);
}

/** The booking id an encoded one stands for, or null when it is not a valid encoding ('%E0%A4%A', '%zz'). */
export function decodeBookingId(encoded: string): string | null {
  try {
    return decodeURIComponent(encoded);
  } catch {
    return null;
  }
}

/** The longest account, compound or licence id there is (bills print at most 30 characters). */
export const ACCOUNT_ID_MAX_LENGTH = 40;

/**
 * What an id may look like once normalised: a letter or digit first, then letters, digits, spaces and the
 * punctuation bills print ('/', '-', '.', '_', '(', ')', '#', '&', ':'). Anything else (quotes, '%', '<',
 * control characters ...) cannot be an id: 'Invalid Account No / License No'.
 */
const ACCOUNT_ID_SHAPE = /^[\p{L}\p{N}][\p{L}\p{N} ._/()#&:-]*$/u;

/** True when a normalised id can be an account, compound or licence id (else: invalid_account_no). */
export function isAccountIdShape(normalisedId: string): boolean {
  return (
    normalisedId.length > 0 &&
    Array.from(normalisedId).length <= ACCOUNT_ID_MAX_LENGTH &&
    ACCOUNT_ID_SHAPE.test(normalisedId)
  );
}

/** Example hints shown under the search field, one per payable type (formats as printed on bills). */
export const ACCOUNT_ID_EXAMPLES: Readonly<Record<PayableType, string>> = {
  assessment: 'A-1234-5678',
  compound: 'KMP-2024-000123',
  trading_license: 'LP-2024-00123',
  council_permit_license: 'PB-2024-00456',
  tenancy: 'GR 12',
  booking: 'BK-2024-0001',
  engineering: 'BP/2024/001',
  local_government_charge: 'LGC-TAPAK',
  market_bill: 'PSR-0123',
};

/** Email as stored and compared: whitespace stripped, lowercased. */
export function normaliseEmail(raw: string): string {
  return withoutWhitespace(raw).toLowerCase();
}
