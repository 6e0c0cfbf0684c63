/**
 * application/x-www-form-urlencoded bodies: what we POST server to server (AE, BE, card enquiry)
 * and what FPX answers with (`key=value&key=value`).
 */

/** Fields of a message by wire name; every value a string. */
export type GatewayFields = Record<string, string>;

/** Untrusted input as a web framework hands it over (values may be strings, arrays, anything). */
export type GatewayFieldsInput = Readonly<Record<string, unknown>>;

/** Encodes fields as a URL-encoded form body, in the fields' own order. */
export function encodeFpxForm(fields: Readonly<Record<string, string>>): string {
  return new URLSearchParams(Object.entries(fields)).toString();
}

/**
 * Parses a URL-encoded `key=value&key=value` body (surrounding whitespace ignored, '+' is a space,
 * malformed percent escapes kept literally). When a key repeats, the first value wins.
 * Never throws; a body that is not a form yields whatever pairs can be read (possibly none).
 */
export function parseFpxResponseBody(text: string): GatewayFields {
  const pairs = new Map<string, string>();
  const trimmed = text.trim();
  if (trimmed.length === 0) return {};
  for (const [key, value] of new URLSearchParams(trimmed)) {
    if (key.length > 0 && !pairs.has(key)) pairs.set(key, value);
  }
  return Object.fromEntries(pairs);
}

/** Same parser, by the name the card gateway code uses. */
export const parseFormBody = parseFpxResponseBody;

/** Result of reading untrusted input: the string-valued fields, and the names whose value was not one string. */
export interface ReadFields {
  fields: GatewayFields;
  invalid: string[];
}

/** Keeps the string values of untrusted input; names holding anything else (arrays, objects) are listed as invalid. */
export function readFields(input: GatewayFieldsInput): ReadFields {
  const pairs = new Map<string, string>();
  const invalid: string[] = [];
  for (const [key, value] of Object.entries(input)) {
    if (typeof value === 'string') pairs.set(key, value);
    else if (value !== undefined && value !== null) invalid.push(key);
  }
  return { fields: Object.fromEntries(pairs), invalid };
}
