/**
 * FPX checksums: the message's fields in the protocol's fixed order, values joined with '|',
 * signed RSA with SHA-1 by the sender's private key; the signature travels as upper-case hex in
 * `fpx_checkSum` and is verified with the sender's certificate (or public key).
 */
import { createPublicKey, createSign, createVerify, createPrivateKey, type KeyObject } from 'node:crypto';

/** A key as configuration gives it: PEM text (key or, for verification, an X.509 certificate) or a KeyObject. */
export type KeyInput = string | Buffer | KeyObject;

/**
 * Checksum layouts by message type. An AE *response* is an AC message (FPX answers an enquiry
 * with msgType AC), so it uses the 'AC' layout.
 */
export type ChecksumKind = 'AR' | 'AE' | 'AC' | 'BE' | 'BC';

const REQUEST_ORDER = [
  'fpx_buyerAccNo',
  'fpx_buyerBankBranch',
  'fpx_buyerBankId',
  'fpx_buyerEmail',
  'fpx_buyerIban',
  'fpx_buyerId',
  'fpx_buyerName',
  'fpx_makerName',
  'fpx_msgToken',
  'fpx_msgType',
  'fpx_productDesc',
  'fpx_sellerBankCode',
  'fpx_sellerExId',
  'fpx_sellerExOrderNo',
  'fpx_sellerId',
  'fpx_sellerOrderNo',
  'fpx_sellerTxnTime',
  'fpx_txnAmount',
  'fpx_txnCurrency',
  'fpx_version',
] as const;

const CONFIRMATION_ORDER = [
  'fpx_buyerBankBranch',
  'fpx_buyerBankId',
  'fpx_buyerIban',
  'fpx_buyerId',
  'fpx_buyerName',
  'fpx_creditAuthCode',
  'fpx_creditAuthNo',
  'fpx_debitAuthCode',
  'fpx_debitAuthNo',
  'fpx_fpxTxnId',
  'fpx_fpxTxnTime',
  'fpx_makerName',
  'fpx_msgToken',
  'fpx_msgType',
  'fpx_sellerExId',
  'fpx_sellerExOrderNo',
  'fpx_sellerId',
  'fpx_sellerOrderNo',
  'fpx_sellerTxnTime',
  'fpx_txnAmount',
  'fpx_txnCurrency',
] as const;

/** The fixed field order of each checksum source string (wire names). */
export const CHECKSUM_FIELD_ORDER: Readonly<Record<ChecksumKind, readonly string[]>> = {
  AR: REQUEST_ORDER,
  AE: REQUEST_ORDER,
  AC: CONFIRMATION_ORDER,
  BE: ['fpx_msgToken', 'fpx_msgType', 'fpx_sellerExId', 'fpx_version'],
  BC: ['fpx_bankList', 'fpx_msgToken', 'fpx_msgType', 'fpx_sellerExId'],
};

/** The string that is signed: the kind's fields in order, values joined with '|' (a missing field counts as empty). */
export function checksumSource(kind: ChecksumKind, fields: Readonly<Record<string, string | undefined>>): string {
  return CHECKSUM_FIELD_ORDER[kind].map((name) => fields[name] ?? '').join('|');
}

/** Parses a private key (PEM); throws when it is not one. Use at start-up to fail fast on bad configuration. */
export function loadPrivateKey(key: KeyInput): KeyObject {
  if (typeof key !== 'string' && !Buffer.isBuffer(key)) {
    if (key.type !== 'private') throw new TypeError('expected a private key');
    return key;
  }
  return createPrivateKey(key);
}

/** Parses a public key or an X.509 certificate (PEM); throws when it is neither. Use at start-up. */
export function loadPublicKey(keyOrCertificate: KeyInput): KeyObject {
  if (typeof keyOrCertificate !== 'string' && !Buffer.isBuffer(keyOrCertificate)) {
    if (keyOrCertificate.type === 'public') return keyOrCertificate;
    if (keyOrCertificate.type !== 'private') throw new TypeError('expected a public or private key');
  }
  return createPublicKey(keyOrCertificate);
}

/** Signs a checksum source string: RSA with SHA-1, returned as upper-case hex. Throws on a bad key. */
export function signChecksum(source: string, privateKey: KeyInput): string {
  const signer = createSign('RSA-SHA1');
  signer.update(source, 'utf8');
  return signer.sign(loadPrivateKey(privateKey), 'hex').toUpperCase();
}

const HEX = /^(?:[0-9a-fA-F]{2})+$/;

/**
 * Verifies a hex signature (either case) over a source string with a public key or certificate.
 * Never throws: malformed hex, an unusable key or a wrong signature all give false.
 */
export function verifyChecksum(source: string, hexSignature: string, publicKeyOrCertificate: KeyInput): boolean {
  if (typeof source !== 'string' || typeof hexSignature !== 'string' || !HEX.test(hexSignature)) return false;
  try {
    const verifier = createVerify('RSA-SHA1');
    verifier.update(source, 'utf8');
    return verifier.verify(loadPublicKey(publicKeyOrCertificate), Buffer.from(hexSignature, 'hex'));
  } catch {
    return false;
  }
}

/** Signs a message's fields with the kind's layout; returns the hex checksum (for `fpx_checkSum`). */
export function signFields(
  kind: ChecksumKind,
  fields: Readonly<Record<string, string | undefined>>,
  privateKey: KeyInput,
): string {
  return signChecksum(checksumSource(kind, fields), privateKey);
}

/** Verifies `fpx_checkSum` of a message's fields with the kind's layout. Never throws. */
export function verifyFields(
  kind: ChecksumKind,
  fields: Readonly<Record<string, string | undefined>>,
  publicKeyOrCertificate: KeyInput,
): boolean {
  const checksum = fields['fpx_checkSum'];
  if (checksum === undefined) return false;
  return verifyChecksum(checksumSource(kind, fields), checksum, publicKeyOrCertificate);
}
