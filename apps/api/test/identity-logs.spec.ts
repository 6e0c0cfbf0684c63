import type { INestApplication } from '@nestjs/common';
import { createHash } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_COOKIE, CSRF_HEADER } from '@councilpay/domain';
import { BackgroundWork } from '../src/background/background-work';
import { PrismaService } from '../src/prisma/prisma.service';
import {
  clearLimits,
  createLoggedApi,
  lastNotification,
  LogCapture,
  PASSWORD,
  registration,
  setCookie,
  smsCode,
} from './identity-helpers';

const NEW_PASSWORD = 'Log#Secret-Baharu7';

describe('logs: structured, and never a password, code, reset id, token or cookie', () => {
  const logs = new LogCapture();
  let app: INestApplication;

  beforeAll(async () => {
    app = await createLoggedApi(logs);
    await clearLimits(app);
  });
  afterAll(async () => {
    await app.close();
  });

  it('a whole account life leaves no secret in the logs', async () => {
    const secrets: Record<string, string> = { password: PASSWORD, newPassword: NEW_PASSWORD };
    const form = registration();
    const browser = request.agent(app.getHttpServer());

    const started = await browser.post('/api/auth/register').send(form).expect(202);
    const code = await smsCode(app, form.phone);
    secrets.code = code;
    const wrongCode = code === '999999' ? '888888' : '999999';
    await browser
      .post('/api/auth/register/verify')
      .send({ verificationId: started.body.verificationId, code: wrongCode })
      .expect(400);
    const verified = await browser
      .post('/api/auth/register/verify')
      .send({ verificationId: started.body.verificationId, code })
      .expect(201);
    secrets.csrf = setCookie(verified, CSRF_COOKIE)!.value;
    secrets.sessionCookie = setCookie(verified, 'cp_sid')!.value;

    const token = new URLSearchParams(
      new URL((await lastNotification(app, 'email_verification', form.email))!.data.link).hash.split('?')[1],
    ).get('token')!;
    secrets.emailToken = token;
    await request(app.getHttpServer()).post('/api/auth/verify-email').send({ token }).expect(200);

    await request(app.getHttpServer())
      .post('/api/auth/login')
      .send({ email: form.email, password: 'Not#MyPassword1' })
      .expect(401);
    await request(app.getHttpServer()).post('/api/auth/forgot-password').send({ email: form.email }).expect(202);
    await app.get(BackgroundWork).idle(); // the link is made after the answer
    const resetId = new URLSearchParams(
      new URL((await lastNotification(app, 'password_reset', form.email))!.data.link).hash.split('?')[1],
    ).get('id')!;
    secrets.resetId = resetId;
    await request(app.getHttpServer()).post('/api/auth/reset-password/check').send({ resetId }).expect(200);
    await request(app.getHttpServer())
      .post('/api/auth/reset-password')
      .send({ resetId, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD })
      .expect(200);
    const login = await browser.post('/api/auth/login').send({ email: form.email, password: NEW_PASSWORD }).expect(200);
    secrets.csrf2 = setCookie(login, CSRF_COOKIE)!.value;
    await browser.post('/api/auth/logout').set(CSRF_HEADER, secrets.csrf2).expect(204);

    const user = await app.get(PrismaService).user.findUniqueOrThrow({ where: { email: form.email } });
    secrets.passwordHash = user.passwordHash;
    secrets.resetIdDigest = createHash('sha256').update(resetId).digest('hex');

    const text = logs.all;
    expect(text.length).toBeGreaterThan(1000);
    for (const [name, value] of Object.entries(secrets)) {
      expect(text.includes(value), `${name} appears in the logs`).toBe(false);
    }

    // Every line is JSON, and what happened can be followed by user id.
    const lines = logs.lines();
    const messages = (msg: string) => lines.filter((l) => l.msg === msg);
    expect(messages('Registration started, code queued')).toHaveLength(1);
    expect(messages('Wrong registration code')[0]).toMatchObject({ attemptsLeft: 4 });
    expect(messages('User registered')[0]).toMatchObject({ userId: user.id });
    expect(messages('Email verified')[0]).toMatchObject({ userId: user.id });
    expect(messages('Login failed')[0]).toMatchObject({ reason: 'wrong_password', account: expect.any(String) });
    expect(messages('Reset link queued')[0]).toMatchObject({ userId: user.id });
    expect(messages('Password reset; earlier sessions ended')[0]).toMatchObject({ userId: user.id });
    expect(messages('Signed in')[0]).toMatchObject({ userId: user.id });
    expect(messages('Signed out')[0]).toMatchObject({ userId: user.id });
    // Request lines carry method and path, cookies redacted.
    const requestLine = lines.find((l) => (l.req as { url?: string } | undefined)?.url === '/api/auth/logout');
    expect(requestLine).toBeDefined();
    expect(JSON.stringify(requestLine)).not.toContain('cp_sid=');
  });
});
