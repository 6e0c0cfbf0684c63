/**
 * Test support, not a test file: vitest runs *.spec.ts only, and the lib build excludes *.test.ts.
 * Keys are generated at test time (never committed) and written to a fresh temporary directory.
 */
import { execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TestKeyPair {
  privateKeyPem: string;
  publicKeyPem: string;
}

export function generateTestKeyPair(): TestKeyPair {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { privateKeyPem: privateKey, publicKeyPem: publicKey };
}

export interface TempDir {
  path: string;
  file(name: string, content: string | Buffer): string;
  remove(): void;
}

export function makeTempDir(): TempDir {
  const path = mkdtempSync(join(tmpdir(), 'fpx-test-'));
  return {
    path,
    file(name, content) {
      const target = join(path, name);
      writeFileSync(target, content);
      return target;
    },
    remove() {
      rmSync(path, { recursive: true, force: true });
    },
  };
}

/** Runs openssl; returns stdout and stderr together (openssl prints "Verified OK" on stdout). */
export function openssl(args: readonly string[]): string {
  return execFileSync('openssl', [...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** A self-signed X.509 certificate (PEM) for the key, made by openssl. */
export function selfSignedCertificate(dir: TempDir, privateKeyPem: string, commonName: string): string {
  const keyPath = dir.file(`${commonName}.key.pem`, privateKeyPem);
  const certPath = join(dir.path, `${commonName}.cert.pem`);
  openssl([
    'req',
    '-x509',
    '-new',
    '-key',
    keyPath,
    '-subj',
    `/CN=${commonName}`,
    '-days',
    '1',
    '-sha256',
    '-out',
    certPath,
  ]);
  return readFileSync(certPath, 'utf8');
}
