import type { INestApplication } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { authenticator } from 'otplib';
import { forgetSteps, lastSentStep, sentStep } from '../../../scripts/totp.mjs';
import request from 'supertest';
import { expect } from 'vitest';
import {
  CSRF_COOKIE,
  CSRF_HEADER,
  normalisePhone,
  TOTP_STEP_SECONDS,
  type RegisterRequest,
  type Role,
  type SecondFactorEnrolled,
  type SecondFactorEnrolment,
  type SessionUser,
} from '@councilpay/domain';
import { createApi } from '../src/bootstrap';
import { hashPassword } from '../src/auth/passwords';
import { SessionRedis } from '../src/redis/session-redis';
import { PrismaService } from '../src/prisma/prisma.service';
import { testConfig } from './test-app';

export type Agent = ReturnType<typeof request.agent>;

/** A browser: a cookie jar, and the CSRF token its last sign-in gave (sent on every change). */
export interface Browser {
  agent: Agent;
  csrf: string;
}

export const PASSWORD = 'Rahsia#2026x';

let counter = 0;
/** An email no other test uses. */
export function uniqueEmail(name = 'user'): string {
  counter += 1;
  return `${name}.${Date.now().toString(36)}${counter}.${randomUUID().slice(0, 6)}@example.my`;
}

/**
 * An NRIC no other account of this test run has (one account per NRIC): a real date of birth and a place
 * code that vary with the clock and a counter, always ending in 5555 (so every mask reads ********5555).
 */
export function uniqueNric(): string {
  counter += 1;
  const n = (Date.now() + counter * 7919) % 3_650_000;
  const birth = new Date(Date.UTC(1940, 0, 1) + (n % 36_500) * 86_400_000);
  const yymmdd = [birth.getUTCFullYear() % 100, birth.getUTCMonth() + 1, birth.getUTCDate()]
    .map((v) => String(v).padStart(2, '0'))
    .join('');
  return `${yymmdd}-${String(Math.floor(n / 36_500) % 100).padStart(2, '0')}-5555`;
}

/** A valid registration: a real date of birth in the NRIC, a Malaysian mobile number with spaces. */
export function registration(overrides: Partial<RegisterRequest> = {}): RegisterRequest {
  const digits = String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0');
  return {
    fullName: 'Siti Nurhaliza binti Taruddin',
    email: uniqueEmail('siti'),
    nric: uniqueNric(),
    phone: `012 ${digits.slice(0, 3)} ${digits.slice(3)}`,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    language: 'en',
    ...overrides,
  };
}

/** The newest queued message of a template to a recipient: the notify sink as far as these tests go. */
export async function lastNotification(
  app: INestApplication,
  template: string,
  recipient: string,
): Promise<{ data: Record<string, string>; dedupeKey: string; sensitive: boolean; language: string } | null> {
  const row = await app.get(PrismaService).notification.findFirst({
    where: { template, recipient },
    orderBy: { createdAt: 'desc' },
  });
  return row
    ? {
        data: row.data as Record<string, string>,
        dedupeKey: row.dedupeKey,
        sensitive: row.sensitive,
        language: row.language,
      }
    : null;
}

export async function smsCode(app: INestApplication, phone: string): Promise<string> {
  const message = await lastNotification(app, 'phone_code', normalisePhone(phone));
  expect(message?.data.code).toMatch(/^\d{6}$/);
  return message!.data.code;
}

/** The value of a cookie the response set, and its attributes. */
export function setCookie(res: request.Response, name: string): { value: string; attributes: string } | null {
  const raw = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  const line = raw.filter((c) => c.startsWith(`${name}=`)).pop();
  if (!line) return null;
  const [pair, ...attributes] = line.split(';');
  return { value: decodeURIComponent(pair.slice(name.length + 1)), attributes: attributes.join(';').trim() };
}

/**
 * What a staff member's authenticator app and desk drawer hold: the TOTP secret and unused recovery codes. The
 * newest time step whose code was sent (the API accepts a step's code once, never an older one) is kept by
 * scripts/totp.mjs, shared with the scripts a test runs (the demo webhook).
 */
export interface Authenticator {
  secret: string;
  recoveryCodes: string[];
}

/** The second factors the helpers enrolled, by email (as a person keeps their phone). */
export const authenticators = new Map<string, Authenticator>();

const stepMs = TOTP_STEP_SECONDS * 1000;

/** The code of a time step (the step's start as the clock). */
export function totpCode(secret: string, step: number): string {
  return authenticator.clone({ epoch: step * stepMs }).generate(secret);
}

/** The current time step. */
export function currentStep(now = Date.now()): number {
  return Math.floor(now / stepMs);
}

/**
 * Staff pass the second factor through the real routes, as a person would: the first time, enrolment (the
 * secret the API answers goes into `authenticators`, its first code confirms it); later, the code of a step not
 * sent yet (this one or the next, both inside the API's window), else an unused recovery code (ten new ones
 * are made when few are left). Nothing is weakened for tests.
 */
