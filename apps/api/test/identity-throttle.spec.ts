import type { INestApplication } from '@nestjs/common';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../src/bootstrap';
import { clearLimits, createUser, PASSWORD, uniqueEmail } from './identity-helpers';
import { testConfig } from './test-app';
import { until } from './worker-helpers';

/** Long enough for 21 logins on a busy machine: the counts must all fall in one window. */
const WINDOW_MS = 20_000;

describe('repeated failed logins are throttled per account and per address', () => {
  let app: INestApplication;
  let port: number;

  beforeAll(async () => {
    app = await createApi(testConfig({ LOGIN_THROTTLE_WINDOW_MS: String(WINDOW_MS) }));
    await app.listen(0, '127.0.0.1');
    port = (app.getHttpServer().address() as AddressInfo).port;
    await clearLimits(app);
  });
  afterAll(async () => {
    await app.close();
  });

  /** POST /api/auth/login from a given loopback address (127.0.0.x are all this machine). */
  function loginFrom(
    address: string,
    email: string,
    password: string,
    cookie?: string,
  ): Promise<{ status: number; body: string; cookies: string[] }> {
    const body = JSON.stringify({ email, password });
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          localAddress: address,
          method: 'POST',
          path: '/api/auth/login',
          headers: {
            'Content-Type': 'application/json',
            'Content-Length': Buffer.byteLength(body),
            ...(cookie ? { Cookie: cookie } : {}),
          },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, body: text, cookies: res.headers['set-cookie'] ?? [] }),
          );
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }

  it('20 wrong passwords from one address: 10 answered, then 429 there; the owner signs in from another address at once', async () => {
    const user = await createUser(app);
    const statuses: number[] = [];
    for (let i = 0; i < 20; i += 1) statuses.push((await loginFrom('127.0.0.1', user.email, 'Wrong#pass' + i)).status);
    expect(statuses).toEqual([...Array(10).fill(401), ...Array(10).fill(429)]);
    const throttled = await loginFrom('127.0.0.1', user.email, PASSWORD);
    expect(throttled.status).toBe(429);
    expect(JSON.parse(throttled.body)).toMatchObject({
      code: 'too_many_requests',
      details: { retryAfterSeconds: expect.any(Number) },
    });

    // The guesser cannot lock the owner out: an address that has not failed for this account gets in...
    expect((await loginFrom('127.0.0.2', user.email, PASSWORD)).status).toBe(200);
    // ...and the guessing address only waits out its window.
    const again = await until(
      () => loginFrom('127.0.0.1', user.email, PASSWORD),
      (res) => res.status === 200,
      WINDOW_MS + 5_000,
      500,
    );
    expect(again.status).toBe(200);
  });

  it('one address trying many accounts is stopped after 20 failures; other addresses are not', async () => {
    const user = await createUser(app);
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1) statuses.push((await loginFrom('127.0.0.3', uniqueEmail('guess'), 'x')).status);
    expect(statuses).toEqual([...Array(20).fill(401), 429]);
    expect((await loginFrom('127.0.0.3', user.email, PASSWORD)).status).toBe(429);
    expect((await loginFrom('127.0.0.4', user.email, PASSWORD)).status).toBe(200);
  });

  it('a success clears the account count, so a forgetful payer is not locked out by old mistakes', async () => {
    const user = await createUser(app);
    for (let i = 0; i < 9; i += 1) expect((await loginFrom('127.0.0.5', user.email, 'nope')).status).toBe(401);
    expect((await loginFrom('127.0.0.5', user.email, PASSWORD)).status).toBe(200);
    for (let i = 0; i < 9; i += 1) expect((await loginFrom('127.0.0.5', user.email, 'nope')).status).toBe(401);
    expect((await loginFrom('127.0.0.5', user.email, PASSWORD)).status).toBe(200);
  });

  it('parallel guesses cannot get past the limit', async () => {
    const user = await createUser(app);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => loginFrom('127.0.0.6', user.email, `Parallel#${i}`)),
    );
    expect(answers.filter((a) => a.status === 401)).toHaveLength(10);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(20);
  });
});

describe('guesses spread over many addresses never lock the owner’s known device out', () => {
  let app: INestApplication;
  let port: number;

  beforeAll(async () => {
    app = await createApi(testConfig({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '3' }));
    await app.listen(0, '127.0.0.1');
    port = (app.getHttpServer().address() as AddressInfo).port;
    await clearLimits(app);
  });
  afterAll(async () => {
    await app.close();
  });

  function login(address: string, email: string, password: string, cookie?: string) {
    const body = JSON.stringify({ email, password });
    return new Promise<{ status: number; cookies: string[] }>((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          localAddress: address,
          method: 'POST',
          path: '/api/auth/login',
          headers: {
            'Content-Type': 'application/json',
            'Content-Length': Buffer.byteLength(body),
            ...(cookie ? { Cookie: cookie } : {}),
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0, cookies: res.headers['set-cookie'] ?? [] }));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }

  it('past many failures a new device waits, but the owner’s browser that signed in before gets in', async () => {
    const user = await createUser(app);
    const first = await login('127.0.1.1', user.email, PASSWORD);
    expect(first.status).toBe(200);
    const device = first.cookies.find((c) => c.startsWith('cp_device='))?.split(';')[0];
    expect(device).toBeDefined();

    // A stranger tries from forty addresses: each fresh address gets one guess once the account is under attack.
    const statuses: number[] = [];
    for (let i = 2; i < 42; i += 1) statuses.push((await login(`127.0.2.${i}`, user.email, `Guess#${i}`)).status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(30);
    expect(statuses.slice(-5)).toEqual(Array(5).fill(429));
    // A new device is refused even with the right password for the rest of the window...
    expect((await login('127.0.3.1', user.email, PASSWORD)).status).toBe(429);
    // ...the owner's known browser is not, from any address.
    expect((await login('127.0.3.2', user.email, PASSWORD, device)).status).toBe(200);
    // A device cookie of another account does not count for this one.
    const other = await createUser(app);
    const otherDevice = (await login('127.0.1.9', other.email, PASSWORD)).cookies
      .find((c) => c.startsWith('cp_device='))
      ?.split(';')[0];
    expect((await login('127.0.3.3', user.email, PASSWORD, otherDevice)).status).toBe(429);
  });
});
