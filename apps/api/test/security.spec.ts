import type { INestApplication } from '@nestjs/common';
import { createHash } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CSRF_HEADER, PAYMENT_TOKEN_HEADER, type CreatePaymentResponse, type PaymentDto } from '@councilpay/domain';
import { Gateways } from '../src/payments/gateways/gateways';
import { PrismaService } from '../src/prisma/prisma.service';
import {
  clearLimits,
  createUser,
  PASSWORD,
  register,
  registration,
  setCookie,
  signIn,
  smsCode,
  uniqueEmail,
} from './identity-helpers';
import { cardRequest, createPayment, fpxRequest, makePayable } from './payment-helpers';
import { createTestApi } from './test-app';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A local government charge site: many organisers pay their own charge for it, at a rate per person per day. */
function chargeSite(app: INestApplication, ratePerPersonPerDaySen: number) {
  return makePayable(app, {
    type: 'local_government_charge',
    balanceSen: 0,
    details: { description: 'Caj penggunaan tapak awam', ratePerPersonPerDaySen },
  });
}

describe('nobody can act on a payment that is not theirs', () => {
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

  async function guestPayment(payer = { name: 'Aminah binti Sapin', email: 'aminah.sapin@example.my' }) {
    const payable = await makePayable(app, { balanceSen: 2_500 });
    return createPayment(app, fpxRequest([payable.id], { payer: { ...payer, phone: '012 345 6789' } }));
  }

  const http = () => request(app.getHttpServer());

  it('a reference alone cancels nothing (404); the token from the creation cancels it', async () => {
    const created = await guestPayment();
    expect(created.paymentToken).toMatch(/^[\w-]{43}$/);
    const stranger = await http().post(`/api/payments/${created.reference}/cancel`).expect(404);
    expect(stranger.body.code).toBe('not_found');
    await http()
      .post(`/api/payments/${created.reference}/cancel`)
      .set(PAYMENT_TOKEN_HEADER, 'A'.repeat(43))
      .expect(404);
    expect((await prisma.payment.findUniqueOrThrow({ where: { reference: created.reference } })).status).toBe(
      'in_progress',
    );
    const own = await http()
      .post(`/api/payments/${created.reference}/cancel`)
      .set(PAYMENT_TOKEN_HEADER, created.paymentToken!)
      .expect(200);
    expect(own.body).toMatchObject({ outcome: 'move', to: 'cancelled' });
  });

  it('a reference alone asks the bank nothing (404); the token does', async () => {
    const created = await guestPayment();
    await http().post(`/api/payments/${created.reference}/requery`).expect(404);
    const asked = await http()
      .post(`/api/payments/${created.reference}/requery`)
      .set(PAYMENT_TOKEN_HEADER, created.paymentToken!);
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
  });

  it('the token is stored only as its hash, and a replay of the same request does not hand it out again', async () => {
    const payable = await makePayable(app, { balanceSen: 1_800 });
    const body = fpxRequest([payable.id]);
    const first = await http().post('/api/payments').set('Idempotency-Key', 'replay-token-1').send(body).expect(201);
    const replay = await http().post('/api/payments').set('Idempotency-Key', 'replay-token-1').send(body).expect(201);
    expect(replay.body.reference).toBe(first.body.reference);
    expect(replay.body.paymentToken).toBeUndefined();
    const row = await prisma.payment.findUniqueOrThrow({ where: { reference: first.body.reference } });
    expect(row.tokenHash).toBe(sha256(first.body.paymentToken));
    expect(JSON.stringify(row)).not.toContain(first.body.paymentToken);
  });

  it('a signed-in owner acts without the token; another signed-in user gets 404', async () => {
    const owner = await register(app);
    const payable = await makePayable(app, { balanceSen: 3_100 });
    const created = (
      await owner.agent
        .post('/api/payments')
        .set(CSRF_HEADER, owner.csrf)
        .send(fpxRequest([payable.id]))
        .expect(201)
    ).body as CreatePaymentResponse;
    const other = await signIn(app, (await createUser(app)).email);
    await other.agent.post(`/api/payments/${created.reference}/cancel`).set(CSRF_HEADER, other.csrf).expect(404);
    const mine = await owner.agent.get(`/api/payments/${created.reference}`).expect(200);
    expect(mine.body).toMatchObject({ view: 'full', payerName: 'Aminah binti Sapin' });
    await owner.agent.post(`/api/payments/${created.reference}/cancel`).set(CSRF_HEADER, owner.csrf).expect(200);
  });

  it('the public view masks the payer’s name and contacts, short emails too; the token shows them whole', async () => {
    const created = await guestPayment({ name: 'Siti Aminah binti Abu', email: 'ab@x.my' });
    const open = (await http().get(`/api/payments/${created.reference}`).expect(200)).body as PaymentDto;
    expect(open.view).toBe('public');
    expect(open.payerName).toBe('Sit******************'.slice(0, 19));
    expect(open.payerName).not.toContain('Aminah');
    expect(open.payerEmail).not.toContain('ab@');
    expect(open.payerEmail).toMatch(/^\*+@x\.my$|^a\*+@x\.my$/);
    const full = (
      await http()
        .get(`/api/payments/${created.reference}`)
        .set(PAYMENT_TOKEN_HEADER, created.paymentToken!)
        .expect(200)
    ).body as PaymentDto;
    expect(full).toMatchObject({ view: 'full', payerName: 'Siti Aminah binti Abu', payerEmail: 'ab@x.my' });
  });
});

