import type { INestApplication } from '@nestjs/common';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ensureDevKeys } from '@councilpay/fpx';
import { createApi } from '../src/bootstrap';
import { ConfigError, DEV_SESSION_SECRET, loadConfig } from '../src/config/config';
import { clearLimits, createUser, PASSWORD, setCookie } from './identity-helpers';
import { testConfig } from './test-app';
import { lane } from './lane';

const productionKeys = ensureDevKeys(mkdtempSync(join(tmpdir(), 'councilpay-production-keys-'))).dir;
const STRONG_SECRET = 'k9Qm2vX7pL4sT8wZ1rB6nC3yH5jF0dGa';

/**
 * Everything production insists on, pointing at this run's servers, with keys of its own (made like the
 * development ones, in a folder of their own) and the addresses and ids of a real bank (nothing here calls them).
 */
function productionEnv(extra: Record<string, string> = {}): Record<string, string> {
  const keys = productionKeys;
  return {
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://bayar.council.example.my',
    FPX_AR_URL: 'https://fpx.example.my/ar',
    FPX_AE_URL: 'https://fpx.example.my/ae',
    FPX_BE_URL: 'https://fpx.example.my/be',
    CARD_PAY_URL: 'https://cards.example.my/pay',
    CARD_ENQUIRY_URL: 'https://cards.example.my/enquiry',
    FPX_SELLER_EX_ID: 'EX00012345',
    FPX_SELLER_ID: 'SE00067890',
    CARD_MERCHANT_ID: 'MBPP000123',
    DATABASE_URL: lane().databaseUrl,
    REDIS_URL: inject('redisUrl'),
    REDIS_PREFIX: lane().redisPrefix,
    LOG_LEVEL: 'silent',
    FPX_SELLER_PRIVATE_KEY_FILE: join(keys, 'seller.key.pem'),
    FPX_EXCHANGE_CERT_FILE: join(keys, 'exchange.pub.pem'),
    CARD_SECRET_FILE: join(keys, 'card.secret'),
    DOCUMENT_SIGNING_KEY_FILE: join(keys, 'documents.key.pem'),
    SMTP_URL: 'smtp://127.0.0.1:2525',
    SMS_URL: 'http://127.0.0.1:9/sms',
    SIM_PUBLIC_URL: lane().simUrl,
    ...extra,
  };
}

function problems(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    return (error as ConfigError).problems;
  }
}

describe('identity configuration', () => {
  it('has defaults: 8-hour idle and 12-hour absolute sessions, 30-minute idle staff sessions, 15-minute throttle window, 10 per account, 20 per address', () => {
    const { identity } = testConfig();
    expect(identity).toEqual({
      sessionSecret: DEV_SESSION_SECRET,
      sessionTtlMs: 8 * 3600_000,
      sessionAbsoluteTtlMs: 12 * 3600_000,
      staffSessionIdleMs: 30 * 60_000,
      loginThrottleWindowMs: 15 * 60_000,
      loginMaxFailuresPerAccount: 10,
      loginMaxFailuresPerAddress: 20,
      secureCookies: false,
    });
  });

  it('requires a real SESSION_SECRET in production and names each bad variable', () => {
    expect(problems(productionEnv({ SESSION_SECRET: STRONG_SECRET }))).toEqual([]);
    expect(problems(productionEnv())).toContain('SESSION_SECRET is required in production');
    for (const weak of ['short', DEV_SESSION_SECRET]) {
      expect(problems(productionEnv({ SESSION_SECRET: weak }))).toEqual([
        expect.stringMatching(/^SESSION_SECRET must be at least 32 random characters/),
      ]);
    }
    expect(
      problems(
        productionEnv({ SESSION_SECRET: STRONG_SECRET, SESSION_TTL_MS: '5', LOGIN_MAX_FAILURES_PER_ACCOUNT: 'ten' }),
      ),
    ).toEqual([expect.stringMatching(/^SESSION_TTL_MS/), expect.stringMatching(/^LOGIN_MAX_FAILURES_PER_ACCOUNT/)]);
    expect(problems(productionEnv({ SESSION_SECRET: STRONG_SECRET, STAFF_SESSION_IDLE_MS: 'soon' }))).toEqual([
      expect.stringMatching(/^STAFF_SESSION_IDLE_MS/),
    ]);
  });
});

