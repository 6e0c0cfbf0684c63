import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadSimConfig } from './config';

const dirs: string[] = [];

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sim-config-'));
  dirs.push(dir);
  return dir;
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadSimConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('loadSimConfig', () => {
  it('uses the defaults and generates dev keys when no key is given', () => {
    const dir = join(tempDir(), '.dev-keys');
    const config = loadSimConfig({ DEV_KEYS_DIR: dir });
    expect(config).toMatchObject({
      host: '0.0.0.0',
      port: 3100,
      publicUrl: 'http://localhost:3100',
      fpxDirectAcUrl: 'http://localhost:3000/api/gateways/fpx/direct',
      fpxIndirectAcUrl: 'http://localhost:3000/api/gateways/fpx/indirect',
      offlineBanks: ['HSBC0223', 'KFH0346'],
      retry: { delaysMs: [1000, 2000, 5000, 10_000, 30_000, 60_000], maxAttempts: 30, timeoutMs: 10_000 },
      stateFile: join(dir, 'sim-state.json'),
    });
    expect(config.keySources.exchangePrivateKey).toBe(join(dir, 'exchange.key.pem'));
    expect(config.cardSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(existsSync(join(dir, 'seller.key.pem'))).toBe(true);
  });

  it('reads keys from files or the environment and does not touch the dev keys folder', () => {
    const dir = tempDir();
    const exchange = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const seller = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const keyFile = join(dir, 'exchange.pem');
    writeFileSync(keyFile, exchange.privateKey.export({ type: 'pkcs8', format: 'pem' }));
    const sellerPem = seller.publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const config = loadSimConfig({
      DEV_KEYS_DIR: join(dir, 'unused'),
      FPX_EXCHANGE_PRIVATE_KEY_FILE: keyFile,
      FPX_SELLER_PUBLIC_KEY: sellerPem.replace(/\n/g, '\\n'),
      CARD_SECRET: 'a-long-enough-card-secret',
      QR_SECRET_KEY: 'skey_test_long_enough',
      QR_WEBHOOK_SECRET: Buffer.alloc(32, 7).toString('base64'),
      QR_NOTIFY_URL: 'https://portal.example.my/api/gateways/duitnow/notify',
      SIM_OFFLINE_BANKS: 'none',
      SIM_STATE_FILE: 'off',
    });
    expect(config.keySources).toEqual({
      exchangePrivateKey: keyFile,
      sellerPublicKey: 'env FPX_SELLER_PUBLIC_KEY',
      cardSecret: 'env CARD_SECRET',
      qrSecretKey: 'env QR_SECRET_KEY',
      qrWebhookSecret: 'env QR_WEBHOOK_SECRET',
    });
    expect(config.qr).toEqual({
      secretKey: 'skey_test_long_enough',
      webhookSecret: Buffer.alloc(32, 7).toString('base64'),
      notifyUrl: 'https://portal.example.my/api/gateways/duitnow/notify',
      merchantName: 'COUNCILPAY SABAH',
      merchantCity: 'KOTA KINABALU',
    });
    expect(config.cardSecret).toBe('a-long-enough-card-secret');
    expect(config.offlineBanks).toEqual([]);
    expect(config.stateFile).toBeNull();
    expect(existsSync(join(dir, 'unused'))).toBe(false);
  });

  it('lists every bad variable in one error', () => {
    const dir = tempDir();
    const problems = problemsOf({
      DEV_KEYS_DIR: join(dir, 'keys'),
      SIM_PORT: '99999',
      SIM_PUBLIC_URL: 'ftp://x',
      FPX_DIRECT_AC_URL: 'not a url',
      SIM_OFFLINE_BANKS: 'HSBC0223,NOBANK',
      SIM_RETRY_DELAYS_MS: '1000,soon',
      LOG_LEVEL: 'loud',
      FPX_EXCHANGE_PRIVATE_KEY_FILE: join(dir, 'missing.pem'),
      FPX_SELLER_PUBLIC_KEY: 'not a pem',
      CARD_SECRET: 'short',
      QR_WEBHOOK_SECRET: 'c2hvcnQ=',
      QR_NOTIFY_URL: 'nowhere',
      SIM_QR_MERCHANT_NAME: 'A NAME FAR TOO LONG FOR ANY QR CODE',
    });
    const text = problems.join('\n');
    for (const name of [
      'SIM_PORT',
      'SIM_PUBLIC_URL',
      'FPX_DIRECT_AC_URL',
      'NOBANK',
      'SIM_RETRY_DELAYS_MS',
      'LOG_LEVEL',
      'FPX_EXCHANGE_PRIVATE_KEY_FILE',
      'FPX_SELLER_PUBLIC_KEY',
      'CARD_SECRET',
      'QR_WEBHOOK_SECRET',
      'QR_NOTIFY_URL',
      'SIM_QR_MERCHANT_NAME',
    ]) {
      expect(text).toContain(name);
    }
    expect(problems).toHaveLength(12);
  });

  it('refuses both a key and its _FILE', () => {
    const problems = problemsOf({
      DEV_KEYS_DIR: join(tempDir(), 'k'),
      CARD_SECRET: 'a-long-enough-card-secret',
      CARD_SECRET_FILE: '/tmp/x',
    });
    expect(problems).toEqual(['set only one of CARD_SECRET and CARD_SECRET_FILE']);
  });
});