describe('route matching and the JSON-only rule agree', () => {
  let app: INestApplication;

  beforeAll(async () => {
    app = await createTestApi();
    await clearLimits(app);
  });
  afterAll(async () => {
    await app.close();
  });

  it('a browser return that does not verify names no payment: invoice numbers never lead to references', async () => {
    const payable = await makePayable(app, { balanceSen: 1_000 });
    const created = await createPayment(app, fpxRequest([payable.id]));
    for (const [route, fields] of [
      [
        '/api/gateways/fpx/indirect',
        { fpx_msgType: 'AC', fpx_sellerOrderNo: created.invoiceNo, fpx_debitAuthCode: '00' },
      ],
      ['/api/gateways/card/return', { refNo: created.invoiceNo, status: '1', amount: '10.00' }],
    ] as const) {
      const page = await request(app.getHttpServer()).post(route).type('form').send(fields).expect(400);
      expect(page.text).not.toContain(created.reference);
      expect(page.text).toContain('#/requery');
    }
  });

  it('a form posted to /api/Auth/login (another case) signs nobody in', async () => {
    const user = await createUser(app);
    for (const path of ['/api/Auth/login', '/API/auth/login', '/api/auth/LOGIN', '/api/auth/login/']) {
      const res = await request(app.getHttpServer())
        .post(path)
        .type('form')
        .send({ email: user.email, password: PASSWORD });
      expect(`${path}: ${res.status}`).toMatch(/: (404|415)$/);
      expect(setCookie(res, 'cp_sid')).toBeNull();
    }
  });

  it('every state-changing route but the gateways’ takes JSON only', async () => {
    const payable = await makePayable(app, { balanceSen: 1_000 });
    const form = await request(app.getHttpServer())
      .post('/api/payments')
      .type('form')
      .send({ 'items[0][payableId]': payable.id, 'payer[name]': 'X' });
    expect(form.status).toBe(415);
    expect(form.body.code).toBe('unsupported_media_type');
  });
});

