import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CSRF_HEADER,
  HAS_NEXT_PAGE_HEADER,
  normalisePhone,
  TOTAL_COUNT_HEADER,
  type AdminPaymentRow,
  type AdminPaymentView,
  type StaffAuditRow,
} from '@councilpay/domain';
import { boundedCount } from '../src/http/list-query';
import { PrismaService } from '../src/prisma/prisma.service';
import { clearLimits, createUser, passSecondFactor, signIn, uniqueEmail, type Browser } from './identity-helpers';
import { createPayment, fpxRequest, makePayable, postDirectAc, postToGateway, signedAc, sim } from './payment-helpers';
import { createTestApi } from './test-app';

/** The staff console's API beyond who may call what (test/access-matrix.spec.ts): filters, actions, audit. */
describe('staff console API', () => {
  let app: INestApplication;
  let prisma: PrismaService;
  let admin: Browser;
  let adminEmail: string;
  let mdpgAdmin: Browser;

  beforeAll(async () => {
    app = await createTestApi();
    prisma = app.get(PrismaService);
    await clearLimits(app);
    adminEmail = uniqueEmail('console-admin');
    await createUser(app, { email: adminEmail, roles: ['_admin'], verified: true });
    const mdpg = await createUser(app, { roles: ['council_admin'], councils: ['mdpg'], verified: true });
    admin = await signIn(app, adminEmail);
    mdpgAdmin = await signIn(app, mdpg.email);
  });
  afterAll(async () => {
    await app.close();
  });

  async function paid(
    council = 'mdpg',
    payer = { name: 'Siti Aminah', email: uniqueEmail('payer'), phone: '0198765432' },
  ) {
    const bill = await makePayable(app, { balanceSen: 2_500, council });
    const created = await createPayment(app, fpxRequest([bill.id], { payer }));
    await postDirectAc(app, signedAc(created.redirect, '00')).expect(200);
    return { ...created, bill, payer };
  }

  const rows = (res: request.Response) => res.body as AdminPaymentRow[];
  const audit = async (targetId: string) =>
    (await admin.agent.get(`/api/admin/audit?targetId=${targetId}`).expect(200)).body as StaffAuditRow[];

  it('answers a list asked in react-admin simple REST form (range, sort, filter as JSON) like the plain form', async () => {
    const a = await paid();
    const b = await paid();
    const filter = encodeURIComponent(JSON.stringify({ id: [a.reference, b.reference] }));
    const sort = encodeURIComponent(JSON.stringify(['reference', 'DESC']));
    const res = await admin.agent.get(`/api/admin/payments?filter=${filter}&sort=${sort}&range=[0,0]`).expect(200);
    expect(rows(res).map((r) => r.reference)).toEqual([[a.reference, b.reference].sort().reverse()[0]]);
    expect(res.headers[TOTAL_COUNT_HEADER.toLowerCase()]).toBe('2');
    expect(res.headers[HAS_NEXT_PAGE_HEADER.toLowerCase()]).toBe('true');
    const byStatus = encodeURIComponent(JSON.stringify({ status: 'paid', late: false, id: [a.reference] }));
    expect(rows(await admin.agent.get(`/api/admin/payments?filter=${byStatus}`).expect(200))).toHaveLength(1);
    const open = encodeURIComponent(JSON.stringify({ status: ['in_progress', 'pending'], id: [a.reference] }));
    const none = await admin.agent.get(`/api/admin/payments?filter=${open}`);
    expect(none.status, JSON.stringify(none.body)).toBe(200);
    expect(rows(none)).toEqual([]);
    const bad = await admin.agent.get('/api/admin/payments?filter={"_start":5}').expect(400);
    expect(bad.body.code).toBe('validation_failed');
    await admin.agent.get('/api/admin/payments?range=[5]').expect(400);
    await admin.agent.get('/api/admin/payments?filter=not-json').expect(400);
  });

  it('every list the console reads through react-admin answers its simple REST form, whichever module serves it', async () => {
    // What react-admin's list pages send: a JSON filter, an inclusive range and [field, order].
    for (const [resource, sort] of [
      ['payments', ['createdAt', 'DESC']],
      ['notifications', ['createdAt', 'DESC']],
      ['councils', ['code', 'ASC']],
      ['users', ['createdAt', 'DESC']],
      ['audit', ['createdAt', 'DESC']],
      ['council-api-keys', ['id', 'ASC']],
      ['council-api-requests', ['id', 'DESC']],
    ] as const) {
      const query = `filter=${encodeURIComponent('{}')}&range=${encodeURIComponent('[0,9]')}&sort=${encodeURIComponent(JSON.stringify(sort))}`;
      const res = await admin.agent.get(`/api/admin/${resource}?${query}`);
      expect(res.status, `${resource}: ${JSON.stringify(res.body)}`).toBe(200);
      expect(Array.isArray(res.body), resource).toBe(true);
    }
  });

  it('finds payments by bank, invoice number, payer email and phone, account number, late and refund due', async () => {
    const payer = { name: 'Chong Wei', email: uniqueEmail('filters'), phone: '0161234567' };
    const p = await paid('mdpg', payer);
    const find = async (query: string) =>
      rows(await admin.agent.get(`/api/admin/payments?${query}&_end=500`).expect(200)).map((r) => r.reference);
    expect(await find(`bank=MB2U0227&id=${p.reference}`)).toEqual([p.reference]);
    expect(await find(`bank=BCBB0235&id=${p.reference}`)).toEqual([]);
    expect(await find(`invoiceNo=${p.invoiceNo}`)).toEqual([p.reference]);
    expect(await find(`invoiceNo=${p.invoiceNo.slice(0, 15)}&id=${p.reference}`)).toEqual([p.reference]);
    expect(await find(`payerEmail=${encodeURIComponent(` ${payer.email.toUpperCase()} `)}`)).toEqual([p.reference]);
    expect(await find(`payerPhone=${encodeURIComponent('016 123 4567')}&id=${p.reference}`)).toEqual([p.reference]);
    expect(await find(`accountNo=${p.bill.accountNo}`)).toEqual([p.reference]);
    expect(await find(`late=true&id=${p.reference}`)).toEqual([]);
    expect(await find(`status=pending&status=paid&id=${p.reference}`)).toEqual([p.reference]);
    expect(await find(`status=pending&status=in_progress&id=${p.reference}`)).toEqual([]);
    expect(await find(`refundDue=false&id=${p.reference}`)).toEqual([p.reference]);
    await prisma.payment.update({ where: { reference: p.reference }, data: { refundDueSen: 500, late: true } });
    expect(await find(`refundDue=true&late=true&id=${p.reference}`)).toEqual([p.reference]);
    expect((await admin.agent.get('/api/admin/payments?late=maybe').expect(400)).body.code).toBe('validation_failed');
  });

  it('a staff requery of a payment the bank approved later makes it paid, on the timeline and in the audit', async () => {
    const bill = await makePayable(app, { balanceSen: 3_300 });
    const created = await createPayment(app, fpxRequest([bill.id]));
    await postToGateway(created.redirect);
    await sim(`/sim/fpx/${created.invoiceNo}/decide`, { action: 'pending', sendDirect: false, returnBrowser: false });
    await sim(`/sim/fpx/${created.invoiceNo}/settle`, { action: 'approve' });

    const res = await mdpgAdmin.agent
      .post(`/api/admin/payments/${created.reference}/requery`)
      .set(CSRF_HEADER, mdpgAdmin.csrf)
      .expect(200);
    expect(res.body).toMatchObject({ outcome: 'move', to: 'paid' });
    const view = (await mdpgAdmin.agent.get(`/api/admin/payments/${created.reference}`).expect(200))
      .body as AdminPaymentView;
    expect(view.status).toBe('paid');
    expect(view.events.some((e) => e.source === 'admin' && e.toStatus === 'paid')).toBe(true);
    expect(view.audit).toEqual([
      expect.objectContaining({
        action: 'payment_requery',
        councils: ['mdpg'],
        before: { status: 'in_progress' },
        after: expect.objectContaining({ outcome: 'move', status: 'paid' }),
      }),
    ]);
    expect(view.audit[0].staffEmail).not.toBe(adminEmail);
    // The outcome email the engine queued shows on the payment.
    expect(view.notifications).toEqual([expect.objectContaining({ template: 'payment_paid', channel: 'email' })]);
  });

  it('resends an outcome by SMS to the payer’s phone as a new message, audited; nothing to resend before an outcome', async () => {
    const p = await paid();
    const res = await admin.agent
      .post(`/api/admin/payments/${p.reference}/resend`)
      .set(CSRF_HEADER, admin.csrf)
      .send({ channel: 'sms' })
      .expect(202);
    expect(res.body).toMatchObject({ channel: 'sms', recipient: normalisePhone(p.payer.phone), status: 'queued' });
    const messages = await prisma.notification.findMany({ where: { payment: { reference: p.reference } } });
    expect(messages.map((m) => `${m.channel}:${m.template}`).sort()).toEqual([
      'email:payment_paid',
      'sms:payment_paid',
    ]);
    expect(await prisma.outbox.count({ where: { jobId: `notify-${res.body.notificationId}` } })).toBe(1);
    expect(await audit(p.reference)).toEqual([
      expect.objectContaining({
        action: 'payment_resend',
        staffEmail: adminEmail,
        after: expect.objectContaining({ channel: 'sms' }),
      }),
    ]);

    const bill = await makePayable(app, { balanceSen: 1_000 });
    const open = await createPayment(app, fpxRequest([bill.id]));
    const refused = await admin.agent
      .post(`/api/admin/payments/${open.reference}/resend`)
      .set(CSRF_HEADER, admin.csrf)
      .send({ channel: 'email' })
      .expect(409);
    expect(refused.body.code).toBe('nothing_to_resend');
    await admin.agent
      .post(`/api/admin/payments/${p.reference}/resend`)
      .set(CSRF_HEADER, admin.csrf)
      .send({ channel: 'fax' })
      .expect(400);
  });

  it('queues a failed message again as it is, copies a sent one, and never sends a one-time code twice', async () => {
    const p = await paid();
    const message = await prisma.notification.findFirstOrThrow({ where: { payment: { reference: p.reference } } });
    await prisma.notification.update({ where: { id: message.id }, data: { status: 'failed', lastError: 'SMTP down' } });
    const listed = await mdpgAdmin.agent
      .get(`/api/admin/notifications?reference=${p.reference}&status=failed`)
      .expect(200);
    expect(listed.body).toEqual([
      expect.objectContaining({ id: message.id, lastError: 'SMTP down', reference: p.reference }),
    ]);

    const again = await mdpgAdmin.agent
      .post(`/api/admin/notifications/${message.id}/resend`)
      .set(CSRF_HEADER, mdpgAdmin.csrf)
      .expect(202);
    expect(again.body.notificationId).toBe(message.id);
    expect((await prisma.notification.findUniqueOrThrow({ where: { id: message.id } })).status).toBe('queued');

    await prisma.notification.update({ where: { id: message.id }, data: { status: 'sent', sentAt: new Date() } });
    const copy = await admin.agent
      .post(`/api/admin/notifications/${message.id}/resend`)
      .set(CSRF_HEADER, admin.csrf)
      .expect(202);
    expect(copy.body.notificationId).not.toBe(message.id);
    expect(await prisma.notification.findUniqueOrThrow({ where: { id: copy.body.notificationId } })).toMatchObject({
      template: 'payment_paid',
      recipient: message.recipient,
      status: 'queued',
    });
    expect((await audit(message.id)).map((a) => a.action)).toEqual(['notification_resend', 'notification_resend']);

    const code = await prisma.notification.create({
      data: {
        channel: 'sms',
        recipient: '0123456789',
        template: 'phone_code',
        sensitive: true,
        status: 'sent',
        dedupeKey: `test-code-${Date.now()}`,
      },
    });
    // Not about a payment: a council admin does not see it at all.
    await mdpgAdmin.agent
      .post(`/api/admin/notifications/${code.id}/resend`)
      .set(CSRF_HEADER, mdpgAdmin.csrf)
      .expect(404);
    const refused = await admin.agent
      .post(`/api/admin/notifications/${code.id}/resend`)
      .set(CSRF_HEADER, admin.csrf)
      .expect(409);
    expect(refused.body.code).toBe('notification_not_resendable');
  });

  it('records configuration, council and role changes with the values before and after', async () => {
    const config = (await admin.agent.get('/api/admin/configuration').expect(200)).body;
    // The Chinese announcement: other test files, running alongside, read the Malay one and the app version.
    const update = {
      serviceClosed: config.serviceClosed,
      announcementMs: config.announcementMs,
      announcementEn: config.announcementEn,
      announcementZh: '审计测试',
      appVersion: config.appVersion,
    };
    await admin.agent.put('/api/admin/configuration').set(CSRF_HEADER, admin.csrf).send(update).expect(200);
    // This admin's change: another file may change the configuration too, as another admin.
    const [configAudit] = (await audit('default')).filter((row) => row.staffEmail === adminEmail);
    expect(configAudit).toMatchObject({
      action: 'configuration_update',
      before: { announcementZh: config.announcementZh },
      after: { announcementZh: '审计测试' },
    });
    await admin.agent
      .put('/api/admin/configuration')
      .set(CSRF_HEADER, admin.csrf)
      .send({ ...update, announcementZh: config.announcementZh })
      .expect(200);

    const council = (await admin.agent.get('/api/admin/councils/lbk').expect(200)).body;
    await admin.agent
      .put('/api/admin/councils/lbk')
      .set(CSRF_HEADER, admin.csrf)
      .send({
        active: council.active,
        logoUrl: '/assets/logos/lbk.png',
        signatureOfficerName: 'Encik Lesen',
        signatureOfficerPost: '',
      })
      .expect(200);
    expect((await audit('lbk'))[0]).toMatchObject({
      action: 'council_update',
      before: { logoUrl: council.logoUrl },
      after: { logoUrl: '/assets/logos/lbk.png', signatureOfficerName: 'Encik Lesen', signatureOfficerPost: null },
    });
    const badLogo = await admin.agent
      .put('/api/admin/councils/lbk')
      .set(CSRF_HEADER, admin.csrf)
      .send({ ...council, logoUrl: 'https://elsewhere.example/x.png' })
      .expect(400);
    expect(badLogo.body.code).toBe('validation_failed');

    // A user made council admin of mps sees mps payments from the next request on; then the role is taken away.
    const officer = await createUser(app, { verified: true });
    const browser = await signIn(app, officer.email);
    await browser.agent.get('/api/admin/payments').expect(403);
    const granted = await admin.agent
      .put(`/api/admin/users/${officer.id}/roles`)
      .set(CSRF_HEADER, admin.csrf)
      .send({ councilAdmin: true, councils: ['mps'] })
      .expect(200);
    expect(granted.body).toMatchObject({ roles: ['user', 'council_admin'], councils: ['mps'] });
    const mps = await paid('mps');
    // Now staff, the session must set up a second factor before it sees anything.
    const refused = await browser.agent.get(`/api/admin/payments?id=${mps.reference}`).expect(403);
    expect(refused.body.code).toBe('second_factor_enrolment_required');
    await passSecondFactor(browser, officer.email, 'enrolment_required');
    expect(rows(await browser.agent.get(`/api/admin/payments?id=${mps.reference}`).expect(200))).toHaveLength(1);
    await admin.agent
      .put(`/api/admin/users/${officer.id}/roles`)
      .set(CSRF_HEADER, admin.csrf)
      .send({ councilAdmin: false, councils: [] })
      .expect(200);
    await browser.agent.get('/api/admin/payments').expect(403);
    // Newest first.
    expect((await audit(officer.id)).map((a) => [a.before?.roles, a.after?.roles])).toEqual([
      [['user', 'council_admin'], ['user']],
      [['user'], ['user', 'council_admin']],
    ]);
    const adminUser = await prisma.user.findUniqueOrThrow({ where: { email: adminEmail } });
    await admin.agent
      .put(`/api/admin/users/${adminUser.id}/roles`)
      .set(CSRF_HEADER, admin.csrf)
      .send({ councilAdmin: false, councils: [] })
      .expect(409);
    await admin.agent
      .put(`/api/admin/users/${officer.id}/roles`)
      .set(CSRF_HEADER, admin.csrf)
      .send({ councilAdmin: true, councils: ['nowhere'] })
      .expect(400);
  });

  it('shows a council admin today’s takings, pending payments and unsent messages of their councils only', async () => {
    const mdpgPaid = await paid('mdpg');
    await paid('mps');
    const ours = (await mdpgAdmin.agent.get('/api/admin/dashboard').expect(200)).body;
    expect(ours.takings.every((t: { council: string }) => t.council === 'mdpg')).toBe(true);
    const all = (await admin.agent.get('/api/admin/dashboard').expect(200)).body;
    const sum = (d: typeof all, council: string) =>
      d.takings
        .filter((t: { council: string }) => t.council === council)
        .reduce((s: number, t: { paidSen: number }) => s + t.paidSen, 0);
    expect(sum(all, 'mdpg')).toBe(sum(ours, 'mdpg'));
    expect(sum(all, 'mdpg')).toBeGreaterThanOrEqual(mdpgPaid.amountSen);
    expect(all.failedJobs).toEqual(expect.objectContaining({ notify: expect.any(Number) }));
    expect(all.day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(all.unsent.count).toBeGreaterThanOrEqual(ours.unsent.count);
  });

  it('gives up a count that takes longer than its budget, and answers the list without a total', async () => {
    await expect(boundedCount(prisma, (tx) => tx.payment.count({ take: 5 }))).resolves.toBeGreaterThan(0);
    const slow = boundedCount(prisma, async (tx) => {
      await tx.$queryRaw`SELECT pg_sleep(2)`;
      return 1;
    });
    await expect(slow).resolves.toBeNull();
  });
});
