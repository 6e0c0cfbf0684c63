/**
 * Phone numbers as people write them ("013-888 7766", "(03) 2123.4567", "+60 12 345 6789", "60123456789"),
 * stored and sent in one canonical form, E.164 (`+60123456789`), and shown grouped ("+60 12-345 6789").
 * The one phone rule of the portal, the console and the API.
 */

/** What people put between digits: spaces, dashes (also the Unicode ones), dots, slashes and brackets. */
const SEPARATORS = /[\s\-\u2010-\u2015\u2212.()/]/g;

/** Malaysia's country calling code. */
const MY = '60';

/** A Malaysian national number without its trunk 0: 8 to 10 digits, the first not 0 (mobiles 1x, lines 3-9). */
const MY_NATIONAL = /^[1-9]\d{7,9}$/;

/** Any E.164 number: a country code not starting with 0, at most 15 digits in all, at least 8. */
const E164 = /^\+[1-9]\d{7,14}$/;

export type PhoneResult = { ok: true; e164: string } | { ok: false; code: 'phone_format' };

/**
 * The canonical E.164 form of a phone number as typed, or `phone_format` when it cannot be one.
 * A leading +60, 60 or 0 (or none) is a Malaysian number; a leading + with another code is kept as given.
 */
export function parsePhone(raw: string): PhoneResult {
  const compact = raw.replace(SEPARATORS, '');
  let national: string;
  if (compact.startsWith('+')) {
    if (!compact.startsWith(`+${MY}`)) {
      return E164.test(compact) ? { ok: true, e164: compact } : { ok: false, code: 'phone_format' };
    }
    national = compact.slice(1 + MY.length).replace(/^0/, '');
  } else if (compact.startsWith('00')) {
    return parsePhone(`+${compact.slice(2)}`);
  } else if (compact.startsWith('0')) {
    national = compact.slice(1);
  } else if (compact.startsWith(MY) && compact.length >= MY.length + 8) {
    national = compact.slice(MY.length).replace(/^0/, '');
  } else {
    national = compact;
  }
  return MY_NATIONAL.test(national) ? { ok: true, e164: `+${MY}${national}` } : { ok: false, code: 'phone_format' };
}

/** True when the text is a phone number (any of the ways people write one). */
export function isPhone(raw: string): boolean {
  return parsePhone(raw).ok;
}

/**
 * Phone as stored and sent: its canonical E.164 form; text that is no phone number comes back with only its
 * separators removed, for the validator to refuse.
 */
export function normalisePhone(raw: string): string {
  const parsed = parsePhone(raw);
  return parsed.ok ? parsed.e164 : raw.replace(SEPARATORS, '');
}

/** Groups of a Malaysian national number: area or mobile prefix, then the rest in two halves. */
function groupNational(national: string): string {
  const prefixLength = /^(1|8)/.test(national) ? 2 : 1;
  const prefix = national.slice(0, prefixLength);
  const rest = national.slice(prefixLength);
  const half = Math.floor(rest.length / 2);
  return `${prefix}-${rest.slice(0, half)} ${rest.slice(half)}`;
}

/**
 * A phone number for people to read: Malaysian numbers grouped ("+60 12-345 6789", "+60 3-2123 4567"),
 * others as E.164. A stored value that is not a phone number (an old row) is shown as stored.
 */
export function formatPhone(stored: string): string {
  const parsed = parsePhone(stored);
  if (!parsed.ok) return stored;
  if (!parsed.e164.startsWith(`+${MY}`)) return parsed.e164;
  return `+${MY} ${groupNational(parsed.e164.slice(1 + MY.length))}`;
}

/**
 * Every form in which a number may have been stored before phones were kept in E.164 ("0123456789",
 * "60123456789", "+60123456789"), so that a lookup by phone finds old rows as well as new ones.
 */
export function phoneStoredForms(raw: string): string[] {
  const parsed = parsePhone(raw);
  if (!parsed.ok) return [raw.replace(SEPARATORS, '')];
  if (!parsed.e164.startsWith(`+${MY}`)) return [parsed.e164, parsed.e164.slice(1)];
  const national = parsed.e164.slice(1 + MY.length);
  return [parsed.e164, `0${national}`, `${MY}${national}`];
}
