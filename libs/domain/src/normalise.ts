/**
 * Normalisation of what people type before it is searched or sent (spec section 5): account ids per
 * payable type, email and phone. The portal normalises for display, the API normalises again before use.
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

/** How each payable type's account id is cleaned, after trimming. */
const ACCOUNT_ID_RULES: Record<PayableType, (trimmed: string) => string> = {
  /** Assessment ids lose dashes. */
  assessment: withoutDashes,
  /** Compound numbers lose dashes. */
  compound: withoutDashes,
  /** Licence ids lose dashes. */
  trading_license: withoutDashes,
  council_permit_license: withoutDashes,
  /** Tenancy ids lose spaces and are lowercased. */
  tenancy: (id) => withoutWhitespace(id).toLowerCase(),
  /** Engineering ids lose whitespace. */
  engineering: withoutWhitespace,
  /** Booking ids are only trimmed; they are URL-encoded when sent (`encodeBookingId`). */
  booking: (id) => id,
  local_government_charge: (id) => id,
  market_bill: (id) => id,
};

/** The account id to search for: trimmed, then cleaned by the payable type's rule. */
export function normaliseAccountId(type: PayableType, raw: string): string {
  return ACCOUNT_ID_RULES[type](raw.trim());
}

/** A booking id as sent in the `x-booking-id` header or a URL: URI-component encoded. */
export function encodeBookingId(bookingId: string): string {
  return encodeURIComponent(bookingId);
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
  local_government_charge: 'CKT-2024-0001',
  market_bill: 'PSR-0123',
};

/** Email as stored and compared: whitespace stripped, lowercased. */
export function normaliseEmail(raw: string): string {
  return withoutWhitespace(raw).toLowerCase();
}

/** Phone as stored and sent: whitespace stripped (other characters are the validator's business). */
export function normalisePhone(raw: string): string {
  return withoutWhitespace(raw);
}
