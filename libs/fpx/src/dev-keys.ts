/**
 * Development and test keys for the merchant (seller), the FPX exchange and the card gateway, shared by the
 * API and the gateway simulator through one folder (default `.dev-keys`, git-ignored). Never used in
 * production: there the keys come from configuration.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const DEV_KEY_FILES = {
  sellerPrivate: 'seller.key.pem',
  sellerPublic: 'seller.pub.pem',
  exchangePrivate: 'exchange.key.pem',
  exchangePublic: 'exchange.pub.pem',
  cardSecret: 'card.secret',
} as const;

/** Writes through a temporary file and a rename, so two processes starting together never see half a key. */
function writeAtomically(path: string, content: string): void {
  const tmp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(tmp, content, { mode: 0o600 });
  renameSync(tmp, path);
}

function ensurePair(dir: string, privateName: string, publicName: string): void {
  if (existsSync(join(dir, privateName)) && existsSync(join(dir, publicName))) return;
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  writeAtomically(join(dir, privateName), privateKey);
  writeAtomically(join(dir, publicName), publicKey);
}

/** Creates whatever of the development keys is missing in `dir`; returns `dir`. */
export function ensureDevKeys(dir: string): string {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  ensurePair(dir, DEV_KEY_FILES.sellerPrivate, DEV_KEY_FILES.sellerPublic);
  ensurePair(dir, DEV_KEY_FILES.exchangePrivate, DEV_KEY_FILES.exchangePublic);
  if (!existsSync(join(dir, DEV_KEY_FILES.cardSecret))) {
    writeAtomically(join(dir, DEV_KEY_FILES.cardSecret), randomBytes(32).toString('hex'));
  }
  return dir;
}
