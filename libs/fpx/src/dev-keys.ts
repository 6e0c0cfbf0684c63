/**
 * Development keys: the simulator's FPX exchange key pair, the merchant's (seller's) key pair and the
 * card gateway's shared secret, kept in one git-ignored folder (default `<repo root>/.dev-keys`) and
 * generated at first start when missing. The API and scripts use the same folder (see dev-keys-cli.ts).
 *
 *   exchange.key.pem  exchange.pub.pem   the simulator signs AC / AE answers / BC; the API verifies
 *   seller.key.pem    seller.pub.pem     the API signs AR / AE / BE; the simulator verifies
 *   card.secret                          HMAC secret shared by the API and the card gateway (64 hex chars)
 *   documents.key.pem documents.pub.pem  Ed25519: the API signs the codes on receipts and licences
 *
 * Several processes may start together (API, worker, simulator): every file appears atomically (written
 * to a temporary file, then hard-linked into place, which fails when the file already exists), so the
 * first writer wins and everyone reads the same complete file. Public keys are derived from the private
 * key that won, so a pair can never mismatch. Never for production.
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

export const DEV_KEY_FILES = Object.freeze({
  exchangePrivateKey: 'exchange.key.pem',
  exchangePublicKey: 'exchange.pub.pem',
  sellerPrivateKey: 'seller.key.pem',
  sellerPublicKey: 'seller.pub.pem',
  cardSecret: 'card.secret',
  qrSecretKey: 'qr.secret-key',
  qrWebhookSecret: 'qr.webhook-secret',
  documentsPrivateKey: 'documents.key.pem',
  documentsPublicKey: 'documents.pub.pem',
});

export interface DevKeyPaths {
  dir: string;
  exchangePrivateKey: string;
  exchangePublicKey: string;
  sellerPrivateKey: string;
  sellerPublicKey: string;
  cardSecret: string;
  /** The QR acquirer's API key of the merchant ("skey_…"). */
  qrSecretKey: string;
  /** The QR acquirer's notification signing secret (base64 of 32 random bytes). */
  qrWebhookSecret: string;
  documentsPrivateKey: string;
  documentsPublicKey: string;
  /** Files this call created (empty when everything was already there). */
  created: string[];
}

export interface DevKeys {
  exchangePrivateKeyPem: string;
  exchangePublicKeyPem: string;
  sellerPrivateKeyPem: string;
  sellerPublicKeyPem: string;
  cardSecret: string;
  qrSecretKey: string;
  qrWebhookSecret: string;
  documentsPrivateKeyPem: string;
  documentsPublicKeyPem: string;
}

/** The repository root: the nearest folder above `from` whose package.json declares workspaces (else `cwd`). */
export function findRepoRoot(from: string = __dirname, cwd: string = process.cwd()): string {
  let dir = resolve(from);
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      try {
        const parsed: unknown = JSON.parse(readFileSync(manifest, 'utf8'));
        if (typeof parsed === 'object' && parsed !== null && 'workspaces' in parsed) return dir;
      } catch {
        // not readable JSON: keep walking up
      }
    }
    const parent = dirname(dir);
    if (parent === dir) return resolve(cwd);
    dir = parent;
  }
}

/** `DEV_KEYS_DIR` when set, else `<repo root>/.dev-keys`. */
export function defaultDevKeysDir(env: Readonly<Record<string, string | undefined>> = process.env): string {
  const configured = env['DEV_KEYS_DIR']?.trim();
  return configured ? resolve(configured) : join(findRepoRoot(), '.dev-keys');
}

let tmpCounter = 0;

function tmpName(target: string): string {
  tmpCounter += 1;
  return `${target}.${process.pid}.${Date.now()}.${tmpCounter}.tmp`;
}

/**
 * Writes `content` to `target` only when `target` does not exist yet, atomically (readers never see
 * a partial file). Returns true when this call created it, false when another writer got there first.
 */
export function writeFileIfAbsent(target: string, content: string, mode = 0o600): boolean {
  if (existsSync(target)) return false;
  const tmp = tmpName(target);
  writeFileSync(tmp, content, { mode });
  try {
    linkSync(tmp, target);
    return true;
  } catch (error) {
    if (isErrno(error, 'EEXIST')) return false;
    if (isErrno(error, 'EPERM') || isErrno(error, 'ENOTSUP') || isErrno(error, 'EXDEV') || isErrno(error, 'ENOSYS')) {
      // File system without hard links: rename is still atomic (last writer wins), then all re-read the file.
      if (existsSync(target)) return false;
      renameSync(tmp, target);
      return true;
    }
    throw error;
  } finally {
    rmSync(tmp, { force: true });
  }
}

/** Writes `content` to `target` atomically, replacing it (temporary file, then rename). */
export function writeFileAtomic(target: string, content: string, mode = 0o644): void {
  const tmp = tmpName(target);
  try {
    writeFileSync(tmp, content, { mode });
    renameSync(tmp, target);
  } finally {
    rmSync(tmp, { force: true });
  }
}

