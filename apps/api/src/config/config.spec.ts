import { KeyObject } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensureDevKeys } from '@councilpay/fpx';
import { ConfigError, loadConfig as load } from './config';

const keys = ensureDevKeys(mkdtempSync(join(tmpdir(), 'councilpay-config-keys-'))).dir;
const loadConfig = (env: Record<string, string>) => load({ DEV_KEYS_DIR: keys, ...env });

describe('configuration', () => {
  it('defaults every variable to the local servers', () => {
    const config = loadConfig({});
    expect(config.databaseUrl).toBe('postgresql://postgres@127.0.0.1:5432/councilpay');
    expect(config.redisUrl).toBe('redis://127.0.0.1:6379');
    expect(config.port).toBe(3000);
  });

  it('names a malformed DATABASE_URL without echoing it', () => {
    expect(() => loadConfig({ DATABASE_URL: 'not a url:secret' })).toThrow(/DATABASE_URL is malformed/);
    try {
      loadConfig({ DATABASE_URL: 'mysql://u:hunter2@h/db' });
    } catch (error) {
      expect((error as Error).message).not.toContain('hunter2');
    }
  });

  it('lists every bad variable at once', () => {
    try {
      loadConfig({ PORT: '99999', REDIS_URL: 'http://x', LOG_LEVEL: 'loud' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.join('\n');
      expect(problems).toMatch(/PORT/);
      expect(problems).toMatch(/REDIS_URL/);
      expect(problems).toMatch(/LOG_LEVEL/);
    }
  });
});

describe('gateway keys', () => {
  it('refuses to start in production without configured keys, naming each variable', () => {
    try {
      load({ NODE_ENV: 'production' });
      expect.unreachable();
    } catch (error) {
      const problems = (error as ConfigError).problems.join('\n');
      expect(problems).toMatch(/FPX_SELLER_PRIVATE_KEY or FPX_SELLER_PRIVATE_KEY_FILE is required/);
      expect(problems).toMatch(/CARD_SECRET or CARD_SECRET_FILE is required/);
    }
  });

  it('parses the FPX keys once, at start-up: every message signed or verified reuses them', () => {
    const { fpx } = loadConfig({}).gateways;
    expect(fpx.sellerPrivateKeyPem).toBeInstanceOf(KeyObject);
    expect((fpx.sellerPrivateKeyPem as KeyObject).type).toBe('private');
    expect(fpx.exchangePublicKeyPem).toBeInstanceOf(KeyObject);
    expect((fpx.exchangePublicKeyPem as KeyObject).type).toBe('public');
  });

  it('names a key file that does not hold a key', () => {
    expect(() => loadConfig({ FPX_EXCHANGE_CERT_FILE: join(keys, 'card.secret') })).toThrow(
      /FPX_EXCHANGE_CERT_FILE is malformed/,
    );
  });
});
