import { execFile } from 'node:child_process';
import { createSign, createVerify } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { DEV_KEY_FILES, ensureDevKeys, findRepoRoot, readDevKeys, writeFileIfAbsent } from './dev-keys';

const run = promisify(execFile);
const dirs: string[] = [];

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sim-dev-keys-'));
  dirs.push(dir);
  return dir;
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function pairMatches(privatePem: string, publicPem: string): boolean {
  const signature = createSign('RSA-SHA256').update('x').sign(privatePem);
  return createVerify('RSA-SHA256').update('x').verify(publicPem, signature);
}

describe('ensureDevKeys', () => {
  it('creates the key pairs, the card secret and the QR acquirer secrets, then leaves them alone', () => {
    const dir = join(tempDir(), 'nested', '.dev-keys');
    const first = ensureDevKeys(dir);
    expect(first.created.sort()).toEqual(Object.values(DEV_KEY_FILES).sort());
    const keys = readDevKeys(first);
    expect(pairMatches(keys.exchangePrivateKeyPem, keys.exchangePublicKeyPem)).toBe(true);
    expect(pairMatches(keys.sellerPrivateKeyPem, keys.sellerPublicKeyPem)).toBe(true);
    expect(pairMatches(keys.sellerPrivateKeyPem, keys.exchangePublicKeyPem)).toBe(false);
    expect(keys.cardSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(keys.qrSecretKey).toMatch(/^skey_dev_[0-9a-f]{32}$/);
    expect(Buffer.from(keys.qrWebhookSecret, 'base64')).toHaveLength(32);
    expect(statSync(first.qrWebhookSecret).mode & 0o077).toBe(0);
    expect(statSync(first.exchangePrivateKey).mode & 0o077).toBe(0);

    const second = ensureDevKeys(dir);
    expect(second.created).toEqual([]);
    expect(readDevKeys(second)).toEqual(keys);
    expect(readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('derives a missing or wrong public key from the private key', () => {
    const dir = tempDir();
    const paths = ensureDevKeys(dir);
    const before = readDevKeys(paths);
    unlinkSync(paths.sellerPublicKey);
    writeFileSync(paths.exchangePublicKey, 'garbage');
    const again = ensureDevKeys(dir);
    expect(again.created.sort()).toEqual([DEV_KEY_FILES.exchangePublicKey, DEV_KEY_FILES.sellerPublicKey].sort());
    expect(readDevKeys(again)).toEqual(before);
  });

  it('refuses to overwrite an unusable private key', () => {
    const dir = tempDir();
    writeFileSync(join(dir, DEV_KEY_FILES.exchangePrivateKey), 'not a key');
    expect(() => ensureDevKeys(dir)).toThrow(/exchange\.key\.pem is not a usable private key/);
    expect(readFileSync(join(dir, DEV_KEY_FILES.exchangePrivateKey), 'utf8')).toBe('not a key');
  });

  it('writeFileIfAbsent: the first writer wins', () => {
    const dir = tempDir();
    const target = join(dir, 'f');
    expect(writeFileIfAbsent(target, 'one')).toBe(true);
    expect(writeFileIfAbsent(target, 'two')).toBe(false);
    expect(readFileSync(target, 'utf8')).toBe('one');
  });

  it('finds the repository root', () => {
    expect(findRepoRoot(__dirname)).toBe(resolve(__dirname, '../../..'));
  });
});

describe('dev keys made by several processes at once', () => {
  it('several processes starting together end with one consistent set of keys', async () => {
    const dir = join(tempDir(), 'keys');
    const tsx = join(findRepoRoot(__dirname), 'node_modules', '.bin', 'tsx');
    const script = `import { ensureDevKeys } from ${JSON.stringify(join(__dirname, 'dev-keys.ts'))}; process.stdout.write(ensureDevKeys(${JSON.stringify(dir)}).dir);`;
    const results = await Promise.all([1, 2, 3, 4].map(() => run(tsx, ['-e', script], { encoding: 'utf8' })));
    for (const result of results) expect(result.stdout.trim()).toBe(dir);
    const keys = readDevKeys(ensureDevKeys(dir));
    expect(pairMatches(keys.exchangePrivateKeyPem, keys.exchangePublicKeyPem)).toBe(true);
    expect(pairMatches(keys.sellerPrivateKeyPem, keys.sellerPublicKeyPem)).toBe(true);
    expect(readdirSync(dir).sort()).toEqual(Object.values(DEV_KEY_FILES).sort());
    // Four TypeScript processes starting at once take seconds on a busy two-core machine, not the default 5.
  }, 120_000);
});
