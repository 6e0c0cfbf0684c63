import { RequestMethod, type ExecutionContext, type INestApplication } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { DiscoveryService, ModulesContainer, Reflector } from '@nestjs/core';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CSRF_HEADER,
  TOTAL_COUNT_HEADER,
  type AdminPaymentRow,
  type HistoryRowDto,
  type Page,
  type ProfileDto,
} from '@councilpay/domain';
import { ROLES_KEY, RolesGuard } from '../src/identity/roles';
import { PrismaService } from '../src/prisma/prisma.service';
import { clearLimits, createUser, register, signIn, uniqueEmail, type Browser } from './identity-helpers';
import { createPayment, fpxRequest, makePayable, postDirectAc, signedAc } from './payment-helpers';
import { createTestApi } from './test-app';

type Actor = 'anonymous' | 'userA' | 'userB' | 'mdpgAdmin' | 'admin';
const ACTORS: Actor[] = ['anonymous', 'userA', 'userB', 'mdpgAdmin', 'admin'];

interface Row {
  /** `METHOD /api/path` with :params filled in. */
  route: string;
  /** The route as declared (`GET /api/admin/payments/:reference`), to match the discovered routes. */
  declared: string;
  body?: object | ((actor: Actor) => Promise<object> | object);
  expect: Record<Actor, number>;
  /** Checks on the answer an actor got, beyond its status. */
  check?: Partial<Record<Actor, (res: request.Response) => void>>;
}

