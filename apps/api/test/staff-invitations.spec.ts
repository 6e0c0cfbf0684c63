import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCEPT_INVITATION_ROUTE, CSRF_HEADER, type SessionUser } from '@councilpay/domain';
import { PrismaService } from '../src/prisma/prisma.service';
import {
  clearLimits,
  createUser,
  lastNotification,
  PASSWORD,
  passSecondFactor,
  register,
  signIn,
  uniqueEmail,
  type Browser,
} from './identity-helpers';
import { createTestApi } from './test-app';

describe('council staff: invitations, roles within a council, no role for an unverified account', () => {
  let app: INestApplication;
  let prisma: PrismaService;
  let mdpgAdmin: Browser;
  let admin: Browser;

  beforeAll(async () => {
    app = await createTestApi();
    prisma = app.get(PrismaService);
    await clearLimits(app);
    mdpgAdmin = await signIn(
      app,
      (await createUser(app, { roles: ['council_admin'], councils: ['mdpg'], verified: true })).email,
    );
    admin = await signIn(app, (await createUser(app, { roles: ['_admin'], verified: true })).email);
  });
  afterAll(async () => {
    await app.close();
  });

  const post = (browser: Browser, path: string, body: object = {}) =>
    browser.agent.post(path).set(CSRF_HEADER, browser.csrf).send(body);

  /** The token of the newest invitation emailed to this address (the email sink of these tests). */
  async function emailedToken(email: string): Promise<{ token: string; language: string; link: string }> {
    const mail = await lastNotification(app, 'staff_invitation', email);
    expect(mail?.sensitive).toBe(true);
    const link = new URL(mail!.data.link);
    expect(link.pathname).toBe('/console/');
    const prefix = `#${ACCEPT_INVITATION_ROUTE}/`;
    expect(link.hash.startsWith(prefix)).toBe(true);
    return { token: decodeURIComponent(link.hash.slice(prefix.length)), language: mail!.language, link: link.href };
  }

  async function invite(by: Browser, body: { email: string; role: string; councils: string[]; language?: string }) {
    const res = await post(by, '/api/admin/invitations', body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { id: string };
  }

  async function audit(targetId: string): Promise<string[]> {
    const rows = await prisma.staffAudit.findMany({ where: { targetId }, orderBy: { createdAt: 'asc' } });
    return rows.map((r) => r.action);
  }

  it('invite, accept as a new account (name and password), sign in as an officer of that council only', async () => {
    const email = uniqueEmail('officer');
    const invitation = await invite(mdpgAdmin, { email, role: 'council_officer', councils: ['mdpg'], language: 'en' });
    const { token, language } = await emailedToken(email);
    expect(language).toBe('en');
    // The token is stored hashed only.
    const row = await prisma.staffInvitation.findUniqueOrThrow({ where: { id: invitation.id } });
    expect(row.tokenHash).not.toContain(token);

    const anonymous = request(app.getHttpServer());
    const offer = await anonymous.post('/api/invitations/check').send({ token }).expect(200);
    expect(offer.body).toMatchObject({ email, role: 'council_officer', councils: ['mdpg'], account: 'new' });
    // The password rules of registration.
    const short = await anonymous
      .post('/api/invitations/accept')
      .send({ token, fullName: 'Pegawai Baharu', password: 'short', confirmPassword: 'short' });
    expect(short.status).toBe(400);
    const mismatch = await anonymous
      .post('/api/invitations/accept')
      .send({ token, fullName: 'Pegawai Baharu', password: PASSWORD, confirmPassword: `${PASSWORD}x` });
    expect(mismatch.status).toBe(400);
    await anonymous.post('/api/invitations/accept').send({ token }).expect(400);
    const accepted = await anonymous
      .post('/api/invitations/accept')
      .send({ token, fullName: 'Pegawai Baharu', password: PASSWORD, confirmPassword: PASSWORD });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
    expect(accepted.body).toEqual({ code: 'invitation_accepted' });

    // Used once: the same link again is refused.
    const reused = await anonymous.post('/api/invitations/check').send({ token });
    expect([reused.status, reused.body.code]).toEqual([410, 'invitation_used']);
    const again = await anonymous
      .post('/api/invitations/accept')
      .send({ token, fullName: 'Orang Lain', password: PASSWORD, confirmPassword: PASSWORD });
    expect([again.status, again.body.code]).toEqual([410, 'invitation_used']);

    const officer = await signIn(app, email);
    const me = (await officer.agent.get('/api/auth/me').expect(200)).body as SessionUser;
    expect(me).toMatchObject({ emailVerified: true, grants: [{ council: 'mdpg', role: 'council_officer' }] });
    // Reads and works mdpg's payments, never approves nor administers.
    await officer.agent.get('/api/admin/payments').expect(200);
    expect((await post(officer, '/api/admin/day-close/mdpg/2020-02-01/sign')).status).toBe(403);
    expect((await officer.agent.get('/api/admin/invitations')).status).toBe(403);
    expect((await officer.agent.get('/api/admin/day-close?council=mps&day=2020-01-01')).status).toBe(403);
    expect(await audit(invitation.id)).toEqual(['staff_invite', 'staff_invitation_accept']);
  });

  it('an existing payer account gets the roles by accepting while signed in as that account', async () => {
    const payer = await register(app);
    const email = payer.form.email;
    await invite(admin, { email, role: 'council_viewer', councils: ['mps', 'mdpg'] });
    const { token, language } = await emailedToken(email);
    expect(language).toBe('ms');
    const anonymous = request(app.getHttpServer());
    expect((await anonymous.post('/api/invitations/check').send({ token })).body.account).toBe('existing');
    // Not signed in, or signed in as someone else: sign in as that account first.
    const signedOut = await anonymous.post('/api/invitations/accept').send({ token });
    expect([signedOut.status, signedOut.body.code]).toEqual([409, 'invitation_sign_in_required']);
    const other = await post(mdpgAdmin, '/api/invitations/accept', { token });
    expect([other.status, other.body.code]).toEqual([409, 'invitation_sign_in_required']);
    // The payer never verified the email; accepting the emailed link proves the mailbox.
    expect((await payer.agent.get('/api/auth/me')).body.emailVerified).toBe(false);
    const accepted = await post(payer, '/api/invitations/accept', { token });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
    const me = (await payer.agent.get('/api/auth/me').expect(200)).body as SessionUser;
    expect(me.emailVerified).toBe(true);
    expect(me.roles).toEqual(['user', 'council_viewer']);
    expect(me.grants).toEqual([
      { council: 'mdpg', role: 'council_viewer' },
      { council: 'mps', role: 'council_viewer' },
    ]);
    // Staff now: nothing of the console before the second factor is set up, then a viewer reads and changes nothing.
    const before = await payer.agent.get('/api/admin/payments');
    expect([before.status, before.body.code]).toEqual([403, 'second_factor_enrolment_required']);
    await passSecondFactor(payer, email, me.secondFactor);
    await payer.agent.get('/api/admin/payments').expect(200);
    expect((await post(payer, '/api/admin/settlements', {})).status).toBe(403);
  });

  it('refuses an expired, a revoked and an unknown link; a resend sends a new link and voids the old one', async () => {
    const anonymous = request(app.getHttpServer());
    const expiredEmail = uniqueEmail('late');
    const expired = await invite(mdpgAdmin, { email: expiredEmail, role: 'council_viewer', councils: ['mdpg'] });
    const { token: late } = await emailedToken(expiredEmail);
    await prisma.staffInvitation.update({ where: { id: expired.id }, data: { expiresAt: new Date(Date.now() - 1) } });
    const tooLate = await anonymous
      .post('/api/invitations/accept')
      .send({ token: late, fullName: 'Lewat', password: PASSWORD, confirmPassword: PASSWORD });
    expect([tooLate.status, tooLate.body.code]).toEqual([410, 'invitation_expired']);
    // A resend gives a new link, good for another 72 hours; the old one is unknown from then on.
    const resent = await post(mdpgAdmin, `/api/admin/invitations/${expired.id}/resend`);
    expect(resent.status, JSON.stringify(resent.body)).toBe(200);
    expect(resent.body).toMatchObject({ state: 'pending', sentCount: 2 });
    expect(new Date(resent.body.expiresAt).getTime() - Date.now()).toBeGreaterThan(71 * 3600_000);
    const { token: fresh } = await emailedToken(expiredEmail);
    expect(fresh).not.toBe(late);
    expect((await anonymous.post('/api/invitations/check').send({ token: late })).body.code).toBe(
      'invitation_not_found',
    );
    await anonymous.post('/api/invitations/check').send({ token: fresh }).expect(200);

    const revokedEmail = uniqueEmail('revoked');
    const revoked = await invite(mdpgAdmin, { email: revokedEmail, role: 'council_officer', councils: ['mdpg'] });
    const { token: gone } = await emailedToken(revokedEmail);
    await post(mdpgAdmin, `/api/admin/invitations/${revoked.id}/revoke`).expect(200);
    const refused = await anonymous
      .post('/api/invitations/accept')
      .send({ token: gone, fullName: 'Batal', password: PASSWORD, confirmPassword: PASSWORD });
    expect([refused.status, refused.body.code]).toEqual([410, 'invitation_revoked']);
    expect(await prisma.user.findUnique({ where: { email: revokedEmail } })).toBeNull();
    expect(await audit(revoked.id)).toEqual(['staff_invite', 'staff_invitation_revoke']);
    expect(await audit(expired.id)).toEqual(['staff_invite', 'staff_invitation_resend']);

    const unknown = await anonymous.post('/api/invitations/check').send({ token: 'x'.repeat(43) });
    expect([unknown.status, unknown.body.code]).toEqual([404, 'invitation_not_found']);
    await anonymous.post('/api/invitations/check').send({ token: 'not a token' }).expect(400);
  });

  it('a council admin invites into their own councils only and never grants _admin', async () => {
    const into = (councils: string[], role = 'council_officer') =>
      post(mdpgAdmin, '/api/admin/invitations', { email: uniqueEmail('x'), role, councils });
    expect((await into(['mps'])).status).toBe(403);
    expect((await into(['mdpg', 'mps'])).status).toBe(403);
    expect((await into(['mdpg'], '_admin')).status).toBe(400);
    expect((await into(['mdpg'], 'user')).status).toBe(400);
    expect((await into([])).status).toBe(400);
    expect((await into(['mdpg'], 'council_admin')).status).toBe(201);
    // A system administrator's email is never invited to a lesser role.
    const sysadmin = await createUser(app, { roles: ['_admin'], verified: true });
    const res = await post(admin, '/api/admin/invitations', {
      email: sysadmin.email,
      role: 'council_viewer',
      councils: ['mdpg'],
    });
    expect([res.status, res.body.code]).toEqual([409, 'cannot_change_admin']);
  });

  it('a council admin changes and removes their council’s role of a person, never another council’s', async () => {
    const person = await createUser(app, { verified: true });
    await prisma.user.update({
      where: { id: person.id },
      data: { councilRoles: ['mdpg:council_viewer', 'mps:council_approver'] },
    });
    const set = (browser: Browser, council: string, role: string | null) =>
      browser.agent
        .put(`/api/admin/staff/${person.id}/councils/${council}`)
        .set(CSRF_HEADER, browser.csrf)
        .send({ role });
    const raised = await set(mdpgAdmin, 'mdpg', 'council_approver');
    expect(raised.status, JSON.stringify(raised.body)).toBe(200);
    expect(raised.body.grants).toEqual([{ council: 'mdpg', role: 'council_approver' }]);
    expect((await set(mdpgAdmin, 'mps', null)).status).toBe(404);
    expect((await set(mdpgAdmin, 'mdpg', '_admin')).status).toBe(400);
    await set(mdpgAdmin, 'mdpg', null).expect(200);
    // mps's grant is as it was; mdpg's admin no longer finds the person.
    expect((await prisma.user.findUniqueOrThrow({ where: { id: person.id } })).councilRoles).toEqual([
      'mps:council_approver',
    ]);
    await mdpgAdmin.agent.get(`/api/admin/staff/${person.id}`).expect(404);
    const actions = await prisma.staffAudit.findMany({ where: { targetId: person.id }, orderBy: { createdAt: 'asc' } });
    expect(actions.map((a) => [a.action, a.before, a.after])).toEqual([
      [
        'staff_role_update',
        { email: person.email, council: 'mdpg', role: 'council_viewer' },
        { email: person.email, council: 'mdpg', role: 'council_approver' },
      ],
      [
        'staff_role_update',
        { email: person.email, council: 'mdpg', role: 'council_approver' },
        { email: person.email, council: 'mdpg', role: null },
      ],
    ]);
  });

  it('gives no staff role to an account whose email is not verified', async () => {
    const unverified = await createUser(app, { verified: false });
    const byAdmin = await admin.agent
      .put(`/api/admin/staff/${unverified.id}/councils/mdpg`)
      .set(CSRF_HEADER, admin.csrf)
      .send({ role: 'council_viewer' });
    expect([byAdmin.status, byAdmin.body.code]).toEqual([409, 'email_not_verified']);
    const byRoles = await admin.agent
      .put(`/api/admin/users/${unverified.id}/roles`)
      .set(CSRF_HEADER, admin.csrf)
      .send({ councilAdmin: true, councils: ['mdpg'] });
    expect([byRoles.status, byRoles.body.code]).toEqual([409, 'email_not_verified']);
    const after = await prisma.user.findUniqueOrThrow({ where: { id: unverified.id } });
    expect([after.roles, after.councils, after.councilRoles]).toEqual([['user'], [], []]);
  });

  it('an approver approves a refund an officer recorded above the limit; the officer cannot', async () => {
    const officer = await signIn(
      app,
      (await createUser(app, { roles: ['council_officer'], councils: ['mdpg'], verified: true })).email,
    );
    const approver = await signIn(
      app,
      (await createUser(app, { roles: ['council_approver'], councils: ['mdpg'], verified: true })).email,
    );
    const { createPayment, fpxRequest, makePayable, postDirectAc, signedAc } = await import('./payment-helpers');
    const payable = await makePayable(app, { balanceSen: 150_000, council: 'mdpg' });
    const created = await createPayment(app, fpxRequest([payable.id]));
    await postDirectAc(app, signedAc(created.redirect, '00')).expect(200);
    const items = await prisma.paymentItem.findMany({ where: { payment: { reference: created.reference } } });
    const recorded = await post(officer, `/api/admin/payments/${created.reference}/refunds`, {
      reason: 'Dipulangkan sepenuhnya',
      refundedAt: new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10),
      items: items.map((i) => ({ itemId: i.id, amountSen: i.amountSen, reverseCredit: false })),
    });
    expect(recorded.status, JSON.stringify(recorded.body)).toBe(201);
    expect(recorded.body.refund.state).toBe('awaiting_approval');
    const path = `/api/admin/payments/${created.reference}/refunds/${recorded.body.refund.id}/approve`;
    expect((await post(officer, path)).status).toBe(403);
    const approved = await post(approver, path);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.refund.state).toBe('made');
    expect((await post(officer, '/api/admin/day-close/mdpg/2020-03-01/sign')).status).toBe(403);
    expect((await post(approver, '/api/admin/day-close/mdpg/2020-03-01/sign')).status).toBe(200);
  });

  it('a role in one council gives its power there only: an approver of mdpg who views mps acts on mdpg alone', async () => {
    const person = await createUser(app, { verified: true });
    await prisma.user.update({
      where: { id: person.id },
      data: { councilRoles: ['mdpg:council_approver', 'mps:council_viewer'] },
    });
    const both = await signIn(app, person.email);
    const { createPayment, fpxRequest, makePayable, postDirectAc, signedAc } = await import('./payment-helpers');
    const paid = async (council: string) => {
      const created = await createPayment(
        app,
        fpxRequest([(await makePayable(app, { council, balanceSen: 3_000 })).id]),
      );
      await postDirectAc(app, signedAc(created.redirect, '00')).expect(200);
      return created.reference;
    };
    const [mdpg, mps] = [await paid('mdpg'), await paid('mps')];
    // Both are theirs to read.
    await both.agent.get(`/api/admin/payments/${mdpg}`).expect(200);
    await both.agent.get(`/api/admin/payments/${mps}`).expect(200);
    await both.agent.get('/api/admin/day-close?council=mps&day=2020-01-01').expect(200);
    // Only mdpg's to act on.
    expect((await post(both, `/api/admin/payments/${mdpg}/requery`)).status).toBe(200);
    expect((await post(both, `/api/admin/payments/${mps}/requery`)).status).toBe(404);
    expect((await post(both, '/api/admin/day-close/mps/2020-04-01/sign')).status).toBe(403);
    expect((await post(both, '/api/admin/day-close/mdpg/2020-04-01/sign')).status).toBe(200);
  });
});
