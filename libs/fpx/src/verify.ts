/** The result shape of every verifier, and the common checks of a signed FPX message. */
import { verifyFields, type ChecksumKind, type KeyInput } from './checksum';
import { readFields, type GatewayFields, type GatewayFieldsInput } from './form';

export type VerifyFailureCode =
  | 'invalid_field'
  | 'missing_field'
  | 'wrong_message_type'
  | 'bad_checksum'
  | 'malformed_field'
  | 'mismatch'
  /** Signed, but at a time too far from now (a replay, or a clock gone wrong). */
  | 'stale';

export type VerifyFailure = { ok: false; code: VerifyFailureCode; reason: string };

/** What every verifier returns: the typed message, or why it was refused. Verifiers never throw on input. */
export type VerifyResult<T> = { ok: true; message: T } | VerifyFailure;

export function fail(code: VerifyFailureCode, reason: string): VerifyFailure {
  return { ok: false, code, reason };
}

/**
 * Reads untrusted fields and checks, in order: the named fields are single strings, the required
 * ones are present and not empty, fpx_msgType is one of those allowed, fpx_checkSum verifies.
 */
export function checkSignedMessage(
  input: GatewayFieldsInput,
  kind: ChecksumKind,
  allowedMsgTypes: readonly string[],
  required: readonly string[],
  key: KeyInput,
): { ok: true; fields: GatewayFields } | VerifyFailure {
  const { fields, invalid } = readFields(input);
  const badName = invalid.find((name) => name.startsWith('fpx_'));
  if (badName !== undefined) return fail('invalid_field', `field ${badName} is not a single text value`);
  const missing = required.find((name) => (fields[name] ?? '') === '');
  if (missing !== undefined) return fail('missing_field', `missing field ${missing}`);
  const msgType = fields['fpx_msgType'] ?? '';
  if (!allowedMsgTypes.includes(msgType)) {
    return fail(
      'wrong_message_type',
      `fpx_msgType is '${msgType}', expected ${allowedMsgTypes.map((t) => `'${t}'`).join(' or ')}`,
    );
  }
  if (!verifyFields(kind, fields, key)) return fail('bad_checksum', 'fpx_checkSum does not verify');
  return { ok: true, fields };
}
