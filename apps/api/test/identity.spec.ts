import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CSRF_COOKIE, CSRF_HEADER, normalisePhone, type SessionUser } from '@councilpay/domain';
import { SessionRedis } from '../src/redis/session-redis';
import { hashPassword } from '../src/auth/passwords';
import { PrismaService } from '../src/prisma/prisma.service';
import {
  clearLimits,
  createUser,
  lastNotification,
  PASSWORD,
  registration,
  setCookie,
  signIn,
  smsCode,
  uniqueEmail,
} from './identity-helpers';
import { createTestApi } from './test-app';
import { startWorker, until } from './worker-helpers';

describe('registration with an SMS code, then login, me and logout, through HTTP', () => {
  let app: INestApplication;
  let prisma: PrismaService;

  beforeAll(async () => {
    app = await createTestApi();
    prisma = app.get(PrismaService);
  });
  afterAll(async () => {
    await app.close();
  });
  beforeEach(async () => {
    await clearLimits(app);
  });

  it('register -> SMS code from the notify sink -> verify -> login -> me -> logout', async () => {
    // The real worker relays and sends the SMS; with no provider configured it lands in the development sink.
    const worker = await startWorker();
    const form = registration({ email: '  Siti.Journey@Example.MY ', phone: '013 456 7890' });
    const browser = request.agent(app.getHttpServer());

    const started = await browser.post('/api/auth/register').send(form).expect(202);
    expect(started.body).toEqual({ verificationId: expect.any(String), phone: '********7890' });
    // Nothing exists until the code verifies.
    expect(await prisma.user.findUnique({ where: { email: 'siti.journey@example.my' } })).toBeNull();

    const sms = await lastNotification(app, 'phone_code', '+60134567890');
    expect(sms).toMatchObject({ sensitive: true, language: 'en', data: { code: expect.stringMatching(/^\d{6}$/) } });
    // The code is stored hashed, never as sent.
    const pending = await prisma.phoneVerification.findUniqueOrThrow({ where: { id: started.body.verificationId } });
    expect(pending.codeHash).not.toContain(sms!.data.code);
    expect(pending.codeHash).toMatch(/^[0-9a-f]{64}$/);

    const sent = await until(
      () =>
        prisma.sinkMessage.findFirst({ where: { channel: 'sms', recipient: '+60134567890' }, orderBy: { id: 'desc' } }),
      (row) => row !== null,
    ).finally(() => worker.close());
    const code = /\b(\d{6})\b/.exec(sent?.body ?? '')?.[1];
    expect(code).toBe(sms!.data.code);
    expect(sent?.body).toContain('CouncilPay');

    const verified = await browser
      .post('/api/auth/register/verify')
      .send({ verificationId: started.body.verificationId, code })
      .expect(201);
    expect(verified.body).toEqual({
      name: 'siti.journey@example.my',
      fullName: 'Siti Nurhaliza binti Taruddin',
      roles: ['user'],
      councils: [],
      grants: [],
      phone: '+60134567890',
      nric: '********5555',
      emailVerified: false,
      machineId: 'A10',
      secondFactor: 'not_needed',
    } satisfies SessionUser);
    const user = await prisma.user.findUniqueOrThrow({ where: { email: 'siti.journey@example.my' } });
    expect(user.passwordHash).toMatch(/^\$argon2id\$v=19\$/);
    expect(user.nricNo).toBe(form.nric.replace(/-/g, ''));

    // A second browser logs in with the new account.
    const other = request.agent(app.getHttpServer());
    await other.get('/api/auth/me').expect(401);
    const login = await other
      .post('/api/auth/login')
      .send({ email: 'SITI.JOURNEY@example.my', password: PASSWORD })
      .expect(200);
    expect(login.body.name).toBe('siti.journey@example.my');
    const sid = setCookie(login, 'cp_sid');
    expect(sid?.attributes).toMatch(/HttpOnly/);
    expect(sid?.attributes).toMatch(/SameSite=Lax/);
    expect(sid?.attributes).not.toMatch(/Secure/); // only in production
    const csrf = setCookie(login, CSRF_COOKIE);
    expect(csrf?.attributes).not.toMatch(/HttpOnly/); // the portal reads it
    expect(csrf?.value).toMatch(/^[\w-]{43}$/);

    const me = await other.get('/api/auth/me').expect(200);
    expect(me.body).toMatchObject({
      name: 'siti.journey@example.my',
      fullName: 'Siti Nurhaliza binti Taruddin',
      roles: ['user'],
      phone: '+60134567890',
      nric: '********5555',
    });
    // The session lives in Redis under this deployment's prefix.
    const redis = app.get(SessionRedis);
    expect(await redis.client.keys(redis.key('sess', '*'))).not.toHaveLength(0);

    // Logging out is a change: without the CSRF header it is refused.
    const refused = await other.post('/api/auth/logout').expect(403);
    expect(refused.body.code).toBe('csrf_failed');
    await other.post('/api/auth/logout').set(CSRF_HEADER, csrf!.value).expect(204);
    await other.get('/api/auth/me').expect(401);
    // The first browser's session (from the verification) is still signed in.
    await browser.get('/api/auth/me').expect(200);
  });

  it('refuses a wrong NRIC, a mismatched confirmation and a used email with the messages a person sees', async () => {
    const post = (body: object) => request(app.getHttpServer()).post('/api/auth/register').send(body);
    const short = await post(registration({ nric: '9001011255' })).expect(400);
    expect(short.body.errors).toContainEqual({
      field: 'nric',
      code: 'nric_length',
      message: 'NRIC must be in 12 characters length',
    });
    const badDate = await post(registration({ nric: '901301125555' })).expect(400);
    expect(badDate.body.errors).toContainEqual({ field: 'nric', code: 'nric_dob', message: 'Invalid date of birth' });
    const mismatch = await post(registration({ confirmPassword: 'Something#else1' })).expect(400);
    expect(mismatch.body.errors).toContainEqual(
      expect.objectContaining({ field: 'confirmPassword', code: 'confirmed' }),
    );
    const badEmail = await post(registration({ email: 'not-an-email' })).expect(400);
    expect(badEmail.body.errors).toContainEqual(expect.objectContaining({ field: 'email', code: 'email' }));

    // A used email is told once the code proves the phone: step 1 answers the same for every email.
    const existing = await createUser(app);
    const form = registration({ email: existing.email.toUpperCase() });
    const started = await post(form).expect(202);
    const code = await smsCode(app, form.phone);
    const taken = await request(app.getHttpServer())
      .post('/api/auth/register/verify')
      .send({ verificationId: started.body.verificationId, code })
      .expect(409);
    expect(taken.body).toMatchObject({
      code: 'email_already_exist',
      message: 'This email is already used by other account.',
      errors: [{ field: 'email', code: 'email_already_exist' }],
    });
  });

  it('five wrong codes void the code, even for the right one; a new code (after a minute) works', async () => {
    const form = registration();
    const started = await request(app.getHttpServer()).post('/api/auth/register').send(form).expect(202);
    const id = started.body.verificationId as string;
    const code = await smsCode(app, form.phone);
    const wrong = code === '000000' ? '111111' : '000000';
    const verify = (c: string) =>
      request(app.getHttpServer()).post('/api/auth/register/verify').send({ verificationId: id, code: c });

    const answers = [];
    for (let i = 0; i < 5; i += 1) answers.push((await verify(wrong).expect(400)).body);
    expect(answers.map((a) => [a.message, a.details.reason, a.details.attemptsLeft])).toEqual([
      ['Invalid Code', 'wrong', 4],
      ['Invalid Code', 'wrong', 3],
      ['Invalid Code', 'wrong', 2],
      ['Invalid Code', 'wrong', 1],
      ['Invalid Code', 'voided', 0],
    ]);
    const voided = await verify(code).expect(400);
    expect(voided.body).toMatchObject({ code: 'invalid_code', message: 'Invalid Code', details: { reason: 'voided' } });
    expect(await prisma.user.findUnique({ where: { email: form.email } })).toBeNull();

    // A new code is limited: not within a minute of the last one.
    const tooSoon = await request(app.getHttpServer())
      .post('/api/auth/register/resend')
      .send({ verificationId: id })
      .expect(429);
    expect(tooSoon.body.details.retryAfterSeconds).toBeGreaterThan(0);
    await prisma.phoneVerification.update({
      where: { id },
      data: { expiresAt: new Date(Date.now() + 10 * 60_000 - 61_000) },
    });
    await request(app.getHttpServer()).post('/api/auth/register/resend').send({ verificationId: id }).expect(202);
    const second = await smsCode(app, form.phone);
    expect((await lastNotification(app, 'phone_code', normalisePhone(form.phone)))!.dedupeKey).toBe(
      `phone-code-${id}-2`,
    );
    // The old code is dead, the new one creates the account.
    if (second !== code) await verify(code).expect(400);
    await verify(second).expect(201);
    await verify(second).expect(400);
  });

  it('refuses an expired code, and sends at most four codes per registration', async () => {
    const form = registration();
    const started = await request(app.getHttpServer()).post('/api/auth/register').send(form).expect(202);
    const id = started.body.verificationId as string;
    const code = await smsCode(app, form.phone);
    await prisma.phoneVerification.update({ where: { id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const expired = await request(app.getHttpServer())
      .post('/api/auth/register/verify')
      .send({ verificationId: id, code })
      .expect(400);
    expect(expired.body).toMatchObject({
      code: 'invalid_code',
      message: 'Invalid Code',
      details: { reason: 'expired' },
    });
    expect(await prisma.user.findUnique({ where: { email: form.email } })).toBeNull();

    for (let send = 2; send <= 4; send += 1) {
      await prisma.phoneVerification.update({ where: { id }, data: { expiresAt: new Date(Date.now() - 1000) } });
      await request(app.getHttpServer()).post('/api/auth/register/resend').send({ verificationId: id }).expect(202);
    }
    await prisma.phoneVerification.update({ where: { id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    await request(app.getHttpServer()).post('/api/auth/register/resend').send({ verificationId: id }).expect(429);
    expect((await prisma.phoneVerification.findUniqueOrThrow({ where: { id } })).sends).toBe(4);
  });

  it('takes account requests as JSON only, so a form on another site cannot sign a browser in', async () => {
    const user = await createUser(app);
    const forged = await request(app.getHttpServer())
      .post('/api/auth/login')
      .type('form')
      .send({ email: user.email, password: PASSWORD });
    expect(forged.status).toBe(415);
    expect(forged.body.code).toBe('unsupported_media_type');
    expect(setCookie(forged, 'cp_sid')).toBeNull();
    await request(app.getHttpServer())
      .post('/api/auth/login')
      .send({ email: user.email, password: PASSWORD })
      .expect(200);
  });

  it('answers a wrong password and an unknown email alike', async () => {
    const user = await createUser(app);
    for (const body of [
      { email: user.email, password: 'Wrong#password1' },
      { email: uniqueEmail('nobody'), password: PASSWORD },
    ]) {
      const res = await request(app.getHttpServer()).post('/api/auth/login').send(body).expect(401);
      expect(res.body).toMatchObject({
        code: 'email_or_password_incorrect',
        message: 'Email or password is incorrect.',
      });
      expect(setCookie(res, 'cp_sid')).toBeNull();
    }
    await request(app.getHttpServer()).post('/api/auth/login').send({ email: user.email }).expect(400);
  });

  it('a new session id at every login (no fixation), and a signed-in payment needs the CSRF token', async () => {
    const user = await createUser(app);
    const first = await signIn(app, user.email);
    const again = await first.agent
      .post('/api/auth/login')
      .set(CSRF_HEADER, first.csrf)
      .send({ email: user.email, password: PASSWORD })
      .expect(200);
    const csrf = setCookie(again, CSRF_COOKIE)!.value;
    expect(csrf).not.toBe(first.csrf);
    expect(setCookie(again, 'cp_sid')).not.toBeNull();
    // The old token died with the old session.
    await first.agent.post('/api/auth/logout').set(CSRF_HEADER, first.csrf).expect(403);
    // Gateways post without a session and without a token (exempt); guests need no token either.
    await request(app.getHttpServer()).post('/api/gateways/fpx/direct').type('form').send({}).expect(400);
    await first.agent.post('/api/auth/logout').set(CSRF_HEADER, csrf).expect(204);
  });

  it('the OpenAPI document describes the identity and admin routes', async () => {
    const res = await request(app.getHttpServer()).get('/api/docs-json').expect(200);
    const paths = Object.keys(res.body.paths as object);
    for (const path of [
      '/api/auth/register',
      '/api/auth/register/verify',
      '/api/auth/login',
      '/api/auth/me',
      '/api/auth/reset-password',
      '/api/me/payments',
      '/api/me/profile',
      '/api/admin/payments',
      '/api/admin/payments/{reference}/refunds',
      '/api/admin/users',
    ]) {
      expect(paths).toContain(path);
    }
  });

  it('a browser that lost the readable token cookie gets it back from any request of its session', async () => {
    const user = await createUser(app);
    const login = await request(app.getHttpServer())
      .post('/api/auth/login')
      .send({ email: user.email, password: PASSWORD })
      .expect(200);
    const sid = setCookie(login, 'cp_sid')!.value;
    const token = setCookie(login, CSRF_COOKIE)!.value;
    const me = await request(app.getHttpServer())
      .get('/api/auth/me')
      .set('Cookie', `cp_sid=${encodeURIComponent(sid)}`)
      .expect(200);
    expect(setCookie(me, CSRF_COOKIE)?.value).toBe(token);
    // With both cookies, nothing is re-sent.
    const again = await request(app.getHttpServer())
      .get('/api/auth/me')
      .set('Cookie', `cp_sid=${encodeURIComponent(sid)}; ${CSRF_COOKIE}=${token}`)
      .expect(200);
    expect(setCookie(again, CSRF_COOKIE)).toBeNull();
  });

  it('an ended session is forgotten: the browser carries on as a guest, without a token', async () => {
    const user = await createUser(app);
    const browser = await signIn(app, user.email);
    await prisma.user.delete({ where: { id: user.id } });
    const ended = await browser.agent.get('/api/auth/me').expect(401);
    expect(setCookie(ended, 'cp_sid')?.attributes).toMatch(/Expires=Thu, 01 Jan 1970/);
    // No CSRF token is asked of a guest; a login in the same request as the drop starts a new session.
    const login = await browser.agent.post('/api/auth/login').send({ email: user.email, password: PASSWORD });
    expect(login.status).toBe(401);
    const other = await createUser(app);
    const stale = await signIn(app, other.email);
    // The same password set again elsewhere (a new salt): sessions signed in before end.
    await prisma.user.update({ where: { id: other.id }, data: { passwordHash: await hashPassword(PASSWORD) } });
    const relogin = await stale.agent.post('/api/auth/login').send({ email: other.email, password: PASSWORD });
    expect(relogin.status).toBe(200);
    expect(setCookie(relogin, 'cp_sid')?.attributes).not.toMatch(/1970/);
    await stale.agent.get('/api/auth/me').expect(200);
  });
});