function isErrno(error: unknown, code: string): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === code;
}

function newPrivateKeyPem(): string {
  const { privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return privateKey;
}

function newEd25519PrivateKeyPem(): string {
  const { privateKey } = generateKeyPairSync('ed25519', {
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return privateKey;
}

function publicPemOf(privateKeyPem: string, file: string): string {
  try {
    return createPublicKey(createPrivateKey(privateKeyPem)).export({ type: 'spki', format: 'pem' }).toString();
  } catch (error) {
    throw new Error(`${file} is not a usable private key (delete it to have it generated again): ${String(error)}`, {
      cause: error,
    });
  }
}

function ensurePair(
  dir: string,
  privateName: string,
  publicName: string,
  created: string[],
  newKey: () => string = newPrivateKeyPem,
): void {
  const privatePath = join(dir, privateName);
  const publicPath = join(dir, publicName);
  if (!existsSync(privatePath) && writeFileIfAbsent(privatePath, newKey(), 0o600)) created.push(privateName);
  const expectedPublic = publicPemOf(readFileSync(privatePath, 'utf8'), privatePath);
  const currentPublic = existsSync(publicPath) ? readFileSync(publicPath, 'utf8') : undefined;
  if (currentPublic !== expectedPublic) {
    writeFileAtomic(publicPath, expectedPublic, 0o644);
    created.push(publicName);
  }
}

/**
 * Makes sure every development key exists in `dir` (created with mode 0700 when missing) and returns
 * their paths. Safe to call from several processes at once. Throws when a private key file exists but
 * cannot be parsed (it is never overwritten: delete it to start again).
 */
export function ensureDevKeys(dir: string = defaultDevKeysDir()): DevKeyPaths {
  const root = resolve(dir);
  mkdirSync(root, { recursive: true, mode: 0o700 });
  const created: string[] = [];
  ensurePair(root, DEV_KEY_FILES.exchangePrivateKey, DEV_KEY_FILES.exchangePublicKey, created);
  ensurePair(root, DEV_KEY_FILES.sellerPrivateKey, DEV_KEY_FILES.sellerPublicKey, created);
  ensurePair(
    root,
    DEV_KEY_FILES.documentsPrivateKey,
    DEV_KEY_FILES.documentsPublicKey,
    created,
    newEd25519PrivateKeyPem,
  );
  const secretPath = join(root, DEV_KEY_FILES.cardSecret);
  if (writeFileIfAbsent(secretPath, `${randomBytes(32).toString('hex')}\n`, 0o600))
    created.push(DEV_KEY_FILES.cardSecret);
  const qrSecretKeyPath = join(root, DEV_KEY_FILES.qrSecretKey);
  if (writeFileIfAbsent(qrSecretKeyPath, `skey_dev_${randomBytes(16).toString('hex')}\n`, 0o600))
    created.push(DEV_KEY_FILES.qrSecretKey);
  const qrWebhookSecretPath = join(root, DEV_KEY_FILES.qrWebhookSecret);
  if (writeFileIfAbsent(qrWebhookSecretPath, `${randomBytes(32).toString('base64')}\n`, 0o600))
    created.push(DEV_KEY_FILES.qrWebhookSecret);
  return {
    dir: root,
    exchangePrivateKey: join(root, DEV_KEY_FILES.exchangePrivateKey),
    exchangePublicKey: join(root, DEV_KEY_FILES.exchangePublicKey),
    sellerPrivateKey: join(root, DEV_KEY_FILES.sellerPrivateKey),
    sellerPublicKey: join(root, DEV_KEY_FILES.sellerPublicKey),
    cardSecret: secretPath,
    qrSecretKey: qrSecretKeyPath,
    qrWebhookSecret: qrWebhookSecretPath,
    documentsPrivateKey: join(root, DEV_KEY_FILES.documentsPrivateKey),
    documentsPublicKey: join(root, DEV_KEY_FILES.documentsPublicKey),
    created,
  };
}

/** Reads the development keys (after ensureDevKeys). The secrets are trimmed. */
export function readDevKeys(paths: DevKeyPaths): DevKeys {
  return {
    exchangePrivateKeyPem: readFileSync(paths.exchangePrivateKey, 'utf8'),
    exchangePublicKeyPem: readFileSync(paths.exchangePublicKey, 'utf8'),
    sellerPrivateKeyPem: readFileSync(paths.sellerPrivateKey, 'utf8'),
    sellerPublicKeyPem: readFileSync(paths.sellerPublicKey, 'utf8'),
    cardSecret: readFileSync(paths.cardSecret, 'utf8').trim(),
    qrSecretKey: readFileSync(paths.qrSecretKey, 'utf8').trim(),
    qrWebhookSecret: readFileSync(paths.qrWebhookSecret, 'utf8').trim(),
    documentsPrivateKeyPem: readFileSync(paths.documentsPrivateKey, 'utf8'),
    documentsPublicKeyPem: readFileSync(paths.documentsPublicKey, 'utf8'),
  };
}