describe('access matrix: every history, receipt, profile and admin route, for every kind of caller', () => {
  let app: INestApplication;
  let prisma: PrismaService;
  const browsers = {} as Record<Exclude<Actor, 'anonymous'>, Browser>;
  const payments = {} as Record<'ofA' | 'guestOfA' | 'mps' | 'mixed' | 'mdpgToRefund', string>;
  let guestEmail: string;

  async function pay(councils: string[], email: string, browser?: Browser): Promise<string> {
    const payables = await Promise.all(councils.map((council) => makePayable(app, { balanceSen: 3_000, council })));
    const body = fpxRequest(
      payables.map((p) => p.id),
      { payer: { name: 'Pembayar Matriks', email, phone: '0123456789' } },
    );
    const created = browser
      ? (await browser.agent.post('/api/payments').set(CSRF_HEADER, browser.csrf).send(body).expect(201)).body
      : await createPayment(app, body);
    await postDirectAc(app, signedAc(created.redirect, '00')).expect(200);
    return created.reference as string;
  }

  beforeAll(async () => {
    app = await createTestApi();
    prisma = app.get(PrismaService);
    await clearLimits(app);

    // User A registers (through HTTP) and pays signed in; earlier, A paid as a guest with another email.
    guestEmail = uniqueEmail('a-as-guest');
    payments.guestOfA = await pay(['mdpg'], guestEmail);
    const a = await register(app);
    browsers.userA = a;
    payments.ofA = await pay(['mdpg'], a.form.email, a);
    // User B registers with the email A used as a guest, and never verifies it.
    browsers.userB = await register(app, { email: guestEmail });
    // Staff.
    const mdpgAdmin = await createUser(app, { roles: ['council_admin'], councils: ['mdpg'], verified: true });
    const admin = await createUser(app, { roles: ['_admin'], verified: true });
    browsers.mdpgAdmin = await signIn(app, mdpgAdmin.email);
    browsers.admin = await signIn(app, admin.email);
    // Payments of other councils.
    payments.mps = await pay(['mps'], uniqueEmail('mps-payer'));
    payments.mixed = await pay(['mdpg', 'mps'], uniqueEmail('mixed-payer'));
    payments.mdpgToRefund = await pay(['mdpg'], uniqueEmail('refund-payer'));
  });
  afterAll(async () => {
    await app.close();
  });

  const references = (res: request.Response) => (res.body as Page<HistoryRowDto>).rows.map((r) => r.reference);
  const adminReferences = (res: request.Response) => (res.body as AdminPaymentRow[]).map((r) => r.reference);
  /** What a profile editor sends back unchanged: the actor's own profile as read. */
  const ownProfile = async (actor: Actor) => {
    if (actor === 'anonymous') return { fullName: 'X', phone: '0123456789', version: 0 };
    const profile = (await browsers[actor].agent.get('/api/me/profile').expect(200)).body as ProfileDto;
    return { fullName: profile.fullName, phone: profile.phone, nric: profile.nric, version: profile.version };
  };
  const configuration = {
    serviceClosed: false,
    announcementMs: 'Sistem sedang diselenggara. Sila cuba sebentar lagi.',
    announcementEn: 'The system is under maintenance. Please try again later.',
    announcementZh: '系统正在维护中，请稍后再试。',
    // The seeded values: other test files read them back.
    appVersion: '1.0.0',
  };

  const staffOnly = { anonymous: 401, userA: 403, userB: 403, mdpgAdmin: 200, admin: 200 };
  const adminOnly = { anonymous: 401, userA: 403, userB: 403, mdpgAdmin: 403, admin: 200 };
  const signedIn = { anonymous: 401, userA: 200, userB: 200, mdpgAdmin: 200, admin: 200 };

  function rows(): Row[] {
    return [
      {
        route: 'GET /api/me/payments',
        declared: 'GET /api/me/payments',
        expect: signedIn,
        check: {
          userA: (res) => expect(references(res)).toEqual([payments.ofA]),
          userB: (res) => expect(references(res)).toEqual([]),
          mdpgAdmin: (res) => expect(references(res)).toEqual([]),
          admin: (res) => expect(references(res)).toEqual([]),
        },
      },
      {
        route: `GET /api/me/payments/${payments.ofA}`,
        declared: 'GET /api/me/payments/:reference',
        expect: { anonymous: 401, userA: 200, userB: 404, mdpgAdmin: 404, admin: 404 },
      },
      {
        route: `GET /api/me/payments/${payments.guestOfA}`,
        declared: 'GET /api/me/payments/:reference',
        // B registered with that email but never verified it; A paid it as a guest under another email.
        expect: { anonymous: 401, userA: 404, userB: 404, mdpgAdmin: 404, admin: 404 },
      },
      {
        route: `GET /api/payments/${payments.ofA}`,
        declared: 'GET /api/payments/:reference',
        // The receipt by reference: whoever holds the unguessable reference, as for guests.
        expect: { anonymous: 200, userA: 200, userB: 200, mdpgAdmin: 200, admin: 200 },
      },
      { route: 'GET /api/auth/me', declared: 'GET /api/auth/me', expect: signedIn },
      { route: 'GET /api/me/profile', declared: 'GET /api/me/profile', expect: signedIn },
      { route: 'PUT /api/me/profile', declared: 'PUT /api/me/profile', body: ownProfile, expect: signedIn },
      {
        route: 'GET /api/admin/payments',
        declared: 'GET /api/admin/payments',
        expect: staffOnly,
        check: {
          mdpgAdmin: (res) => {
            const seen = adminReferences(res);
            expect(seen).toEqual(expect.arrayContaining([payments.ofA, payments.guestOfA, payments.mixed]));
            expect(seen).not.toContain(payments.mps);
            expect(Number(res.headers[TOTAL_COUNT_HEADER.toLowerCase()])).toBeGreaterThanOrEqual(seen.length);
          },
          admin: (res) => {
            expect(adminReferences(res)).toEqual(expect.arrayContaining([payments.mps, payments.ofA]));
            expect(res.headers['access-control-expose-headers']).toContain(TOTAL_COUNT_HEADER);
          },
        },
      },
      {
        route: `GET /api/admin/payments/${payments.ofA}`,
        declared: 'GET /api/admin/payments/:reference',
        expect: staffOnly,
        check: { mdpgAdmin: (res) => expect(res.body.events.length).toBeGreaterThan(0) },
      },
      {
        route: `GET /api/admin/payments/${payments.mixed}`,
        declared: 'GET /api/admin/payments/:reference',
        // A payment belongs to the councils of its items: one of them is enough to see it.
        expect: staffOnly,
        check: { mdpgAdmin: (res) => expect(res.body.councils).toEqual(['mdpg', 'mps']) },
      },
      {
        route: `GET /api/admin/payments/${payments.mps}`,
        declared: 'GET /api/admin/payments/:reference',
        expect: { ...staffOnly, mdpgAdmin: 404 },
      },
      {
        route: `POST /api/admin/payments/${payments.ofA}/requery`,
        declared: 'POST /api/admin/payments/:reference/requery',
        expect: staffOnly,
      },
      {
        route: `POST /api/admin/payments/${payments.mps}/requery`,
        declared: 'POST /api/admin/payments/:reference/requery',
        expect: { ...staffOnly, mdpgAdmin: 404 },
      },
      {
        route: `POST /api/admin/payments/${payments.mixed}/refund`,
        declared: 'POST /api/admin/payments/:reference/refund',
        body: { note: 'Dipulangkan melalui pindahan bank' },
        // Half of it is another council's: only _admin may refund it.
        expect: { ...staffOnly, mdpgAdmin: 403 },
      },
      {
        route: `POST /api/admin/payments/${payments.mdpgToRefund}/refund`,
        declared: 'POST /api/admin/payments/:reference/refund',
        body: { note: 'Dipulangkan di kaunter' },
        // Refunded by the council admin first: _admin's refund is a duplicate that changes nothing.
        expect: staffOnly,
        check: {
          mdpgAdmin: (res) => expect(res.body).toMatchObject({ outcome: 'move', from: 'paid', to: 'refunded' }),
          admin: (res) => expect(res.body).toMatchObject({ outcome: 'noop', to: 'refunded' }),
        },
      },
      {
        route: 'GET /api/admin/councils',
        declared: 'GET /api/admin/councils',
        expect: staffOnly,
        check: {
          mdpgAdmin: (res) => expect(res.body.map((c: { id: string }) => c.id)).toEqual(['mdpg']),
          admin: (res) => expect(res.headers[TOTAL_COUNT_HEADER.toLowerCase()]).toBe('24'),
        },
      },
      { route: 'GET /api/admin/configuration', declared: 'GET /api/admin/configuration', expect: adminOnly },
      {
        route: 'PUT /api/admin/configuration',
        declared: 'PUT /api/admin/configuration',
        body: configuration,
        expect: adminOnly,
        check: {
          admin: (res) =>
            expect(res.body).toMatchObject({ id: 'default', appVersion: '1.0.0', updatedAt: expect.any(String) }),
        },
      },
      {
        route: 'GET /api/admin/users',
        declared: 'GET /api/admin/users',
        expect: adminOnly,
        check: {
          admin: (res) => {
            expect(res.body.length).toBeGreaterThan(3);
            expect(JSON.stringify(res.body)).not.toMatch(/argon2|passwordHash/);
          },
        },
      },
    ];
  }

  function call(actor: Actor, route: string) {
    const [method, path] = route.split(' ');
    const client = actor === 'anonymous' ? request(app.getHttpServer()) : browsers[actor].agent;
    const verb = method.toLowerCase() as 'get' | 'post' | 'put';
    const req = client[verb](path);
    return actor !== 'anonymous' && method !== 'GET' ? req.set(CSRF_HEADER, browsers[actor].csrf) : req;
  }

  it('each caller gets exactly the status it should, and only what is theirs', async () => {
    const seen: string[] = [];
    for (const row of rows()) {
      for (const actor of ACTORS) {
        const body = typeof row.body === 'function' ? await row.body(actor) : row.body;
        const res = await call(actor, row.route).send(body);
        seen.push(`${row.route} as ${actor}: ${res.status}`);
        expect(`${row.route} as ${actor}: ${res.status}`, JSON.stringify(res.body)).toBe(
          `${row.route} as ${actor}: ${row.expect[actor]}`,
        );
        row.check?.[actor]?.(res);
      }
    }
    expect(seen.length).toBe(rows().length * ACTORS.length);
    expect((await prisma.payment.findUniqueOrThrow({ where: { reference: payments.mixed } })).status).toBe('refunded');
  });

  it('user B never sees A’s payments, though B registered with the email A paid with as a guest', async () => {
    const b = browsers.userB;
    expect((await b.agent.get('/api/me/payments').expect(200)).body.total).toBe(0);
    for (const reference of [payments.ofA, payments.guestOfA]) {
      await b.agent.get(`/api/me/payments/${reference}`).expect(404);
    }
    // Once A (who owns that mailbox) verifies... B cannot: the link went to A's mailbox. Had B verified it,
    // B would own the guest payment: the email proves the mailbox, which is where its receipt was sent.
    const owner = await prisma.user.findUniqueOrThrow({ where: { email: guestEmail } });
    expect(owner.emailVerifiedAt).toBeNull();
  });

  it('every route under /api/admin and /api/me carries @Roles, and each is in the matrix above', () => {
    const discovery = new DiscoveryService(app.get(ModulesContainer));
    const reflector = app.get(Reflector);
    const declared: string[] = [];
    for (const wrapper of discovery.getControllers()) {
      const controller = wrapper.metatype as (new (...args: never[]) => unknown) | null;
      if (!controller) continue;
      const base = String(Reflect.getMetadata(PATH_METADATA, controller) ?? '');
      if (!/^(admin|me)(\/|$)/.test(base)) continue;
      for (const name of Object.getOwnPropertyNames(controller.prototype)) {
        const handler = (controller.prototype as Record<string, unknown>)[name];
        if (name === 'constructor' || typeof handler !== 'function') continue;
        if (Reflect.getMetadata(PATH_METADATA, handler) === undefined) continue;
        const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
        const sub = String(Reflect.getMetadata(PATH_METADATA, handler));
        const route = `${method} /api/${base}${sub === '/' ? '' : `/${sub.replace(/^\//, '')}`}`;
        declared.push(route);
        const roles = reflector.getAllAndOverride(ROLES_KEY, [handler, controller]);
        expect(roles, `${route} (${controller.name}.${name}) has no @Roles`).toBeDefined();
        if (base.startsWith('admin')) expect((roles as string[]).length, `${route} must name roles`).toBeGreaterThan(0);
      }
    }
    expect(declared.filter((r) => r.includes('/api/admin/')).length).toBeGreaterThanOrEqual(8);
    const inMatrix = new Set(rows().map((r) => r.declared));
    for (const route of declared) expect(inMatrix.has(route), `${route} is missing from the access matrix`).toBe(true);
  });

  it('admin lists filter, sort and page in the database, within the caller’s councils', async () => {
    const list = async (who: 'admin' | 'mdpgAdmin', query: string) => {
      const res = await browsers[who].agent.get(`/api/admin/payments?${query}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return { refs: adminReferences(res), total: Number(res.headers[TOTAL_COUNT_HEADER.toLowerCase()]) };
    };
    const mps = await list('admin', 'council=mps&_end=500');
    expect(mps.refs).toEqual(expect.arrayContaining([payments.mps, payments.mixed]));
    expect(mps.refs).not.toContain(payments.ofA);
    // A council admin asking for another council's payments gets those that are also theirs.
    const mpsForMdpg = (await list('mdpgAdmin', 'council=mps&_end=500')).refs;
    expect(mpsForMdpg).toContain(payments.mixed);
    expect(mpsForMdpg).not.toContain(payments.mps);
    expect((await list('admin', `reference=${payments.ofA.slice(0, 12).toLowerCase()}`)).refs).toEqual([payments.ofA]);
    expect((await list('admin', `id=${payments.ofA}&id=${payments.mps}&_sort=reference&_order=ASC`)).refs).toEqual(
      [payments.ofA, payments.mps].sort(),
    );
    expect((await list('mdpgAdmin', `id=${payments.mps}`)).refs).toEqual([]);
    expect((await list('admin', `method=card&id=${payments.ofA}`)).refs).toEqual([]);
    expect((await list('admin', `method=fpx&id=${payments.ofA}`)).refs).toEqual([payments.ofA]);
    expect((await list('admin', 'to=2000-01-01')).total).toBe(0);
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const fromToday = await list('admin', `from=${today}&to=${today}&status=paid&_end=500`);
    expect(fromToday.refs).toEqual(expect.arrayContaining([payments.ofA, payments.mps]));
    const page = await list('admin', '_start=1&_end=3&_sort=createdAt&_order=DESC');
    expect(page.refs).toHaveLength(2);
    expect(page.total).toBeGreaterThanOrEqual(5);

    const badSort = await browsers.admin.agent.get('/api/admin/payments?_sort=payerEmail').expect(400);
    expect(badSort.body.code).toBe('invalid_sort');
    await browsers.admin.agent.get('/api/admin/payments?status=lost').expect(400);

    const staff = await browsers.admin.agent.get('/api/admin/users?role=council_admin&_end=500').expect(200);
    expect(staff.body.every((u: { roles: string[] }) => u.roles.includes('council_admin'))).toBe(true);
    expect(staff.body[0]).not.toHaveProperty('passwordHash');
    const found = await browsers.admin.agent.get(`/api/admin/users?q=${encodeURIComponent(guestEmail.toUpperCase())}`);
    expect(found.body.map((u: { email: string }) => u.email)).toEqual([guestEmail]);
    expect(found.body[0]).toMatchObject({ emailVerified: false, nric: '********5555', roles: ['user'] });
  });

  it('the guard refuses an admin route that forgot its @Roles, even to _admin', () => {
    const guard = new RolesGuard(new Reflector());
    const context = {
      getType: () => 'http',
      getHandler: () => function unguarded() {},
      getClass: () => class ForgottenController {},
      switchToHttp: () => ({
        getRequest: () => ({ originalUrl: '/api/admin/forgotten', user: { roles: ['_admin'] } }),
      }),
    } as unknown as ExecutionContext;
    expect(() => guard.canActivate(context)).toThrow(expect.objectContaining({ status: 403 }));
  });
});
