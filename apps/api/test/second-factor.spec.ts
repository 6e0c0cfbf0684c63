import type { INestApplication } from '@nestjs/common';
import { authenticator } from 'otplib';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BACKGROUND_REQUEST_HEADER,
  RECOVERY_CODE_COUNT,
  type SecondFactorEnrolled,
  type SecondFactorEnrolment,
  type SessionUser,
} from '@councilpay/domain';
import { SessionRedis } from '../src/redis/session-redis';
import { SESSION_COOKIE } from '../src/auth/sessions';
import { APP_CONFIG } from '../src/config/config.module';
import type { AppConfig } from '../src/config/config';
import { PrismaService } from '../src/prisma/prisma.service';
import {
  authenticators,
  clearLimits,
  createUser,
  CSRF_HEADER,
  currentStep,
  PASSWORD,
  register,
  setCookie,
  signIn,
  signInWithPassword,
  totpCode,
  type Browser,
} from './identity-helpers';
import { sentStep } from '../../../scripts/totp.mjs';
import { createTestApi } from './test-app';
import { until } from './worker-helpers';

/** Password only, then the answer of enrolment (start and confirm) done by hand. */
async function enrolByHand(
  browser: Browser,
): Promise<{ secret: string; step: number; enrolled: SecondFactorEnrolled }> {
  const started = await browser.agent.post('/api/auth/second-factor/enrolment').set(CSRF_HEADER, browser.csrf);
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  const { secret } = started.body as SecondFactorEnrolment;
  const step = currentStep();
  const confirmed = await browser.agent
    .post('/api/auth/second-factor/enrolment/confirm')
    .set(CSRF_HEADER, browser.csrf)
    .send({ code: totpCode(secret, step) })
    .expect(200);
  return { secret, step, enrolled: confirmed.body as SecondFactorEnrolled };
}

function verify(browser: Browser, answer: { code?: string; recoveryCode?: string }) {
  return browser.agent.post('/api/auth/second-factor/verify').set(CSRF_HEADER, browser.csrf).send(answer);
}