describe('in production, behind the proxy', () => {
  let app: INestApplication;

  beforeAll(async () => {
    const config = loadConfig(productionEnv({ SESSION_SECRET: STRONG_SECRET }));
    expect(config.identity.secureCookies).toBe(true);
    app = await createApi(config);
    await app.init();
    await clearLimits(app);
  });
  afterAll(async () => {
    await app.close();
  });

  it('sets Secure cookies over HTTPS and throttles by the forwarded client address', async () => {
    const user = await createUser(app);
    const login = await request(app.getHttpServer())
      .post('/api/auth/login')
      .set('X-Forwarded-Proto', 'https')
      .set('X-Forwarded-For', '203.0.113.7')
      .send({ email: user.email, password: PASSWORD })
      .expect(200);
    expect(setCookie(login, 'cp_sid')?.attributes).toMatch(/Secure/);
    expect(setCookie(login, 'cp_csrf')?.attributes).toMatch(/Secure/);

    // 20 failures from one forwarded address stop it; another client behind the same proxy is not stopped.
    const from = (address: string, i: number) =>
      request(app.getHttpServer())
        .post('/api/auth/login')
        .set('X-Forwarded-Proto', 'https')
        .set('X-Forwarded-For', address)
        .send({ email: `nobody${i}@example.my`, password: 'x' });
    for (let i = 0; i < 20; i += 1) expect((await from('198.51.100.1', i)).status).toBe(401);
    expect((await from('198.51.100.1', 99)).status).toBe(429);
    expect((await from('198.51.100.2', 99)).status).toBe(401);
  });
});

describe('in production behind two proxies (TRUST_PROXY=2: a load balancer, then the ingress)', () => {
  let app: INestApplication;

  beforeAll(async () => {
    app = await createApi(loadConfig(productionEnv({ SESSION_SECRET: STRONG_SECRET, TRUST_PROXY: '2' })));
    await app.init();
    await clearLimits(app);
  });
  afterAll(async () => {
    await app.close();
  });

  it('throttles each payer by their own address, not the inner proxy every payer comes through', async () => {
    // The outer proxy wrote the client's address, the inner one (10.0.0.5) its own; the API sees the inner's peer.
    const from = (client: string, i: number) =>
      request(app.getHttpServer())
        .post('/api/auth/login')
        .set('X-Forwarded-Proto', 'https')
        .set('X-Forwarded-For', `${client}, 10.0.0.5`)
        .send({ email: `nobody-two-hops${i}@example.my`, password: 'x' });
    for (let i = 0; i < 20; i += 1) expect((await from('198.51.100.11', i)).status).toBe(401);
    expect((await from('198.51.100.11', 99)).status).toBe(429);
    // With one hop trusted every payer would be 10.0.0.5, and this one refused too.
    expect((await from('198.51.100.12', 99)).status).toBe(401);
  });
});

describe('TRUST_PROXY, DATABASE_POOL_SIZE and DATABASE_LISTEN_URL', () => {
  it('take hops or addresses and ranges; anything else is named', () => {
    expect(testConfig().trustProxy).toBe(1);
    expect(testConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(testConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7 ,loopback,2001:db8::/32' }).trustProxy).toBe(
      '10.0.0.0/8, 192.168.1.7, loopback, 2001:db8::/32',
    );
    for (const bad of ['yes', '10.0.0.0/33', '11', 'proxy.example.my', '10.0.0.1/8/2', '10.0.0.1,,'])
      expect(problems({ ...productionEnv({ SESSION_SECRET: STRONG_SECRET }), TRUST_PROXY: bad })).toEqual([
        expect.stringMatching(/^TRUST_PROXY must be a number of proxy hops/),
      ]);
  });

  it('the pool size is configured; LISTEN goes to its own URL, by default the database URL', () => {
    expect(testConfig().databasePoolSize).toBe(10);
    expect(testConfig({ DATABASE_POOL_SIZE: '4' }).databasePoolSize).toBe(4);
    expect(testConfig().databaseListenUrl).toBe(testConfig().databaseUrl);
    expect(testConfig({ DATABASE_LISTEN_URL: 'postgresql://u@db-direct:5432/councilpay' }).databaseListenUrl).toBe(
      'postgresql://u@db-direct:5432/councilpay',
    );
    expect(problems({ ...productionEnv({ SESSION_SECRET: STRONG_SECRET }), DATABASE_POOL_SIZE: '0' })).toEqual([
      expect.stringMatching(/^DATABASE_POOL_SIZE/),
    ]);
  });
});