describe('no input makes the server fail, or write half a payment', () => {
  let app: INestApplication;
  let prisma: PrismaService;

  beforeAll(async () => {
    app = await createTestApi({ CARD_MAX_AMOUNT_SEN: '5000000' });
    prisma = app.get(PrismaService);
    await clearLimits(app);
  });
  afterAll(async () => {
    await app.close();
  });

  const http = () => request(app.getHttpServer());
  const paymentCount = () => prisma.payment.count();

  function fieldsOf(res: request.Response): string[] {
    return ((res.body.errors ?? []) as { field: string }[]).map((e) => e.field);
  }

  it('very deep JSON is a 400, not a 500', async () => {
    const deep = `${'['.repeat(5_000)}${']'.repeat(5_000)}`;
    const res = await http().post('/api/search').set('Content-Type', 'application/json').send(`{"accountNo":${deep}}`);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    const items = await http().post('/api/payments').set('Content-Type', 'application/json').send(`{"items":${deep}}`);
    expect(items.status).toBe(400);
  });

  it('a NUL byte in free text, a path parameter or a gateway field is a 400 naming the field', async () => {
    const search = await http().post('/api/search').send({ council: 'mdpg', type: 'compound', accountNo: 'A\u0000B' });
    expect(search.status, JSON.stringify(search.body)).toBe(400);
    expect(fieldsOf(search)).toContain('accountNo');
    const council = await http().get('/api/councils/md%00pg');
    expect(council.status, JSON.stringify(council.body)).toBe(400);
    const gateway = await http()
      .post('/api/gateways/fpx/direct')
      .type('form')
      .send({ fpx_sellerOrderNo: '0000\u00001', fpx_msgType: 'AC' });
    expect(gateway.status, JSON.stringify(gateway.body)).toBe(400);
    expect(fieldsOf(gateway)).toContain('fpx_sellerOrderNo');
    const users = await http().get('/api/councils?x=%00');
    expect(users.status).toBeLessThan(500);
  });

  it('numbers past what a query can page through are a 400, not a 500', async () => {
    const admin = await signIn(app, (await createUser(app, { roles: ['_admin'], verified: true })).email);
    for (const query of ['_start=1e20', '_end=99999999999', '_start=2147483648&_end=2147483650']) {
      const res = await admin.agent.get(`/api/admin/payments?${query}`);
      expect(`${query}: ${res.status}`, JSON.stringify(res.body)).toBe(`${query}: 400`);
    }
    const history = await admin.agent.get('/api/me/payments?page=1e20');
    expect(history.status).toBe(400);
  });

  it('a lone UTF-16 surrogate in an email is a 400 naming the field', async () => {
    const payable = await makePayable(app, { balanceSen: 1_000 });
    const before = await paymentCount();
    const body = fpxRequest([payable.id], {
      payer: { name: 'Ali', email: 'ali\ud800@example.my', phone: '0123456789' },
    });
    const res = await http().post('/api/payments').send(body);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(fieldsOf(res)).toContain('payer.email');
    const registration = await http().post('/api/auth/forgot-password').send({ email: '\udc00a@example.my' });
    expect(registration.status).toBe(400);
    expect(await paymentCount()).toBe(before);
  });

  it('a payment body without method or payer, or with items [[]], is a 400', async () => {
    const payable = await makePayable(app, { balanceSen: 1_000 });
    const before = await paymentCount();
    const full = fpxRequest([payable.id]) as unknown as Record<string, unknown>;
    for (const [name, body] of [
      ['no method', { ...full, method: undefined }],
      ['no payer', { ...full, payer: undefined }],
      ['items [[]]', { ...full, items: [[]] }],
      ['payer an array', { ...full, payer: [full.payer] }],
      ['method null', { ...full, method: null }],
    ] as const) {
      const res = await http().post('/api/payments').send(body);
      expect(`${name}: ${res.status}`, JSON.stringify(res.body)).toBe(`${name}: 400`);
    }
    expect(await paymentCount()).toBe(before);
  });

  it('a | or a control character in the payer’s name or email is refused before anything is written', async () => {
    const payable = await makePayable(app, { balanceSen: 1_000 });
    const before = await paymentCount();
    for (const [field, payer] of [
      ['payer.email', { name: 'Ali', email: 'a|b@example.my', phone: '0123456789' }],
      ['payer.name', { name: 'Ali|Baba', email: 'ali@example.my', phone: '0123456789' }],
      ['payer.name', { name: 'Ali\u0007', email: 'ali@example.my', phone: '0123456789' }],
    ] as const) {
      for (const method of ['fpx', 'card'] as const) {
        const body = method === 'fpx' ? fpxRequest([payable.id], { payer }) : { ...cardRequest([payable.id]), payer };
        const res = await http().post('/api/payments').send(body);
        expect(res.status, JSON.stringify(res.body)).toBe(400);
        expect(res.body.errors).toContainEqual(expect.objectContaining({ field, code: 'invalid_characters' }));
      }
    }
    expect(await paymentCount()).toBe(before);
  });

  it('a local government charge past what a payment can hold is refused, not overflowed into a 500', async () => {
    const payable = await chargeSite(app, 100_000);
    const before = await paymentCount();
    const res = await http()
      .post('/api/payments')
      .send({
        ...cardRequest([payable.id]),
        items: [
          {
            payableId: payable.id,
            charge: {
              customerName: 'Penganjur',
              totalNoOfPeople: 100_000,
              startDate: '2026-01-01',
              endDate: '2026-12-31',
            },
          },
        ],
      });
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(await paymentCount()).toBe(before);
  });

  it('a payment for a shared payable (a charge site) never touches other payers’ payments for it', async () => {
    const site = await chargeSite(app, 100);
    const charge = (customerName: string) => ({
      ...fpxRequest([site.id]),
      items: [
        {
          payableId: site.id,
          charge: { customerName, totalNoOfPeople: 20, startDate: '2026-03-01', endDate: '2026-03-02' },
        },
      ],
    });
    const first = await http().post('/api/payments').send(charge('Penganjur Pertama')).expect(201);
    // Another organiser pays for the same site at once: their own payment, no 409, no word of the first.
    const second = await http().post('/api/payments').send(charge('Penganjur Kedua')).expect(201);
    expect(second.body.reference).not.toBe(first.body.reference);
    expect(JSON.stringify(second.body)).not.toContain(first.body.reference);
    const earlier = await prisma.payment.findUniqueOrThrow({
      where: { reference: first.body.reference },
      include: { events: true },
    });
    // The first payer's payment was not asked of its bank, nor moved, by the second payer's.
    expect(earlier.status).toBe('in_progress');
    expect(earlier.events.map((e) => e.type)).toEqual(['created']);
  });

  it('a card payment above the configured maximum is refused (RM 21,170,000.00 was accepted)', async () => {
    const payable = await makePayable(app, { balanceSen: 2_117_000_000 });
    const before = await paymentCount();
    const res = await http()
      .post('/api/payments')
      .send(cardRequest([payable.id]));
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(res.body.code).toBe('card_above_maximum');
    const within = await makePayable(app, { balanceSen: 5_000_000 });
    await createPayment(app, cardRequest([within.id]));
    expect(await paymentCount()).toBe(before + 1);
  });

  it('a payment whose gateway form cannot be made leaves no payment behind (no orphan in_progress row)', async () => {
    const payable = await makePayable(app, { balanceSen: 1_200 });
    const before = await paymentCount();
    const gateways = app.get(Gateways);
    const spy = vi.spyOn(gateways.fpx, 'redirect').mockImplementation(() => {
      throw new Error('the gateway form could not be built');
    });
    try {
      const res = await http()
        .post('/api/payments')
        .send(fpxRequest([payable.id]));
      expect(res.status).toBeGreaterThanOrEqual(500);
    } finally {
      spy.mockRestore();
    }
    expect(await paymentCount()).toBe(before);
    expect(await prisma.paymentItem.count({ where: { payableId: payable.id } })).toBe(0);
  });
});