describe('staff sign in with a second factor', () => {
  let app: INestApplication;
  let prisma: PrismaService;

  beforeAll(async () => {
    app = await createTestApi();
    prisma = app.get(PrismaService);
    await clearLimits(app);
  });
  afterAll(async () => {
    await app.close();
  });

  it('a staff member with the password alone may use nothing but the second factor; payers are unchanged', async () => {
    const staff = await createUser(app, { roles: ['council_admin'], councils: ['mdpg'], verified: true });
    const browser = await signInWithPassword(app, staff.email);
    expect(browser.user.secondFactor).toBe('enrolment_required');
    for (const path of ['/api/admin/payments', '/api/admin/dashboard', '/api/me/profile']) {
      const refused = await browser.agent.get(path).expect(403);
      expect(refused.body.code, path).toBe('second_factor_enrolment_required');
    }
    expect((await browser.agent.get('/api/auth/me').expect(200)).body).toMatchObject({
      secondFactor: 'enrolment_required',
    });
    await browser.agent.post('/api/auth/logout').set(CSRF_HEADER, browser.csrf).expect(204);

    const payer = await register(app);
    expect(payer.user.secondFactor).toBe('not_needed');
    await payer.agent.get('/api/me/profile').expect(200);
    const again = await signInWithPassword(app, payer.form.email);
    expect(again.user.secondFactor).toBe('not_needed');
    await again.agent.get('/api/me/payments').expect(200);
    await again.agent.get('/api/admin/payments').expect(403);
    const noFactor = await again.agent.post('/api/auth/second-factor/enrolment').set(CSRF_HEADER, again.csrf);
    expect(noFactor.status).toBe(403);
    expect(noFactor.body.code).toBe('forbidden');
  });

  it('enrolment: a secret shown once and sealed at rest, on only after the first valid code, ten recovery codes', async () => {
    const staff = await createUser(app, { roles: ['_admin'], verified: true });
    const browser = await signInWithPassword(app, staff.email);
    const started = await browser.agent
      .post('/api/auth/second-factor/enrolment')
      .set(CSRF_HEADER, browser.csrf)
      .expect(201);
    const { secret, otpauthUrl, qrDataUrl } = started.body as SecondFactorEnrolment;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toBe(authenticator.keyuri(staff.email, 'CouncilPay', secret));
    expect(qrDataUrl).toMatch(/^data:image\/png;base64,/);
    const stored = await prisma.user.findUniqueOrThrow({ where: { id: staff.id } });
    expect(stored.totpSecretSealed).toMatch(/^v1\./);
    expect(stored.totpSecretSealed).not.toContain(secret);
    expect(stored.totpEnabledAt).toBeNull();
    // Not on yet: still refused, and a wrong code does not turn it on.
    expect((await browser.agent.get('/api/admin/payments').expect(403)).body.code).toBe(
      'second_factor_enrolment_required',
    );
    const wrong = totpCode(secret, currentStep() + 5);
    const refused = await browser.agent
      .post('/api/auth/second-factor/enrolment/confirm')
      .set(CSRF_HEADER, browser.csrf)
      .send({ code: wrong })
      .expect(400);
    expect(refused.body.code).toBe('second_factor_code_incorrect');
    expect((await prisma.user.findUniqueOrThrow({ where: { id: staff.id } })).totpEnabledAt).toBeNull();

    const confirmed = await browser.agent
      .post('/api/auth/second-factor/enrolment/confirm')
      .set(CSRF_HEADER, browser.csrf)
      .send({ code: totpCode(secret, currentStep()) })
      .expect(200);
    const { user, recoveryCodes } = confirmed.body as SecondFactorEnrolled;
    expect(user.secondFactor).toBe('passed');
    expect(recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(recoveryCodes).size).toBe(RECOVERY_CODE_COUNT);
    const enrolled = await prisma.user.findUniqueOrThrow({ where: { id: staff.id } });
    expect(enrolled.totpEnabledAt).not.toBeNull();
    expect(enrolled.recoveryCodeHashes).toHaveLength(RECOVERY_CODE_COUNT);
    for (const code of recoveryCodes) expect(enrolled.recoveryCodeHashes.join()).not.toContain(code);
    await browser.agent.get('/api/admin/payments').expect(200);
    // Once on, it is not started again (only an _admin's reset turns it off).
    const again = await browser.agent.post('/api/auth/second-factor/enrolment').set(CSRF_HEADER, browser.csrf);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('second_factor_already_enrolled');
  });

  it('a later sign-in needs a right code, each accepted once, never an older one', async () => {
    const staff = await createUser(app, { roles: ['council_admin'], councils: ['mps'], verified: true });
    const first = await signInWithPassword(app, staff.email);
    const { secret, step: enrolStep } = await enrolByHand(first);

    const second = await signInWithPassword(app, staff.email);
    expect(second.user.secondFactor).toBe('code_required');
    expect((await second.agent.get('/api/admin/payments').expect(403)).body.code).toBe('second_factor_required');
    // The enrolment's own code was used.
    expect((await verify(second, { code: totpCode(secret, enrolStep) }).expect(400)).body.code).toBe(
      'second_factor_code_incorrect',
    );
    expect((await verify(second, { code: 'abcdef' }).expect(400)).body.code).toBe('second_factor_code_incorrect');
    expect((await verify(second, { code: totpCode(secret, currentStep() + 3) }).expect(400)).body.code).toBe(
      'second_factor_code_incorrect',
    );
    const next = enrolStep + 1;
    const passed = await verify(second, { code: totpCode(secret, next) }).expect(200);
    expect((passed.body as SessionUser).secondFactor).toBe('passed');
    await second.agent.get('/api/admin/payments').expect(200);
    expect((await second.agent.get('/api/auth/me').expect(200)).body.secondFactor).toBe('passed');

    // The same code again, from another browser: refused (replayed), and so is the older step's.
    const third = await signInWithPassword(app, staff.email);
    expect((await verify(third, { code: totpCode(secret, next) }).expect(400)).body.code).toBe(
      'second_factor_code_incorrect',
    );
    expect((await verify(third, { code: totpCode(secret, enrolStep) }).expect(400)).body.code).toBe(
      'second_factor_code_incorrect',
    );
    await third.agent.get('/api/admin/payments').expect(403);
    // Neither body field, or both empty: a validation error, not a 500.
    expect((await verify(third, {}).expect(400)).body.code).toBe('validation_failed');
  });

  it('a recovery code works once; new ones void the old', async () => {
    const staff = await createUser(app, { roles: ['_admin'], verified: true });
    const {
      enrolled: { recoveryCodes },
    } = await enrolByHand(await signInWithPassword(app, staff.email));

    const a = await signInWithPassword(app, staff.email);
    // Typed in capitals with spaces: still the code.
    const typed = ` ${recoveryCodes[0].toUpperCase().replace('-', ' ')} `;
    expect((await verify(a, { recoveryCode: typed }).expect(200)).body.secondFactor).toBe('passed');
    await a.agent.get('/api/admin/payments').expect(200);
    const b = await signInWithPassword(app, staff.email);
    expect((await verify(b, { recoveryCode: recoveryCodes[0] }).expect(400)).body.code).toBe(
      'second_factor_code_incorrect',
    );
    expect((await prisma.user.findUniqueOrThrow({ where: { id: staff.id } })).recoveryCodeHashes).toHaveLength(
      RECOVERY_CODE_COUNT - 1,
    );

    const fresh = await a.agent.post('/api/auth/second-factor/recovery-codes').set(CSRF_HEADER, a.csrf).expect(201);
    const renewed = (fresh.body as { recoveryCodes: string[] }).recoveryCodes;
    expect(renewed).toHaveLength(RECOVERY_CODE_COUNT);
    await verify(b, { recoveryCode: recoveryCodes[1] }).expect(400);
    await verify(b, { recoveryCode: renewed[0] }).expect(200);
    // A session that has not passed may not make new ones.
    const c = await signInWithPassword(app, staff.email);
    const early = await c.agent.post('/api/auth/second-factor/recovery-codes').set(CSRF_HEADER, c.csrf);
    expect(early.status).toBe(403);
    expect(early.body.code).toBe('second_factor_required');
  });

  it('wrong codes are throttled per account like failed passwords', async () => {
    const staff = await createUser(app, { roles: ['council_admin'], councils: ['mdpg'], verified: true });
    const { secret } = await enrolByHand(await signInWithPassword(app, staff.email));
    const browser = await signInWithPassword(app, staff.email);
    const limit = app.get<AppConfig>(APP_CONFIG).identity.loginMaxFailuresPerAccount;
    const wrong = totpCode(secret, currentStep() + 10);
    for (let i = 0; i < limit; i += 1) await verify(browser, { code: wrong }).expect(400);
    // Over the limit even the right code (or a recovery code) waits: guessing stays slow.
    const held = await verify(browser, { code: totpCode(secret, currentStep() + 1) }).expect(429);
    expect(held.body.code).toBe('too_many_requests');
    expect(held.body.details.retryAfterSeconds).toBeGreaterThan(0);
    // A new browser of the same account is held back too: the count is the account's.
    const other = await signInWithPassword(app, staff.email);
    await verify(other, { code: wrong }).expect(429);
    await other.agent.get('/api/admin/payments').expect(403);
  });

  it('_admin resets a staff member’s second factor (audited): they enrol again; nobody else may', async () => {
    const admin = await createUser(app, { roles: ['_admin'], verified: true });
    const officer = await createUser(app, { roles: ['council_admin'], councils: ['mdpg', 'mps'], verified: true });
    const other = await createUser(app, { roles: ['council_admin'], councils: ['mdpg'], verified: true });
    const adminBrowser = await signIn(app, admin.email);
    const officerBrowser = await signIn(app, officer.email);
    const otherBrowser = await signIn(app, other.email);
    await officerBrowser.agent.get('/api/admin/payments').expect(200);

    const notAllowed = await otherBrowser.agent
      .post(`/api/admin/users/${officer.id}/second-factor/reset`)
      .set(CSRF_HEADER, otherBrowser.csrf)
      .expect(403);
    expect(notAllowed.body.code).toBe('forbidden');
    const reset = await adminBrowser.agent
      .post(`/api/admin/users/${officer.id}/second-factor/reset`)
      .set(CSRF_HEADER, adminBrowser.csrf)
      .expect(200);
    expect(reset.body).toMatchObject({ id: officer.id, secondFactorEnabled: false });
    const stored = await prisma.user.findUniqueOrThrow({ where: { id: officer.id } });
    expect(stored).toMatchObject({ totpSecretSealed: null, totpEnabledAt: null, recoveryCodeHashes: [] });
    const audit = await prisma.staffAudit.findMany({ where: { targetId: officer.id } });
    expect(audit).toEqual([
      expect.objectContaining({
        staffId: admin.id,
        action: 'user_second_factor_reset',
        targetType: 'user',
        councils: ['mdpg', 'mps'],
        before: { email: officer.email, secondFactorEnabled: true },
        after: { email: officer.email, secondFactorEnabled: false },
      }),
    ]);
    // The session they had open must enrol before it goes on; so must the next sign-in.
    expect((await officerBrowser.agent.get('/api/admin/payments').expect(403)).body.code).toBe(
      'second_factor_enrolment_required',
    );
    const next = await signInWithPassword(app, officer.email);
    expect(next.user.secondFactor).toBe('enrolment_required');
    // The old secret's codes no longer pass.
    const old = authenticators.get(officer.email)!;
    expect((await verify(next, { code: totpCode(old.secret, currentStep() + 1) }).expect(403)).body.code).toBe(
      'second_factor_enrolment_required',
    );
    await enrolByHand(next);
    await next.agent.get('/api/admin/payments').expect(200);
    // A payer has no second factor to reset.
    const payer = await createUser(app, { verified: true });
    const conflict = await adminBrowser.agent
      .post(`/api/admin/users/${payer.id}/second-factor/reset`)
      .set(CSRF_HEADER, adminBrowser.csrf)
      .expect(409);
    expect(conflict.body.code).toBe('conflict');
  });

  it('a password change ends a session that passed the second factor', async () => {
    const staff = await createUser(app, { roles: ['_admin'], verified: true });
    const browser = await signIn(app, staff.email);
    await browser.agent.get('/api/admin/payments').expect(200);
    await prisma.user.update({ where: { id: staff.id }, data: { passwordHash: 'changed' } });
    expect((await browser.agent.get('/api/admin/payments').expect(401)).body.code).toBe('unauthorized');
  });
});

