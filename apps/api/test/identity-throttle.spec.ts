import type { INestApplication } from '@nestjs/common';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../src/bootstrap';
import { clearLimits, createUser, PASSWORD, uniqueEmail } from './identity-helpers';
import { testConfig } from './test-app';

const WINDOW_MS = 4_000;

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
  function loginFrom(address: string, email: string, password: string): Promise<{ status: number; body: string }> {
    const body = JSON.stringify({ email, password });
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          localAddress: address,
          method: 'POST',
          path: '/api/auth/login',
          headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }

  it('20 wrong passwords in a row: 10 answered, then 429; the right one from a fresh address works after the window', async () => {
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

    // The account is throttled whatever address tries it, even with the right password...
    expect((await loginFrom('127.0.0.2', user.email, PASSWORD)).status).toBe(429);
    // ...until the window has passed.
    await new Promise((r) => setTimeout(r, WINDOW_MS + 200));
    expect((await loginFrom('127.0.0.2', user.email, PASSWORD)).status).toBe(200);
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
