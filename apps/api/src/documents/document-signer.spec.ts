import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { signDocumentToken } from '@councilpay/documents';
import { ensureDevKeys } from '@councilpay/fpx';
import { loadConfig } from '../config/config';
import { DocumentSigner } from './document-signer';

const keys = ensureDevKeys(mkdtempSync(join(tmpdir(), 'councilpay-signer-keys-'))).dir;

const facts = {
  kind: 'receipt' as const,
  reference: 'CPAB12CD34EF56GH78JK90',
  invoiceNo: '00000000000000001234',
  amountSen: 12_345,
  paidAt: '2026-03-04T16:05:00.000Z',
  receiptNos: ['MDPG2026000001'],
};

/** After the document signing key changes, the receipts and licences already printed must still verify. */
describe('a new document signing key', () => {
  const earlier = generateKeyPairSync('ed25519');
  const printedBefore = signDocumentToken(facts, earlier.privateKey);
  const dir = mkdtempSync(join(tmpdir(), 'councilpay-previous-keys-'));
  const file = join(dir, 'previous.pem');
  const other = generateKeyPairSync('ed25519').publicKey.export({ type: 'spki', format: 'pem' }).toString();
  writeFileSync(file, `${other}\n${earlier.publicKey.export({ type: 'spki', format: 'pem' }).toString()}`);

  it('checks codes printed under an earlier key listed in DOCUMENT_PREVIOUS_PUBLIC_KEYS_FILE, and signs with the new one', () => {
    const config = loadConfig({ DEV_KEYS_DIR: keys, DOCUMENT_PREVIOUS_PUBLIC_KEYS_FILE: file });
    expect(config.documents.previousPublicKeysPem).toHaveLength(2);
    const signer = new DocumentSigner(config);
    expect(signer.check(printedBefore)).toEqual({ verdict: 'signed', facts });
    const printedNow = signer.sign(facts);
    expect(signer.check(printedNow)).toEqual({ verdict: 'signed', facts });
  });

  it('without the earlier key listed, those codes read as altered', () => {
    const signer = new DocumentSigner(loadConfig({ DEV_KEYS_DIR: keys }));
    expect(signer.check(printedBefore).verdict).toBe('altered');
  });

  it('refuses to start with a file that cannot be read or holds no public key', () => {
    const empty = join(dir, 'empty.pem');
    writeFileSync(empty, 'not a key');
    expect(() => loadConfig({ DEV_KEYS_DIR: keys, DOCUMENT_PREVIOUS_PUBLIC_KEYS_FILE: empty })).toThrow(
      /DOCUMENT_PREVIOUS_PUBLIC_KEYS_FILE holds no public key/,
    );
    expect(() => loadConfig({ DEV_KEYS_DIR: keys, DOCUMENT_PREVIOUS_PUBLIC_KEYS_FILE: join(dir, 'none.pem') })).toThrow(
      /DOCUMENT_PREVIOUS_PUBLIC_KEYS_FILE cannot be read/,
    );
  });
});