describe('accounts cannot be locked, listed or doubled by a stranger', () => {
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

  it('registration answers a new and an existing email alike, and never looks the email up to answer', async () => {
    const existing = await createUser(app);
    const post = (email: string) =>
      request(app.getHttpServer()).post('/api/auth/register').send(registration({ email }));
    const known = await post(existing.email);
    const unknown = await post(uniqueEmail('fresh'));
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(Object.keys(known.body).sort()).toEqual(Object.keys(unknown.body).sort());
    // The answer does not wait on the accounts table: it is the same work whoever owns the email.
    await prisma.$transaction(
      async (tx) => {
        await tx.$executeRawUnsafe('LOCK TABLE "User" IN ACCESS EXCLUSIVE MODE');
        const answers = await Promise.all([post(existing.email), post(uniqueEmail('fresh'))]);
        expect(answers.map((a) => a.status)).toEqual([202, 202]);
      },
      { timeout: 90_000 },
    );
  });

  it('forgot-password answers before any work on the account, which is done in the background', async () => {
    const user = await createUser(app);
    let answered = 0;
    await prisma.$transaction(
      async (tx) => {
        await tx.$executeRawUnsafe('LOCK TABLE "User", "PasswordReset" IN ACCESS EXCLUSIVE MODE');
        const res = await request(app.getHttpServer())
          .post('/api/auth/forgot-password')
          .send({ email: user.email })
          .timeout(60_000);
        answered = res.status;
      },
      { timeout: 90_000 },
    );
    expect(answered).toBe(202);
  });

  it('one account per NRIC: the database refuses a second, and registration says so', async () => {
    const nric = '880808125151';
    await createUser(app, { nric });
    await expect(createUser(app, { nric })).rejects.toMatchObject({ code: 'P2002' });
    const form = registration({ nric: '880808-12-5151' });
    const started = await request(app.getHttpServer()).post('/api/auth/register').send(form).expect(202);
    const code = await smsCode(app, form.phone);
    const refused = await request(app.getHttpServer())
      .post('/api/auth/register/verify')
      .send({ verificationId: started.body.verificationId, code })
      .expect(409);
    expect(refused.body).toMatchObject({ code: 'nric_already_registered', errors: [{ field: 'nric' }] });
    expect(await prisma.user.findUnique({ where: { email: form.email } })).toBeNull();
  });
});

