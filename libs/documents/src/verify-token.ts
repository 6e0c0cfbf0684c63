/**
 * The code printed on every receipt and digital licence: the document's essential facts, signed with the
 * council's Ed25519 key, so that anyone holding the public key can tell an issued document from an edited
 * one. Format: `<payload>.<signature>`, both base64url; the payload is compact JSON (short keys keep the
 * QR code small enough to scan from a phone).
 */
import { createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';

/** A receipt: its payment reference, invoice number, total, paid time and the receipt numbers of its items. */
export interface ReceiptFacts {
  kind: 'receipt';
  reference: string;
  invoiceNo: string;
  amountSen: number;
  paidAt: string;
  receiptNos: string[];
}

/** A digital licence: the licence reference and number, the receipt that paid it and the period paid. */
export interface LicenceFacts {
  kind: 'licence';
  licenceRef: string;
  licenceNo: string;
  receiptNo: string;
  amountSen: number;
  paidAt: string;
  paidUntil: string;
}

export type DocumentFacts = ReceiptFacts | LicenceFacts;

export type TokenCheck =
  /** The signature holds: the facts are the ones the council signed. */
  | { verdict: 'signed'; facts: DocumentFacts }
  /** Shaped like a code, but the signature does not hold (edited, or signed by another key). */
  | { verdict: 'altered' }
  /** Not a document code at all. */
  | { verdict: 'malformed' };

const TOKEN_PATTERN = /^[\w-]{10,2000}\.[\w-]{86}$/;

function encodeFacts(facts: DocumentFacts): string {
  const compact =
    facts.kind === 'receipt'
      ? { k: 'r', r: facts.reference, i: facts.invoiceNo, a: facts.amountSen, t: facts.paidAt, n: facts.receiptNos }
      : {
          k: 'l',
          r: facts.licenceRef,
          l: facts.licenceNo,
          n: facts.receiptNo,
          a: facts.amountSen,
          t: facts.paidAt,
          u: facts.paidUntil,
        };
  return Buffer.from(JSON.stringify(compact), 'utf8').toString('base64url');
}

function isString(v: unknown): v is string {
  return typeof v === 'string' && v.length > 0 && v.length <= 200;
}

function decodeFacts(payload: string): DocumentFacts | null {
  let data: unknown;
  try {
    data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (typeof data !== 'object' || data === null) return null;
  const d = data as Record<string, unknown>;
  if (!Number.isSafeInteger(d.a) || !isString(d.r) || !isString(d.t)) return null;
  if (d.k === 'r' && isString(d.i) && Array.isArray(d.n) && d.n.every(isString))
    return {
      kind: 'receipt',
      reference: d.r,
      invoiceNo: d.i,
      amountSen: d.a as number,
      paidAt: d.t,
      receiptNos: d.n as string[],
    };
  if (d.k === 'l' && isString(d.l) && isString(d.n) && isString(d.u))
    return {
      kind: 'licence',
      licenceRef: d.r,
      licenceNo: d.l,
      receiptNo: d.n,
      amountSen: d.a as number,
      paidAt: d.t,
      paidUntil: d.u,
    };
  return null;
}

/** A private key from PEM (PKCS#8), refused unless it is Ed25519. */
export function loadSigningKey(pem: string): KeyObject {
  const key = createPrivateKey(pem);
  if (key.asymmetricKeyType !== 'ed25519') throw new Error('the document signing key must be an Ed25519 key');
  return key;
}

/** The public half of a signing key, or a public key from PEM; refused unless Ed25519. */
export function loadVerifyKey(pemOrPrivate: string | KeyObject): KeyObject {
  const key = createPublicKey(pemOrPrivate);
  if (key.asymmetricKeyType !== 'ed25519') throw new Error('the document verification key must be an Ed25519 key');
  return key;
}

export function signDocumentToken(facts: DocumentFacts, privateKey: KeyObject): string {
  const payload = encodeFacts(facts);
  const signature = sign(null, Buffer.from(payload, 'ascii'), privateKey).toString('base64url');
  return `${payload}.${signature}`;
}

/** Whether `token` was signed by the key whose public half is given (any one of them, for key rotation). */
export function checkDocumentToken(token: string, publicKeys: readonly KeyObject[]): TokenCheck {
  if (!TOKEN_PATTERN.test(token)) return { verdict: 'malformed' };
  const [payload, signature] = token.split('.') as [string, string];
  const signatureBytes = Buffer.from(signature, 'base64url');
  // base64url has several spellings of the same bytes in its last character: only the canonical one is ours.
  if (signatureBytes.length !== 64 || signatureBytes.toString('base64url') !== signature) return { verdict: 'altered' };
  const data = Buffer.from(payload, 'ascii');
  if (!publicKeys.some((key) => verify(null, data, key, signatureBytes))) return { verdict: 'altered' };
  const facts = decodeFacts(payload);
  // A signature that holds over something we never sign cannot happen with our key: treat it as altered.
  return facts ? { verdict: 'signed', facts } : { verdict: 'altered' };
}
