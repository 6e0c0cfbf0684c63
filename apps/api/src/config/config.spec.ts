import { execFileSync } from 'node:child_process';
import { KeyObject } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensureDevKeys } from '@councilpay/fpx';
import { ConfigError, loadConfig as load } from './config';

const keys = ensureDevKeys(mkdtempSync(join(tmpdir(), 'councilpay-config-keys-'))).dir;
const loadConfig = (env: Record<string, string>) => load({ DEV_KEYS_DIR: keys, ...env });

describe('configuration', () => {
  it("the operations guide's command gives the webhook key derived from SESSION_SECRET, so it can be set before a rotation", () => {
    const guide = readFileSync(resolve(__dirname, '../../../../docs/operations.md'), 'utf8');
    const command = /^node -e "(.+)"$/m.exec(guide.slice(guide.indexOf('## Rotate the session secret')))?.[1];
    expect(command, 'the guide shows the command').toBeDefined();
    const sessionSecret = 'an-old-session-secret-of-at-least-32-characters';
    const printed = execFileSync(process.execPath, ['-e', command!], {
      env: { ...process.env, SESSION_SECRET: sessionSecret },
      encoding: 'utf8',
    }).trim();
    const derived = loadConfig({ SESSION_SECRET: sessionSecret }).webhooks.secretsKey;
    expect(printed).toBe(derived);
    // Set as WEBHOOK_SECRETS_KEY, it stays the key whatever SESSION_SECRET becomes.
    expect(
      loadConfig({ SESSION_SECRET: 'a-new-session-secret-of-at-least-32-characters', WEBHOOK_SECRETS_KEY: printed })
        .webhooks.secretsKey,
    ).toBe(derived);
  });

  it('reads the keys webhook secrets may still be sealed with while WEBHOOK_SECRETS_KEY changes, long enough in production', () => {
    const old = 'the-old-webhook-secrets-key-of-at-least-32-chars';
    expect(
      loadConfig({ WEBHOOK_SECRETS_PREVIOUS_KEYS: ` ${old} , second-old-key ` }).webhooks.previousSecretsKeys,
    ).toEqual([old, 'second-old-key']);
    expect(loadConfig({}).webhooks.previousSecretsKeys).toEqual([]);
    expect(() => loadConfig({ NODE_ENV: 'production', WEBHOOK_SECRETS_PREVIOUS_KEYS: 'short' })).toThrow(
      /WEBHOOK_SECRETS_PREVIOUS_KEYS must list keys of at least 32 characters/,
    );
  });

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

describe('production refuses what belongs to development and the demo', () => {
  /** Production keys: made like the development ones, in a folder of their own (so not the development keys). */
  const productionKeys = ensureDevKeys(mkdtempSync(join(tmpdir(), 'councilpay-production-keys-'))).dir;
  const production: Record<string, string> = {
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://bayar.council.example.my',
    SESSION_SECRET: 'a'.repeat(16) + 'B'.repeat(16) + 'c'.repeat(16),
    SMTP_URL: 'smtps://mail.example.my:465',
    SMS_URL: 'https://sms.example.my/send',
    FPX_AR_URL: 'https://uat.mepsfpx.com.my/FPXMain/seller2DReceiver.jsp',
    FPX_AE_URL: 'https://uat.mepsfpx.com.my/FPXMain/sellerNVPTxnStatus.jsp',
    FPX_BE_URL: 'https://uat.mepsfpx.com.my/FPXMain/RetrieveBankList',
    CARD_PAY_URL: 'https://cards.example.my/pay',
    CARD_ENQUIRY_URL: 'https://cards.example.my/enquiry',
    FPX_SELLER_EX_ID: 'EX00012345',
    FPX_SELLER_ID: 'SE00067890',
    CARD_MERCHANT_ID: 'MBPP000123',
    FPX_SELLER_PRIVATE_KEY_FILE: join(productionKeys, 'seller.key.pem'),
    FPX_EXCHANGE_CERT_FILE: join(productionKeys, 'exchange.pub.pem'),
    CARD_SECRET_FILE: join(productionKeys, 'card.secret'),
    DOCUMENT_SIGNING_KEY_FILE: join(productionKeys, 'documents.key.pem'),
  };
  const problemsOf = (env: Record<string, string>): string[] => {
    try {
      loadConfig(env);
      return [];
    } catch (error) {
      return (error as ConfigError).problems;
    }
  };

  it('starts with real addresses, merchant ids and keys of its own', () => {
    expect(problemsOf(production)).toEqual([]);
  });

  it('refuses the simulator, the demo merchant ids, development keys and plain http, all named in one message', () => {
    const problems = problemsOf({
      ...production,
      PUBLIC_URL: 'http://bayar.council.example.my',
      FPX_AR_URL: '', // falls back to the simulator
      FPX_AE_URL: 'http://councilpay-gateway-sim:3100/fpx/ae',
      FPX_BE_URL: 'http://fpx.example.my/be',
      CARD_PAY_URL: 'https://127.0.0.1/card/pay',
      FPX_SELLER_ID: 'SE00000001',
      CARD_MERCHANT_ID: 'CPDEMO0001',
      FPX_SELLER_PRIVATE_KEY_FILE: join(keys, 'seller.key.pem'),
      CARD_SECRET_FILE: '',
      CARD_SECRET: readFileSync(join(keys, 'card.secret'), 'utf8').trim(),
      REQUERY_TIME_SCALE: '0.01',
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        'PUBLIC_URL must be https in production (http://bayar.council.example.my)',
        "FPX_AR_URL points at the gateway simulator or this machine (http://localhost:3100/fpx/ar): set the bank's address",
        "FPX_AE_URL points at the gateway simulator or this machine (http://councilpay-gateway-sim:3100/fpx/ae): set the bank's address",
        'FPX_BE_URL must be https in production (http://fpx.example.my/be)',
        "CARD_PAY_URL points at the gateway simulator or this machine (https://127.0.0.1/card/pay): set the bank's address",
        'FPX_SELLER_ID is the demo merchant id SE00000001',
        'CARD_MERCHANT_ID is the demo merchant id CPDEMO0001',
        expect.stringMatching(/^FPX_SELLER_PRIVATE_KEY_FILE is a development key/),
        expect.stringMatching(/^CARD_SECRET is a development key/),
        'REQUERY_TIME_SCALE must be 1 in production (tests only)',
      ]),
    );
    expect(problems).toHaveLength(10);
  });

  it('outside production the same settings are the development defaults', () => {
    expect(() => loadConfig({ FPX_SELLER_ID: 'SE00000001', CARD_MERCHANT_ID: 'CPDEMO0001' })).not.toThrow();
  });
});
