/**
 * Normalisation of what people type before it is searched or sent: account ids per
 * payable type and email (phones: `phone.ts`). The portal normalises for display, the API normalises again before use.
 */
import type { PayableType } from './payable-types';

/**
 * The separators printed inside ids that people type differently or leave out: whitespace, the hyphen-minus and
 * the Unicode hyphens and dashes pasted ids bring along (‐ ‑ ‒ – — ― −), slashes, full stops and underscores.
 * 'KD 8', 'kd-8' and 'KD8' are one tenancy; 'JK/BUI/2026/0101' and 'jk bui 2026 0101' one engineering bill.
 */
const SEPARATORS = /[\s\-\u2010-\u2015\u2212/._]/g;

function withoutSeparators(text: string): string {
  return text.replace(SEPARATORS, '');
}

function withoutWhitespace(text: string): string {
  return text.replace(/\s/g, '');
}

/**
 * Letters are compared in one case: bills print ids in capitals, people (and phones) type them in any case.
 * Only ASCII letters are folded, so the rule is the same in JavaScript and in SQL (`translate` on stored rows)
 * whatever the locale.
 */
function upperAscii(text: string): string {
  return text.replace(/[a-z]+/g, (letters) => letters.toUpperCase());
}

/** An id as searched: its letters and digits in capitals, without the separators people type differently. */
const asSearched = (id: string): string => upperAscii(withoutSeparators(id));

/**
 * How each payable type's account id is cleaned, after trimming. Every type's bills print ids whose separators
 * and case people change without meaning another bill ('BK-2026-00017' typed 'bk 2026 00017', 'MB-0012' as
 * 'mb0012', 'GR 12' as 'gr-12'), so every type keeps only what tells bills apart: letters and digits (and
 * punctuation other than the separators), ASCII letters in capitals. One rule per type, so that a type whose
 * ids need another one later changes here only.
 */
const ACCOUNT_ID_RULES: Record<PayableType, (trimmed: string) => string> = {
  assessment: asSearched,
  compound: asSearched,
  trading_license: asSearched,
  council_permit_license: asSearched,
  tenancy: asSearched,
  engineering: asSearched,
  /** Booking ids are URL-encoded when sent (`encodeBookingId`) and decoded before this. */
  booking: asSearched,
  local_government_charge: asSearched,
  market_bill: asSearched,
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

/**
 * Example hints shown under the search field, one per payable type: the formats the councils print on their
 * bills (separators included: people copy what they see; any separator or case is found).
 */
export const ACCOUNT_ID_EXAMPLES: Readonly<Record<PayableType, string>> = {
  assessment: 'A-1000-0001',
  compound: 'KMP-2026-000101',
  trading_license: 'LP-2025-0001',
  council_permit_license: 'PJ-2026-0150',
  tenancy: 'GR 12',
  booking: 'BK-2026-00017',
  engineering: 'JK/BUI/2026/0101',
  local_government_charge: 'LGC-TAPAK',
  market_bill: 'MB-0012',
};

/** Email as stored and compared: whitespace stripped, lowercased. */
export function normaliseEmail(raw: string): string {
  return withoutWhitespace(raw).toLowerCase();
}