export async function passSecondFactor(browser: Browser, email: string, state: SessionUser['secondFactor']) {
  if (state === 'not_needed' || state === 'passed') return;
  const { agent, csrf } = browser;
  if (state === 'enrolment_required') {
    const started = await agent.post('/api/auth/second-factor/enrolment').set(CSRF_HEADER, csrf);
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const { secret } = started.body as SecondFactorEnrolment;
    forgetSteps(email);
    const step = currentStep();
    sentStep(email, step);
    const confirmed = await agent
      .post('/api/auth/second-factor/enrolment/confirm')
      .set(CSRF_HEADER, csrf)
      .send({ code: totpCode(secret, step) });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    const { recoveryCodes } = confirmed.body as SecondFactorEnrolled;
    authenticators.set(email.trim().toLowerCase(), { secret, recoveryCodes: [...recoveryCodes] });
    return;
  }
  const kept = authenticators.get(email.trim().toLowerCase());
  expect(kept, `no second factor enrolled by the helpers for ${email}`).toBeDefined();
  const now = currentStep();
  const step = [now, now + 1].find((s) => s > lastSentStep(email));
  if (step !== undefined) sentStep(email, step);
  const answer =
    step !== undefined ? { code: totpCode(kept!.secret, step) } : { recoveryCode: kept!.recoveryCodes.shift() };
  const verified = await agent.post('/api/auth/second-factor/verify').set(CSRF_HEADER, csrf).send(answer);
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  if (kept!.recoveryCodes.length < 3) {
    const fresh = await agent.post('/api/auth/second-factor/recovery-codes').set(CSRF_HEADER, csrf);
    expect(fresh.status, JSON.stringify(fresh.body)).toBe(201);
    kept!.recoveryCodes = [...(fresh.body as { recoveryCodes: string[] }).recoveryCodes];
  }
}

/** A new browser signed in through POST /api/auth/login, staff through their second factor too. */
export async function signIn(app: INestApplication, email: string, password = PASSWORD): Promise<Browser> {
  const browser = await signInWithPassword(app, email, password);
  await passSecondFactor(browser, email, browser.user.secondFactor);
  return { agent: browser.agent, csrf: browser.csrf };
}

/** A new browser signed in with the password only (staff still owe the second factor). */
export async function signInWithPassword(
  app: INestApplication,
  email: string,
  password = PASSWORD,
): Promise<Browser & { user: SessionUser }> {
  const agent = request.agent(app.getHttpServer());
  const res = await agent.post('/api/auth/login').send({ email, password });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const csrf = setCookie(res, CSRF_COOKIE);
  expect(csrf).not.toBeNull();
  return { agent, csrf: csrf!.value, user: res.body as SessionUser };
}

/** Registers through HTTP (code read from the queued SMS) and returns the signed-in browser. */
export async function register(
  app: INestApplication,
  overrides: Partial<RegisterRequest> = {},
): Promise<Browser & { user: SessionUser; form: RegisterRequest }> {
  const form = registration(overrides);
  const agent = request.agent(app.getHttpServer());
  const started = await agent.post('/api/auth/register').send(form);
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  const code = await smsCode(app, form.phone);
  const verified = await agent
    .post('/api/auth/register/verify')
    .send({ verificationId: started.body.verificationId, code });
  expect(verified.status, JSON.stringify(verified.body)).toBe(201);
  return { agent, csrf: setCookie(verified, CSRF_COOKIE)!.value, user: verified.body as SessionUser, form };
}

/** An account made directly in the database (staff, or a payer whose registration is not under test). */
export async function createUser(
  app: INestApplication,
  data: {
    email?: string;
    roles?: Role[];
    councils?: string[];
    verified?: boolean;
    fullName?: string;
    nric?: string;
  } = {},
) {
  return app.get(PrismaService).user.create({
    data: {
      email: data.email ?? uniqueEmail(),
      fullName: data.fullName ?? 'Pengguna Ujian',
      nricNo: (data.nric ?? uniqueNric()).replace(/-/g, ''),
      phone: '0123456789',
      passwordHash: await hashPassword(PASSWORD),
      roles: data.roles ?? ['user'],
      councils: data.councils ?? [],
      type: (data.roles ?? ['user']).includes('user') ? 'user' : 'staff',
      emailVerifiedAt: data.verified ? new Date() : null,
    },
  });
}

/** Rate-limit and login-throttle counters are per test run; tests that register or log in a lot start afresh. */
export async function clearLimits(app: INestApplication): Promise<void> {
  const redis = app.get(SessionRedis);
  const keys = await redis.client.keys(redis.key('limit', '*'));
  if (keys.length) await redis.client.del(...keys);
}

/** Every log line the application writes, parsed. */
export class LogCapture extends Writable {
  readonly text: string[] = [];

  override _write(chunk: Buffer | string, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    this.text.push(chunk.toString());
    done();
  }

  get all(): string {
    return this.text.join('');
  }

  lines(): Record<string, unknown>[] {
    return this.all
      .split('\n')
      .filter((line) => line.trim())
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  }
}

/** The real HTTP application writing its logs (level info) into `logs`. */
export async function createLoggedApi(logs: LogCapture, overrides: Record<string, string> = {}) {
  const app = await createApi(testConfig({ LOG_LEVEL: 'info', ...overrides }), { logDestination: logs });
  await app.init();
  // Nest holds log lines back until an HTTP app listens; this one is only initialised.
  app.flushLogs();
  return app;
}

export { CSRF_HEADER };
