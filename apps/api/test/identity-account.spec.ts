import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CSRF_HEADER, type HistoryRowDto, type Page, type ProfileDto } from '@councilpay/domain';
import { BackgroundWork } from '../src/background/background-work';
import { PrismaService } from '../src/prisma/prisma.service';
import {
  clearLimits,
  createUser,
  lastNotification,
  PASSWORD,
  register,
  signIn,
  uniqueEmail,
  type Browser,
} from './identity-helpers';
import { createPayment, fpxRequest, makePayable, postDirectAc, signedAc } from './payment-helpers';
import { createTestApi } from './test-app';
import { lane } from './lane';

const HOUR = 3600_000;
const NEW_PASSWORD = 'Baharu#Rahsia99';

describe('forgot password: one answer for every email, a link that works once within 24 hours', () => {
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

  const forgot = (email: string) =>
    request(app.getHttpServer()).post('/api/auth/forgot-password').send({ email, language: 'zh' });

  /** Asks for a link and returns the id it carries (read from the queued email). */
  async function resetIdFor(email: string): Promise<string> {
    await forgot(email).expect(202);
    await app.get(BackgroundWork).idle(); // the link is made after the answer
    const mail = await lastNotification(app, 'password_reset', email);
    expect(mail).toMatchObject({ sensitive: true, language: 'zh', data: { name: 'Pengguna Ujian' } });
    expect(mail!.data.link.startsWith(`http://127.0.0.1:${lane().apiPort}/#/reset_password?id=`)).toBe(true);
    const link = new URL(mail!.data.link);
    expect(link.hash).toMatch(/^#\/reset_password\?id=[\w-]{43}$/);
    return new URLSearchParams(link.hash.split('?')[1]).get('id')!;
  }

  /** Makes the request look as old as `ageMs`. */
  async function age(resetId: string, ageMs: number) {
    const { createHash } = await import('node:crypto');
    const id = createHash('sha256').update(resetId).digest('hex');
    const createdAt = new Date(Date.now() - ageMs);
    await prisma.passwordReset.update({
      where: { id },
      data: { createdAt, expiresAt: new Date(createdAt.getTime() + 24 * HOUR) },
    });
  }

  const reset = (resetId: string, password = NEW_PASSWORD, confirmPassword = password) =>
    request(app.getHttpServer()).post('/api/auth/reset-password').send({ resetId, password, confirmPassword });

  it('answers email_sent whether or not the email has an account, and mails only an account', async () => {
    const user = await createUser(app);
    const nobody = uniqueEmail('nobody');
    const [known, unknown] = await Promise.all([forgot(user.email).expect(202), forgot(nobody).expect(202)]);
    expect(known.body).toEqual({ code: 'email_sent' });
    expect(unknown.body).toEqual(known.body);
    await app.get(BackgroundWork).idle(); // the link is made after the answer
    expect(await lastNotification(app, 'password_reset', user.email)).not.toBeNull();
    expect(await lastNotification(app, 'password_reset', nobody)).toBeNull();
    // Only a digest of the id is stored.
    const resetId = await resetIdFor(user.email);
    expect(await prisma.passwordReset.findUnique({ where: { id: resetId } })).toBeNull();
  });

  it('a link 23h59 old works once; then it is refused as used', async () => {
    const user = await createUser(app);
    const resetId = await resetIdFor(user.email);
    await age(resetId, 23 * HOUR + 59 * 60_000);
    const check = await request(app.getHttpServer())
      .post('/api/auth/reset-password/check')
      .send({ resetId })
      .expect(200);
    expect(check.body.email).toMatch(/^use\*+@example\.my$/);

    const mismatch = await reset(resetId, NEW_PASSWORD, 'Other#password1').expect(400);
    expect(mismatch.body.errors).toContainEqual(
      expect.objectContaining({ field: 'confirmPassword', code: 'confirmed' }),
    );

    expect((await reset(resetId).expect(200)).body).toEqual({ code: 'update_successful' });
    const used = await reset(resetId, 'Third#password1').expect(410);
    expect(used.body).toMatchObject({
      code: 'invalid_request',
      message: 'Invalid Request',
      details: { reason: 'used' },
    });
    // The new password is the one that works.
    await signIn(app, user.email, NEW_PASSWORD);
    await request(app.getHttpServer())
      .post('/api/auth/login')
      .send({ email: user.email, password: PASSWORD })
      .expect(401);
  });

  it('a link 24h01 old is refused with the timeout message; an unknown id is an Invalid Request', async () => {
    const user = await createUser(app);
    const resetId = await resetIdFor(user.email);
    await age(resetId, 24 * HOUR + 60_000);
    const late = await reset(resetId).expect(410);
    expect(late.body).toMatchObject({
      code: 'reset_timeout',
      message: 'Your reset password request already timeout, please request another reset password link',
    });
    const checked = await request(app.getHttpServer()).post('/api/auth/reset-password/check').send({ resetId });
    expect(checked.status).toBe(410);
    // Also after the maintenance job marked it used, lateness is what the payer is told.
    await prisma.passwordReset.updateMany({ where: { userId: user.id }, data: { usedAt: new Date() } });
    expect((await reset(resetId).expect(410)).body.code).toBe('reset_timeout');

    const unknown = await reset('A'.repeat(43)).expect(404);
    expect(unknown.body).toMatchObject({ code: 'invalid_request', message: 'Invalid Request' });
    // The old password still works: nothing changed.
    await signIn(app, user.email);
  });

  it('setting the new password ends every session signed in before, and only the new link works', async () => {
    const user = await createUser(app);
    const phone = await signIn(app, user.email);
    const laptop = await signIn(app, user.email);
    const first = await resetIdFor(user.email);
    const second = await resetIdFor(user.email);
    await reset(second).expect(200);
    await phone.agent.get('/api/auth/me').expect(401);
    await laptop.agent.get('/api/me/profile').expect(401);
    // Links asked for before the reset are used up with it.
    expect((await reset(first, 'Another#pass123').expect(410)).body.details.reason).toBe('used');
  });

  it('asking too often for one email sends nothing more, with the same answer', async () => {
    const user = await createUser(app);
    for (let i = 0; i < 5; i += 1) expect((await forgot(user.email).expect(202)).body).toEqual({ code: 'email_sent' });
    await app.get(BackgroundWork).idle();
    expect(await prisma.passwordReset.count({ where: { userId: user.id } })).toBe(3);
  });
});

describe('email verification, profile and payment history', () => {
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

  /** A paid payment for one new bill, as a guest (no session) or from a signed-in browser. */
  async function paidPayment(email: string, browser?: Browser, council = 'mdpg', bills = 1) {
    const payables = await Promise.all(
      Array.from({ length: bills }, () => makePayable(app, { balanceSen: 4_200, council })),
    );
    const body = fpxRequest(
      payables.map((p) => p.id),
      { payer: { name: 'Pembayar', email, phone: '0123456789' } },
    );
    let created;
    if (browser) {
      const res = await browser.agent.post('/api/payments').set(CSRF_HEADER, browser.csrf).send(body);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      created = res.body;
    } else {
      created = await createPayment(app, body);
    }
    await postDirectAc(app, signedAc(created.redirect, '00')).expect(200);
    return created.reference as string;
  }

  const history = async (browser: Browser, query = '') =>
    (await browser.agent.get(`/api/me/payments${query}`).expect(200)).body as Page<HistoryRowDto>;

  it('history shows payments made while signed in; guest payments with the email only once it is verified', async () => {
    const email = uniqueEmail('guest');
    const earlierAsGuest = await paidPayment(email);
    const payer = await register(app, { email });
    expect(payer.user.emailVerified).toBe(false);
    const signedInPayment = await paidPayment(uniqueEmail('someone-else'), payer);
    // A signed-in payment without the CSRF token is refused.
    const noToken = await payer.agent
      .post('/api/payments')
      .send(fpxRequest([(await makePayable(app, { balanceSen: 100 })).id]));
    expect(noToken.status).toBe(403);
    expect(noToken.body.code).toBe('csrf_failed');

    let page = await history(payer);
    expect(page.rows.map((r) => r.reference)).toEqual([signedInPayment]);
    await payer.agent.get(`/api/me/payments/${earlierAsGuest}`).expect(404);

    const mail = await lastNotification(app, 'email_verification', email);
    expect(mail).toMatchObject({ sensitive: true, data: { name: 'Siti Nurhaliza binti Taruddin' } });
    const link = new URL(mail!.data.link);
    expect(link.hash).toMatch(/^#\/verify_email\?token=[\w-]{43}$/);
    const token = new URLSearchParams(link.hash.split('?')[1]).get('token');
    // The link works from any browser, and again.
    for (let i = 0; i < 2; i += 1) {
      const res = await request(app.getHttpServer()).post('/api/auth/verify-email').send({ token }).expect(200);
      expect(res.body).toEqual({ code: 'email_verified' });
    }
    expect((await payer.agent.get('/api/auth/me').expect(200)).body.emailVerified).toBe(true);
    await request(app.getHttpServer())
      .post('/api/auth/verify-email')
      .send({ token: 'x'.repeat(43) })
      .expect(404);

    page = await history(payer);
    expect(page.rows.map((r) => r.reference)).toEqual([signedInPayment, earlierAsGuest]);
    expect(page.rows[1]).toMatchObject({
      council: 'mdpg',
      paymentType: 'compound',
      amountSen: 4_200,
      status: 'paid',
      receiptNo: expect.stringMatching(/^MDPG-/),
      date: expect.any(String),
      accountNo: expect.any(String),
      displayNo: expect.any(String),
    });
    expect((await payer.agent.get(`/api/me/payments/${earlierAsGuest}`).expect(200)).body.reference).toBe(
      earlierAsGuest,
    );
  });

  it('history is one row per bill, newest first, in pages', async () => {
    const payer = await register(app);
    const older = await paidPayment(payer.form.email, payer, 'mdpg', 2);
    const newer = await paidPayment(payer.form.email, payer, 'mps', 1);
    const first = await history(payer, '?page=1&pageSize=2');
    expect(first).toMatchObject({ page: 1, pageSize: 2, total: 3 });
    expect(first.rows.map((r) => [r.reference, r.council])).toEqual([
      [newer, 'mps'],
      [older, 'mdpg'],
    ]);
    const second = await history(payer, '?page=2&pageSize=2');
    expect(second.rows.map((r) => r.reference)).toEqual([older]);
    await payer.agent.get('/api/me/payments?pageSize=1000').expect(400);
  });

  it('a verification email can be asked for again, a limited number of times', async () => {
    const payer = await register(app);
    // The portal posts no body at all.
    const ask = () => payer.agent.post('/api/auth/verify-email/resend').set(CSRF_HEADER, payer.csrf);
    expect((await ask().expect(202)).body).toEqual({ code: 'email_verification_sent' });
    for (let i = 0; i < 4; i += 1) await ask().expect(202);
    expect((await ask().expect(429)).body.code).toBe('too_many_requests');
    expect(await prisma.emailVerification.count({ where: { email: payer.form.email } })).toBe(6);
  });

  it('profile: read masked, update, no changes, and a stale version is a conflict', async () => {
    const payer = await register(app, { nric: '850505-10-5555' });
    const put = (body: object) => payer.agent.put('/api/me/profile').set(CSRF_HEADER, payer.csrf).send(body);
    const read = (await payer.agent.get('/api/me/profile').expect(200)).body as ProfileDto;
    expect(read).toMatchObject({ email: payer.form.email, nric: '********5555', version: 0 });

    // Sent back as read (NRIC masked): nothing changed.
    const same = await put({ fullName: read.fullName, phone: read.phone, nric: read.nric, version: 0 }).expect(200);
    expect(same.body.code).toBe('data_no_changes');

    const updated = await put({ fullName: 'Siti Baharu', phone: '019 888 7777', nric: read.nric, version: 0 }).expect(
      200,
    );
    expect(updated.body).toMatchObject({
      code: 'update_successful',
      profile: { fullName: 'Siti Baharu', phone: '+60198887777', nric: '********5555', version: 1 },
    });
    expect((await payer.agent.get('/api/auth/me').expect(200)).body).toMatchObject({
      fullName: 'Siti Baharu',
      phone: '+60198887777',
    });

    // Another tab still holds version 0: its edit is refused, nothing lost.
    const stale = await put({ fullName: 'Siti Lama', phone: '0198887777', version: 0 }).expect(409);
    expect(stale.body.code).toBe('data_no_changes');
    const nric = await put({ fullName: 'Siti Baharu', phone: '0198887777', nric: '900230-10-1234', version: 1 });
    expect(nric.status).toBe(400);
    expect(nric.body.errors).toContainEqual(expect.objectContaining({ field: 'nric', code: 'nric_dob' }));
    await put({ fullName: 'Siti Baharu', phone: '0198887777', nric: '900228-10-1234', version: 1 }).expect(200);
    expect((await prisma.user.findUniqueOrThrow({ where: { email: payer.form.email } })).nricNo).toBe('900228101234');

    // Two edits of the same version at once: one wins, the other is told.
    const racing = await Promise.all([
      put({ fullName: 'A', phone: '0198887777', version: 2 }),
      put({ fullName: 'B', phone: '0198887777', version: 2 }),
    ]);
    expect(racing.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it('a signed-in payment belongs to the user whatever email it names; others never see it', async () => {
    const a = await register(app);
    const b = await createUser(app, { verified: true });
    const bBrowser = await signIn(app, b.email);
    const reference = await paidPayment(b.email, a);
    const aUser = await prisma.user.findUniqueOrThrow({ where: { email: a.form.email } });
    expect((await prisma.payment.findUniqueOrThrow({ where: { reference } })).userId).toBe(aUser.id);
    expect((await history(a)).rows.map((r) => r.reference)).toContain(reference);
    expect((await history(bBrowser)).rows.map((r) => r.reference)).not.toContain(reference);
    await bBrowser.agent.get(`/api/me/payments/${reference}`).expect(404);
    // Whoever holds the reference still reads the receipt, as guests do.
    await request(app.getHttpServer()).get(`/api/payments/${reference}`).expect(200);
  });
});