describe('staff sessions end after STAFF_SESSION_IDLE_MS without a person’s request', () => {
  let app: INestApplication;
  // Long enough for the few requests before the wait on a busy machine, short enough to wait for.
  const IDLE_MS = 5_000;

  beforeAll(async () => {
    app = await createTestApi({ STAFF_SESSION_IDLE_MS: String(IDLE_MS) });
    await clearLimits(app);
  });
  afterAll(async () => {
    await app.close();
  });

  /** The session's entry in Redis (what express-session stores under the cookie's id). */
  async function sessionOf(cookie: string): Promise<{ key: string; data: Record<string, unknown> }> {
    const id = decodeURIComponent(cookie).slice(2).split('.')[0];
    const redis = app.get(SessionRedis);
    const key = `${app.get<AppConfig>(APP_CONFIG).redisPrefix}:sess:${id}`;
    return { key, data: JSON.parse((await redis.client.get(key)) ?? '{}') as Record<string, unknown> };
  }

  it('a person’s requests keep it; the console’s own refreshes do not; idle, it answers 401 session_idle_timeout', async () => {
    const payer = await register(app);
    const staff = await createUser(app, { roles: ['_admin'], verified: true });
    const agent = request.agent(app.getHttpServer());
    const login = await agent.post('/api/auth/login').send({ email: staff.email, password: PASSWORD }).expect(200);
    const cookie = setCookie(login, SESSION_COOKIE)!.value;
    const browser: Browser = { agent, csrf: setCookie(login, 'cp_csrf')!.value };
    const { secret, step } = await enrolByHand(browser);
    authenticators.set(staff.email, { secret, recoveryCodes: [] });
    sentStep(staff.email, step);

    // A background request does not move the idle clock; a person's does.
    const before = Number((await sessionOf(cookie)).data.lastActiveAt);
    await agent.get('/api/admin/dashboard').set(BACKGROUND_REQUEST_HEADER, '1').expect(200);
    expect(Number((await sessionOf(cookie)).data.lastActiveAt)).toBe(before);
    await until(
      () => Promise.resolve(Date.now()),
      (now) => now > before,
    );
    await agent.get('/api/admin/dashboard').expect(200);
    expect(Number((await sessionOf(cookie)).data.lastActiveAt)).toBeGreaterThan(before);

    // Left alone with only the console refreshing: it ends.
    const ended = await until(
      () => agent.get('/api/admin/dashboard').set(BACKGROUND_REQUEST_HEADER, '1'),
      (res) => res.status !== 200,
      30_000,
    );
    expect(ended.status).toBe(401);
    expect(ended.body.code).toBe('session_idle_timeout');
    // The user is gone from the session; every later request (a refresh racing it, a reload) says why.
    expect((await agent.get('/api/auth/me').expect(401)).body.code).toBe('session_idle_timeout');
    await agent.get('/api/health').set(BACKGROUND_REQUEST_HEADER, '1').expect(200);
    expect((await agent.get('/api/admin/payments').expect(401)).body.code).toBe('session_idle_timeout');
    const kept = (await sessionOf(cookie)).data;
    expect(kept).toMatchObject({ endedBy: 'idle' });
    expect(kept).not.toHaveProperty('passport');
    // Signing in again in this browser starts a new session.
    const relogin = await agent.post('/api/auth/login').send({ email: staff.email, password: PASSWORD }).expect(200);
    expect((relogin.body as SessionUser).secondFactor).toBe('code_required');
    expect(setCookie(relogin, SESSION_COOKIE)!.value).not.toBe(cookie);
    expect((await agent.get('/api/auth/me').expect(200)).body.secondFactor).toBe('code_required');

    // The payer signed in before it, idle as long, is still signed in (SESSION_TTL_MS applies to payers).
    await payer.agent.get('/api/me/profile').expect(200);
    // And a staff member signing in again starts afresh.
    const again = await signIn(app, staff.email);
    await again.agent.get('/api/admin/dashboard').expect(200);
  });
});