describe('operators’ figures and sessions', () => {
  let app: INestApplication;

  beforeAll(async () => {
    app = await createTestApi({ SESSION_ABSOLUTE_TTL_MS: '1500' });
    await clearLimits(app);
  });
  afterAll(async () => {
    await app.close();
  });

  it('/api/health tells anyone up or down only; _admin gets the detail', async () => {
    const open = await request(app.getHttpServer()).get('/api/health').expect(200);
    expect(open.body).toEqual({ status: 'ok', checks: { postgres: { status: 'up' }, redis: { status: 'up' } } });
    const admin = await signIn(app, (await createUser(app, { roles: ['_admin'], verified: true })).email);
    const detail = await admin.agent.get('/api/health').expect(200);
    expect(detail.body.checks.postgres.version).toMatch(/^PostgreSQL/);
    expect(detail.body.detail).toHaveProperty('queues');
    const staff = await signIn(app, (await createUser(app, { roles: ['council_admin'], councils: ['mdpg'] })).email);
    expect((await staff.agent.get('/api/health').expect(200)).body.checks.postgres).toEqual({ status: 'up' });
  });

  it('a session ends after its absolute lifetime, however busy it is', async () => {
    const user = await createUser(app);
    const browser = await signIn(app, user.email);
    const started = Date.now();
    while (Date.now() - started < 1_000) {
      await browser.agent.get('/api/auth/me').expect(200);
      await new Promise((r) => setTimeout(r, 200));
    }
    await new Promise((r) => setTimeout(r, 800));
    await browser.agent.get('/api/auth/me').expect(401);
  });
});
