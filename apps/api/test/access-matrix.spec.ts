import { RequestMethod, type ExecutionContext, type INestApplication } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { DiscoveryService, ModulesContainer, Reflector } from '@nestjs/core';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CSRF_HEADER,
  billTemplateHeader,
  roleMay,
  rolesWith,
  type CouncilRole,
  type StaffPower,
  maskName,
  PAYMENT_TOKEN_HEADER,
  TOTAL_COUNT_HEADER,
  type CreatePaymentResponse,
  type AdminPaymentRow,
  type HistoryRowDto,
  type Page,
  type ProfileDto,
  type SettlementCheckAnswer,
} from '@councilpay/domain';
import { ROLES_KEY, RolesGuard } from '../src/auth/roles';
import { PrismaService } from '../src/prisma/prisma.service';
import { clearLimits, createUser, register, signIn, uniqueEmail, type Browser } from './identity-helpers';
import { createPayment, fpxRequest, makePayable, postDirectAc, signedAc } from './payment-helpers';
import { createTestApi } from './test-app';

type BaseActor = 'anonymous' | 'userA' | 'userB' | 'mdpgAdmin' | 'admin';
/** Staff of mdpg with less than a council admin's power (the mps rows are another council's to them). */
type StaffActor = 'mdpgViewer' | 'mdpgOfficer' | 'mdpgApprover';
type Actor = BaseActor | StaffActor;
const STAFF_ACTORS: Record<StaffActor, CouncilRole> = {
  mdpgViewer: 'council_viewer',
  mdpgOfficer: 'council_officer',
  mdpgApprover: 'council_approver',
};
// The weaker staff call after _admin: a route that changes something has been used by then, so what they are
// told is either the guard's 403 (their role lacks the power) or what the record's state says (`staff` of a row).
const ACTORS: Actor[] = [
  'anonymous',
  'userA',
  'userB',
  'mdpgAdmin',
  'admin',
  'mdpgViewer',
  'mdpgOfficer',
  'mdpgApprover',
];

/**
 * Who may call each admin route: the council roles holding this power (and `_admin`), or `_admin` alone. The route's
 * own @Roles must say the same (checked below), and every role is tried on it in the matrix.
 */
const ADMIN_ROUTE_POWERS: Record<string, StaffPower | '_admin'> = {
  'GET /api/admin/payments': 'read',
  'GET /api/admin/payments/:reference': 'read',
  'POST /api/admin/payments/:reference/requery': 'operate',
  'POST /api/admin/payments/:reference/resend': 'operate',
  'POST /api/admin/payments/:reference/refunds': 'operate',
  'POST /api/admin/payments/:reference/refunds/preview': 'operate',
  'POST /api/admin/payments/:reference/refunds/:refundId/approve': 'approve',
  'POST /api/admin/payments/:reference/refunds/:refundId/decline': 'approve',
  'POST /api/admin/payments/:reference/refunds/:refundId/corrections': 'approve',
  'GET /api/admin/payments/:reference/gateway-answers': 'read',
  'GET /api/admin/payments/:reference/refunds': 'read',
  'GET /api/admin/payments.csv': 'read',
  'GET /api/admin/payments/totals': 'read',
  'GET /api/admin/payments/status-counts': 'read',
  'GET /api/admin/day-close': 'read',
  'POST /api/admin/day-close/:council/:day/sign': 'approve',
  'GET /api/admin/day-close/:council/:day/report.pdf': 'read',
  'GET /api/admin/day-close/:council/:day/report.csv': 'read',
  'POST /api/admin/settlements': 'operate',
  'GET /api/admin/settlements': 'read',
  'GET /api/admin/settlements/:id': 'read',
  'GET /api/admin/settlements/:id/lines': 'read',
  'POST /api/admin/settlements/:id/lines/:lineId/resolution': 'operate',
  'GET /api/admin/reconciliation': 'read',
  'GET /api/admin/bill-imports/templates/:type': 'read',
  'POST /api/admin/bill-imports': 'operate',
  'GET /api/admin/bill-imports': 'read',
  'GET /api/admin/bill-imports/:id': 'read',
  'GET /api/admin/bill-imports/:id/rows': 'read',
  'GET /api/admin/bill-imports/:id/errors.csv': 'read',
  'POST /api/admin/bill-imports/:id/confirm': 'operate',
  'POST /api/admin/council-api-keys': '_admin',
  'GET /api/admin/council-api-keys': 'administer',
  'GET /api/admin/council-api-keys/:id': 'administer',
  'POST /api/admin/council-api-keys/:id/rotate': '_admin',
  'POST /api/admin/council-api-keys/:id/revoke': '_admin',
  'GET /api/admin/council-api-requests': 'administer',
  'POST /api/admin/webhook-endpoints': 'administer',
  'GET /api/admin/webhook-endpoints': 'read',
  'GET /api/admin/webhook-endpoints/:id': 'read',
  'PUT /api/admin/webhook-endpoints/:id': 'administer',
  'POST /api/admin/webhook-endpoints/:id/rotate-secret': 'administer',
  'GET /api/admin/webhook-endpoints/:id/deliveries': 'read',
  'POST /api/admin/webhook-endpoints/:id/redeliveries': 'operate',
  'POST /api/admin/collection-files/:council/:day/reproduce': 'operate',
  'GET /api/admin/collection-files': 'read',
  'GET /api/admin/collection-files/:council/:day/:format': 'read',
  'GET /api/admin/council-feed/:code': 'read',
  'GET /api/admin/notifications': 'read',
  'POST /api/admin/notifications/:id/resend': 'operate',
  'GET /api/admin/dashboard': 'read',
  'GET /api/admin/councils': 'read',
  'GET /api/admin/councils/:code': 'read',
  'PUT /api/admin/councils/:code': '_admin',
  'GET /api/admin/configuration': '_admin',
  'PUT /api/admin/configuration': '_admin',
  'GET /api/admin/users': '_admin',
  'GET /api/admin/users/:id': '_admin',
  'PUT /api/admin/users/:id/roles': '_admin',
  'POST /api/admin/users/:id/second-factor/reset': '_admin',
  'GET /api/admin/audit': 'read',
  'GET /api/admin/staff': 'administer',
  'GET /api/admin/staff/:id': 'administer',
  'PUT /api/admin/staff/:id/councils/:council': 'administer',
  'GET /api/admin/invitations': 'administer',
  'POST /api/admin/invitations': 'administer',
  'POST /api/admin/invitations/:id/resend': 'administer',
  'POST /api/admin/invitations/:id/revoke': 'administer',
};

const BILL_FILE_QUERY = 'council=mdpg&type=market_bill&fileName=matrix.csv';
/** A one-bill market bill file of mdpg. */
const billFile = (n: number) =>
  `${billTemplateHeader('market_bill').join(',')}\nmdpg,MATRIX-${n},PENIAGA,,,5.00,Pasar,${n},11/2026\n`;

interface Row {
  /** `METHOD /api/path` with :params filled in. */
  route: string;
  /** The route as declared (`GET /api/admin/payments/:reference`), to match the discovered routes. */
  declared: string;
  body?: object | string | ((actor: Actor) => Promise<object> | object);
  /** Sent as a gateway sends it (a form), not as JSON. */
  form?: boolean;
  headers?: Record<string, string>;
  expect: Record<BaseActor, number>;
  /**
   * What the weaker mdpg staff get where their role holds the route's power (else the guard's 403); by default
   * what mdpg's council admin gets.
   */
  staff?: Partial<Record<StaffActor, number>>;
  /** Checks on the answer an actor got, beyond its status. */
  check?: Partial<Record<Actor, (res: request.Response) => void>>;
}

describe('access matrix: every history, receipt, profile and admin route, for every kind of caller', () => {
  let app: INestApplication;
  let prisma: PrismaService;
  const browsers = {} as Record<Exclude<Actor, 'anonymous'>, Browser>;
  const payments = {} as Record<
    'ofA' | 'guestOfA' | 'mps' | 'mixed' | 'mdpgToRefund' | 'bigByMdpg' | 'bigByAdmin' | 'toCorrect',
    string
  >;
  /** Refunds awaiting approval (recorded by the mdpg admin, by _admin) and one made, to decide and correct. */
  const refundIds = {} as Record<'awaitingByMdpg' | 'awaitingByAdmin' | 'made', string>;
  /** The bodies that give back everything left of a payment, fixed before the matrix runs. */
  const everything = {} as Record<string, object>;
  /** Payments still in progress: A's (made signed in) and a guest's (with the token its creation gave). */
  let openOfA: CreatePaymentResponse;
  let openGuest: CreatePaymentResponse;
  let openGuestToCancel: CreatePaymentResponse;
  /** A confirmation signed as FPX would sign it, for a payment still in progress. */
  let signedConfirmation: Record<string, string>;
  let guestEmail: string;
  /** Outcome messages of an mdpg and an mps payment; the id of user B's account. */
  const ids = {} as Record<
    | 'mdpgNotification'
    | 'mpsNotification'
    | 'userB'
    | 'mdpgCheck'
    | 'mdpgLine'
    | 'adminCheck'
    | 'mdpgEndpoint'
    | 'mpsEndpoint'
    | 'mdpgImport'
    | 'mpsApiKey'
    | 'admin'
    | 'mdpgOfficer'
    | 'mixedStaff'
    | 'mpsStaff'
    | 'mdpgInvitation'
    | 'mpsInvitation',
    string
  >;
  /** A settlement file of this run (an order no nobody has), so checking it always makes a new check. */
  const settlementFile = (n: number) =>
    `date,seller order no,fpx transaction id,amount,status\n23/11/2026,9${String(Date.now() * 10 + n).padStart(19, '0')},2611230000001,42.00,00`;

  async function pay(councils: string[], email: string, browser?: Browser, balanceSen = 3_000): Promise<string> {
    const payables = await Promise.all(councils.map((council) => makePayable(app, { balanceSen, council })));
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
    ids.admin = admin.id;
    for (const [actor, role] of Object.entries(STAFF_ACTORS) as [StaffActor, CouncilRole][]) {
      const member = await createUser(app, { roles: [role], councils: ['mdpg'], verified: true });
      browsers[actor] = await signIn(app, member.email);
      if (actor === 'mdpgOfficer') ids.mdpgOfficer = member.id;
    }
    // Staff of two councils (an officer of mdpg, a viewer of mps), and of mps alone.
    ids.mixedStaff = (
      await prisma.user.update({
        where: { id: (await createUser(app, { verified: true })).id },
        data: { councilRoles: ['mdpg:council_officer', 'mps:council_viewer'] },
      })
    ).id;
    ids.mpsStaff = (await createUser(app, { roles: ['council_officer'], councils: ['mps'], verified: true })).id;
    // Payments of other councils.
    payments.mps = await pay(['mps'], uniqueEmail('mps-payer'));
    payments.mixed = await pay(['mdpg', 'mps'], uniqueEmail('mixed-payer'));
    payments.mdpgToRefund = await pay(['mdpg'], uniqueEmail('refund-payer'));
    for (const reference of [payments.mixed, payments.mdpgToRefund])
      everything[reference] = await wholeRefund(reference);
    // RM 1,500.00 each, above the approval limit: their refunds await a second officer.
    payments.bigByMdpg = await pay(['mdpg'], uniqueEmail('big-payer'), undefined, 150_000);
    payments.bigByAdmin = await pay(['mdpg'], uniqueEmail('big-payer'), undefined, 150_000);
    payments.toCorrect = await pay(['mdpg'], uniqueEmail('correct-payer'));
    const record = async (who: 'admin' | 'mdpgAdmin', reference: string, body: object) => {
      const res = await browsers[who].agent
        .post(`/api/admin/payments/${reference}/refunds`)
        .set(CSRF_HEADER, browsers[who].csrf)
        .send(body);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.refund as { id: string; state: string };
    };
    const awaiting = await record('mdpgAdmin', payments.bigByMdpg, await wholeRefund(payments.bigByMdpg));
    expect(awaiting.state).toBe('awaiting_approval');
    refundIds.awaitingByMdpg = awaiting.id;
    refundIds.awaitingByAdmin = (await record('admin', payments.bigByAdmin, await wholeRefund(payments.bigByAdmin))).id;
    refundIds.made = (await record('admin', payments.toCorrect, await wholeRefund(payments.toCorrect))).id;
    const outcome = async (reference: string) =>
      (await prisma.notification.findFirstOrThrow({ where: { payment: { reference } } })).id;
    // Not A's: A's address is sent again in the matrix by every staff member who may, up to its limit.
    ids.mdpgNotification = await outcome(payments.bigByMdpg);
    ids.mpsNotification = await outcome(payments.mps);
    ids.userB = (await prisma.user.findUniqueOrThrow({ where: { email: guestEmail } })).id;
    const open = async (browser?: Browser) => {
      const body = fpxRequest([(await makePayable(app, { balanceSen: 2_000 })).id]);
      return browser
        ? ((await browser.agent.post('/api/payments').set(CSRF_HEADER, browser.csrf).send(body).expect(201))
            .body as CreatePaymentResponse)
        : createPayment(app, body);
    };
    openOfA = await open(browsers.userA);
    openGuest = await open();
    openGuestToCancel = await open();
    signedConfirmation = signedAc((await open()).redirect, '00');
    // Settlement checks: one a council admin of mdpg made (theirs and _admin's to open), one _admin made.
    const settle = async (browser: Browser, n: number) =>
      (
        await browser.agent
          .post('/api/admin/settlements')
          .set(CSRF_HEADER, browser.csrf)
          .send({ gateway: 'fpx', fileName: 'matrix.csv', content: settlementFile(n) })
          .expect(201)
      ).body as SettlementCheckAnswer;
    const mdpgCheck = await settle(browsers.mdpgAdmin, 1);
    ids.mdpgCheck = mdpgCheck.check.id;
    ids.mdpgLine = mdpgCheck.lines[0].id;
    ids.adminCheck = (await settle(browsers.admin, 2)).check.id;
    // Webhook endpoints of mdpg and of mps, made by _admin.
    const endpoint = async (council: string) =>
      (
        await browsers.admin.agent
          .post('/api/admin/webhook-endpoints')
          .set(CSRF_HEADER, browsers.admin.csrf)
          .send(webhookEndpoint(council))
          .expect(201)
      ).body.id as string;
    ids.mdpgEndpoint = await endpoint('mdpg');
    ids.mpsEndpoint = await endpoint('mps');
    // An API key of mps, made by _admin (only _admin makes, rotates and revokes keys).
    ids.mpsApiKey = (
      await browsers.admin.agent
        .post('/api/admin/council-api-keys')
        .set(CSRF_HEADER, browsers.admin.csrf)
        .send({ council: 'mps' })
        .expect(201)
    ).body.id as string;
    // Invitations: one into mdpg by its council admin, one into mps by _admin.
    const invite = async (who: 'admin' | 'mdpgAdmin', council: string) =>
      (
        await browsers[who].agent
          .post('/api/admin/invitations')
          .set(CSRF_HEADER, browsers[who].csrf)
          .send({ email: uniqueEmail(`invited-${council}`), role: 'council_viewer', councils: [council] })
          .expect(201)
      ).body.id as string;
    ids.mdpgInvitation = await invite('mdpgAdmin', 'mdpg');
    ids.mpsInvitation = await invite('admin', 'mps');
    // A bill file an mdpg council admin previewed.
    ids.mdpgImport = (
      await browsers.mdpgAdmin.agent
        .post(`/api/admin/bill-imports?${BILL_FILE_QUERY}`)
        .set(CSRF_HEADER, browsers.mdpgAdmin.csrf)
        .set('Content-Type', 'text/csv')
        .send(billFile(0))
        .expect(201)
    ).body.id as string;
  });
  afterAll(async () => {
    await app.close();
  });

  /** A refund of everything left of a payment, dated today (the console's "refund everything"). */
  async function wholeRefund(reference: string) {
    const items = await prisma.paymentItem.findMany({ where: { payment: { reference } } });
    return {
      reason: 'Dipulangkan sepenuhnya',
      refundedAt: new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10),
      items: items.map((i) => ({ itemId: i.id, amountSen: i.amountSen, reverseCredit: false })),
    };
  }

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

  const everyone = { anonymous: 200, userA: 200, userB: 200, mdpgAdmin: 200, admin: 200 };
  const onlyA = { anonymous: 404, userA: 200, userB: 404, mdpgAdmin: 404, admin: 404 };
  const refusedToAll = { anonymous: 400, userA: 400, userB: 400, mdpgAdmin: 400, admin: 400 };
  const view = (res: request.Response) => (res.body as { view: string; payerName: string }).view;
  const withToken = (created: CreatePaymentResponse) => ({ [PAYMENT_TOKEN_HEADER]: created.paymentToken ?? '' });
  const unsignedAc = { fpx_msgType: 'AC', fpx_sellerOrderNo: '00000000000000000001', fpx_debitAuthCode: '00' };
  const staffOnly = { anonymous: 401, userA: 403, userB: 403, mdpgAdmin: 200, admin: 200 };
  const webhookEndpoint = (council: string) => ({
    council,
    url: 'http://127.0.0.1:5700/hooks/matrix',
    events: ['bill.credited'],
  });
  const adminOnly = { anonymous: 401, userA: 403, userB: 403, mdpgAdmin: 403, admin: 200 };
  const signedIn = { anonymous: 401, userA: 200, userB: 200, mdpgAdmin: 200, admin: 200 };
  const staffQueues = { anonymous: 401, userA: 403, userB: 403, mdpgAdmin: 202, admin: 202 };
  const councilsOf = (res: request.Response) => (res.body as { councils: string[] }[]).flatMap((r) => r.councils);

  function rows(): Row[] {
    return [
      {
        route: 'GET /api/me/payments',
        declared: 'GET /api/me/payments',
        expect: signedIn,
        check: {
          // Newest first: A's payment still in progress, then the paid one.
          userA: (res) => expect(references(res)).toEqual([openOfA.reference, payments.ofA]),
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
        // The receipt by reference: whoever holds the unguessable reference sees the status, the payer masked;
        // the owner (signed in) sees it whole.
        expect: everyone,
        check: {
          anonymous: (res) => expect([view(res), res.body.payerName]).toEqual(['public', maskName('Pembayar Matriks')]),
          userA: (res) => expect([view(res), res.body.payerName]).toEqual(['full', 'Pembayar Matriks']),
          userB: (res) => expect(view(res)).toBe('public'),
          mdpgAdmin: (res) => expect(view(res)).toBe('public'),
          admin: (res) => expect(view(res)).toBe('public'),
        },
      },
      {
        route: `GET /api/payments/${payments.guestOfA}`,
        declared: 'GET /api/payments/:reference',
        // A guest's payment: nobody signed in owns it (B registered the email but never verified it).
        expect: everyone,
        check: { userB: (res) => expect(view(res)).toBe('public') },
      },
      {
        route: 'GET /api/payments/:guest',
        declared: 'GET /api/payments/:reference',
        headers: {},
        // With the token the creation gave: the payer's own browser, whoever is signed in there.
        expect: everyone,
        check: Object.fromEntries(ACTORS.map((a) => [a, (res: request.Response) => expect(view(res)).toBe('full')])),
      },
      {
        route: `GET /api/payments/${payments.ofA}/receipt.pdf`,
        declared: 'GET /api/payments/:reference/receipt.pdf',
        // The receipt as a PDF, on the receipt page's rule: the holder of the reference gets it, the payer masked.
        expect: everyone,
        check: Object.fromEntries(
          ACTORS.map((a) => [
            a,
            (res: request.Response) => expect(res.headers['content-type']).toMatch(/^application\/pdf/),
          ]),
        ),
      },
      {
        route: `GET /api/payments/${payments.ofA}/events`,
        declared: 'GET /api/payments/:reference/events',
        // The live status: the same facts as the public receipt; a paid payment's stream ends at once.
        expect: everyone,
        check: Object.fromEntries(
          ACTORS.map((a) => [
            a,
            (res: request.Response) => expect(res.headers['content-type']).toMatch(/^text\/event-stream/),
          ]),
        ),
      },
      {
        route: 'POST /api/payments',
        declared: 'POST /api/payments',
        body: async () => fpxRequest([(await makePayable(app, { balanceSen: 1_500 })).id]),
        // Anyone may pay, as a guest or signed in; each gets the token of their own payment.
        expect: { anonymous: 201, userA: 201, userB: 201, mdpgAdmin: 201, admin: 201 },
        check: Object.fromEntries(
          ACTORS.map((a) => [a, (res: request.Response) => expect(res.body.paymentToken).toMatch(/^[\w-]{43}$/)]),
        ),
      },
      {
        route: 'POST /api/payments/:openOfA/cancel',
        declared: 'POST /api/payments/:reference/cancel',
        // A's own payment: A cancels it signed in, without the token; to anyone else it does not exist.
        expect: onlyA,
        check: { userA: (res) => expect(res.body).toMatchObject({ outcome: 'move', to: 'cancelled' }) },
      },
      {
        route: 'POST /api/payments/:guestToCancel/cancel',
        declared: 'POST /api/payments/:reference/cancel',
        headers: {},
        // The token is the proof, whoever is signed in: the first cancel moves it, the others change nothing.
        expect: everyone,
        check: {
          anonymous: (res) => expect(res.body).toMatchObject({ outcome: 'move', to: 'cancelled' }),
          admin: (res) => expect(res.body).toMatchObject({ outcome: 'noop', to: 'cancelled' }),
        },
      },
      {
        route: `POST /api/payments/${payments.ofA}/cancel`,
        declared: 'POST /api/payments/:reference/cancel',
        // Paid: A is told it can no longer be cancelled; nobody else learns it exists.
        expect: { ...onlyA, userA: 409 },
      },
      {
        route: `POST /api/payments/${payments.ofA}/requery`,
        declared: 'POST /api/payments/:reference/requery',
        expect: onlyA,
      },
      {
        route: 'POST /api/payments/:guest/requery',
        declared: 'POST /api/payments/:reference/requery',
        headers: {},
        // The token holder asks the bank; a second ask within 10 seconds waits (one enquiry per payment).
        expect: { anonymous: 200, userA: 429, userB: 429, mdpgAdmin: 429, admin: 429 },
      },
      {
        route: 'POST /api/gateways/fpx/direct',
        declared: 'POST /api/gateways/fpx/direct',
        form: true,
        body: unsignedAc,
        // Gateways need no session: the signature decides, whoever sends it.
        expect: refusedToAll,
      },
      {
        route: 'POST /api/gateways/fpx/direct',
        declared: 'POST /api/gateways/fpx/direct',
        form: true,
        body: () => signedConfirmation,
        expect: everyone,
      },
      {
        route: 'POST /api/gateways/fpx/indirect',
        declared: 'POST /api/gateways/fpx/indirect',
        form: true,
        body: () => signedConfirmation,
        expect: { anonymous: 303, userA: 303, userB: 303, mdpgAdmin: 303, admin: 303 },
      },
      {
        route: 'POST /api/gateways/card/callback',
        declared: 'POST /api/gateways/card/callback',
        form: true,
        body: { refNo: '00000000000000000001', status: '1' },
        expect: refusedToAll,
      },
      {
        route: 'POST /api/gateways/card/return',
        declared: 'POST /api/gateways/card/return',
        form: true,
        body: { refNo: '00000000000000000001', status: '1' },
        // An unverifiable return changes nothing for anyone; what page it shows is the gateway routes' concern.
        expect: refusedToAll,
      },
      { route: 'GET /api/auth/me', declared: 'GET /api/auth/me', expect: signedIn },
      // Staff here have passed their second factor already; payers have none.
      {
        route: 'POST /api/auth/second-factor/enrolment',
        declared: 'POST /api/auth/second-factor/enrolment',
        expect: { anonymous: 401, userA: 403, userB: 403, mdpgAdmin: 409, admin: 409 },
      },
      {
        route: 'POST /api/auth/second-factor/enrolment/confirm',
        declared: 'POST /api/auth/second-factor/enrolment/confirm',
        body: { code: '000000' },
        expect: { anonymous: 401, userA: 403, userB: 403, mdpgAdmin: 409, admin: 409 },
      },
      {
        route: 'POST /api/auth/second-factor/verify',
        declared: 'POST /api/auth/second-factor/verify',
        body: { code: '000000' },
        expect: { anonymous: 401, userA: 403, userB: 403, mdpgAdmin: 400, admin: 400 },
      },
      {
        route: 'POST /api/auth/second-factor/recovery-codes',
        declared: 'POST /api/auth/second-factor/recovery-codes',
        expect: { anonymous: 401, userA: 403, userB: 403, mdpgAdmin: 201, admin: 201 },
      },
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
        route: `POST /api/admin/payments/${payments.mixed}/refunds`,
        declared: 'POST /api/admin/payments/:reference/refunds',
        body: () => everything[payments.mixed],
        // Half of it is another council's: only _admin may refund it.
        expect: { ...staffOnly, mdpgAdmin: 403, admin: 201 },
        check: { admin: (res) => expect(res.body).toMatchObject({ status: 'refunded', refund: { state: 'made' } }) },
      },
      {
        route: `POST /api/admin/payments/${payments.mdpgToRefund}/refunds`,
        declared: 'POST /api/admin/payments/:reference/refunds',
        body: () => everything[payments.mdpgToRefund],
        // Refunded whole by the council admin first: the same refund again is more than is left.
        expect: { ...staffOnly, mdpgAdmin: 201, admin: 409 },
        staff: { mdpgOfficer: 409, mdpgApprover: 409 },
        check: {
          mdpgAdmin: (res) => expect(res.body).toMatchObject({ status: 'refunded', refundableSen: 0 }),
          admin: (res) => expect(res.body.code).toBe('refund_exceeds_remainder'),
        },
      },
      {
        route: `POST /api/admin/payments/${payments.ofA}/refunds/preview`,
        declared: 'POST /api/admin/payments/:reference/refunds/preview',
        body: {
          reason: 'Semakan',
          items: [{ itemId: '00000000-0000-4000-8000-000000000000', amountSen: 100, reverseCredit: false }],
        },
        // Checked as recording checks it: the item is none of this payment's.
        expect: { ...staffOnly, mdpgAdmin: 400, admin: 400 },
        check: { admin: (res) => expect(res.body.code).toBe('refund_invalid') },
      },
      {
        route: `POST /api/admin/payments/${payments.ofA}/refunds/preview`,
        declared: 'POST /api/admin/payments/:reference/refunds/preview',
        body: async () => {
          const [item] = await prisma.paymentItem.findMany({ where: { payment: { reference: payments.ofA } } });
          return { reason: 'Semakan', items: [{ itemId: item.id, amountSen: 100, reverseCredit: true }] };
        },
        // What it would do, with nothing written: the bill's balance goes back up by the credit reversed.
        expect: staffOnly,
        check: {
          mdpgAdmin: (res) =>
            expect(res.body).toMatchObject({
              needsApproval: false,
              amountSen: 100,
              items: [{ creditReversedSen: 100, balanceBeforeSen: 0, balanceAfterSen: 100 }],
            }),
        },
      },
      {
        route: `POST /api/admin/payments/${payments.mps}/refunds/preview`,
        declared: 'POST /api/admin/payments/:reference/refunds/preview',
        body: {
          reason: 'Semakan',
          items: [{ itemId: '00000000-0000-4000-8000-000000000000', amountSen: 100, reverseCredit: false }],
        },
        expect: { ...staffOnly, mdpgAdmin: 404, admin: 400 },
      },
      {
        route: `POST /api/admin/payments/${payments.bigByMdpg}/refunds/:awaitingByMdpg/approve`,
        declared: 'POST /api/admin/payments/:reference/refunds/:refundId/approve',
        // The council admin recorded it: a second officer approves it, never they.
        expect: { ...staffOnly, mdpgAdmin: 403, admin: 200 },
        staff: { mdpgApprover: 409 },
        check: {
          mdpgAdmin: (res) => expect(res.body.code).toBe('refund_own_approval'),
          admin: (res) => expect(res.body).toMatchObject({ status: 'refunded', refund: { state: 'made' } }),
        },
      },
      {
        route: `POST /api/admin/payments/${payments.bigByAdmin}/refunds/:awaitingByAdmin/decline`,
        declared: 'POST /api/admin/payments/:reference/refunds/:refundId/decline',
        body: { reason: 'Tiada pindahan dibuat' },
        // Declined once by the council admin; then it is decided.
        expect: { ...staffOnly, mdpgAdmin: 200, admin: 409 },
        staff: { mdpgApprover: 409 },
        check: {
          mdpgAdmin: (res) => expect(res.body).toMatchObject({ status: 'paid', refund: { state: 'declined' } }),
          admin: (res) => expect(res.body.code).toBe('refund_not_awaiting'),
        },
      },
      {
        route: `POST /api/admin/payments/${payments.toCorrect}/refunds/:made/corrections`,
        declared: 'POST /api/admin/payments/:reference/refunds/:refundId/corrections',
        body: { reason: 'Direkod pada pembayaran yang salah' },
        // Corrected once; a second correction of it is refused.
        expect: { ...staffOnly, mdpgAdmin: 201, admin: 409 },
        staff: { mdpgApprover: 409 },
        check: {
          mdpgAdmin: (res) => expect(res.body).toMatchObject({ status: 'paid', refund: { state: 'made' } }),
          admin: (res) => expect(res.body.code).toBe('refund_not_correctable'),
        },
      },
      {
        route: `GET /api/admin/payments/${payments.ofA}/gateway-answers`,
        declared: 'GET /api/admin/payments/:reference/gateway-answers',
        expect: staffOnly,
        check: { mdpgAdmin: (res) => expect(res.body.length).toBeGreaterThan(0) },
      },
      {
        route: `GET /api/admin/payments/${payments.mps}/gateway-answers`,
        declared: 'GET /api/admin/payments/:reference/gateway-answers',
        expect: { ...staffOnly, mdpgAdmin: 404 },
      },
      {
        route: `GET /api/admin/payments/${payments.ofA}/refunds`,
        declared: 'GET /api/admin/payments/:reference/refunds',
        expect: staffOnly,
      },
      {
        route: `GET /api/admin/payments/${payments.mps}/refunds`,
        declared: 'GET /api/admin/payments/:reference/refunds',
        expect: { ...staffOnly, mdpgAdmin: 404 },
      },
      {
        route: `POST /api/admin/payments/${payments.ofA}/refunds`,
        declared: 'POST /api/admin/payments/:reference/refunds',
        // Names no item of the payment: refused as invalid, nothing written.
        body: {
          reason: 'Dipulangkan',
          items: [{ itemId: '00000000-0000-4000-8000-000000000000', amountSen: 100, reverseCredit: false }],
        },
        expect: { ...staffOnly, mdpgAdmin: 400, admin: 400 },
        check: {
          mdpgAdmin: (res) => expect(res.body.code).toBe('refund_invalid'),
          admin: (res) => expect(res.body.code).toBe('refund_invalid'),
        },
      },
      {
        route: `POST /api/admin/payments/${payments.mps}/refunds`,
        declared: 'POST /api/admin/payments/:reference/refunds',
        body: {
          reason: 'Dipulangkan',
          items: [{ itemId: '00000000-0000-4000-8000-000000000000', amountSen: 100, reverseCredit: false }],
        },
        expect: { ...staffOnly, mdpgAdmin: 404, admin: 400 },
      },
      {
        route: 'GET /api/admin/payments.csv',
        declared: 'GET /api/admin/payments.csv',
        expect: staffOnly,
        check: {
          // Only the council admin's councils: the mixed payment (mdpg and mps), never the mps-only one.
          mdpgAdmin: (res) => {
            expect(res.text).toContain(payments.mixed);
            expect(res.text).not.toContain(payments.mps);
          },
          admin: (res) => expect(res.text).toContain(payments.mps),
        },
      },
      {
        route: 'GET /api/admin/day-close?council=mdpg&day=2020-01-01',
        declared: 'GET /api/admin/day-close',
        expect: staffOnly,
      },
      {
        route: 'GET /api/admin/day-close?council=mps&day=2020-01-01',
        declared: 'GET /api/admin/day-close',
        expect: { anonymous: 401, userA: 403, userB: 403, mdpgAdmin: 403, admin: 200 },
      },
      {
        route: 'POST /api/admin/day-close/mps/2020-01-01/sign',
        declared: 'POST /api/admin/day-close/:council/:day/sign',
        // Not their council for mdpg's admin; _admin signs it, once.
        expect: { anonymous: 401, userA: 403, userB: 403, mdpgAdmin: 403, admin: 200 },
      },
      {
        route: 'POST /api/admin/day-close/mdpg/2020-01-01/sign',
        declared: 'POST /api/admin/day-close/:council/:day/sign',
        expect: { anonymous: 401, userA: 403, userB: 403, mdpgAdmin: 200, admin: 409 },
        staff: { mdpgApprover: 409 },
      },
      {
        route: 'GET /api/admin/day-close/mdpg/2020-01-01/report.pdf',
        declared: 'GET /api/admin/day-close/:council/:day/report.pdf',
        expect: staffOnly,
      },
      {
        route: 'GET /api/admin/day-close/mps/2020-01-01/report.csv',
        declared: 'GET /api/admin/day-close/:council/:day/report.csv',
        expect: { anonymous: 401, userA: 403, userB: 403, mdpgAdmin: 403, admin: 200 },
      },
      {
        route: 'GET /api/admin/payments/totals?council=mps',
        declared: 'GET /api/admin/payments/totals',
        expect: staffOnly,
        // A council admin asking for another council's money gets none of it: the share is of their councils.
        check: {
          mdpgAdmin: (res) => expect(res.body.shareSen).toBe(0),
          admin: (res) => expect(res.body.shareSen).toBeGreaterThan(0),
        },
      },
      {
        route: 'GET /api/admin/payments/status-counts?council=mps',
        declared: 'GET /api/admin/payments/status-counts',
        expect: staffOnly,
        // A council admin counts only payments with an item of theirs (some here are of mps and mdpg both);
        // payment-search.spec.ts shows another council's own payments count nothing.
        check: {
          mdpgAdmin: (res) => expect(Object.values(res.body.counts).every((n) => typeof n === 'number')).toBe(true),
          admin: (res) => expect(Object.values(res.body.counts).some((n) => Number(n) > 0)).toBe(true),
        },
      },
      {
        route: 'GET /api/admin/payments.csv?council=mps',
        declared: 'GET /api/admin/payments.csv',
        expect: staffOnly,
        check: { mdpgAdmin: (res) => expect(res.text).not.toContain(payments.mps) },
      },
      {
        route: 'POST /api/admin/settlements',
        declared: 'POST /api/admin/settlements',
        body: (actor) => ({ gateway: 'fpx', fileName: 'settlement.csv', content: settlementFile(actor.length + 10) }),
        // A new check for each (their councils differ): 201.
        expect: { anonymous: 401, userA: 403, userB: 403, mdpgAdmin: 201, admin: 201 },
        check: { mdpgAdmin: (res) => expect(res.body.lines[0].result).toBe('unknown_order') },
      },
      {
        route: 'GET /api/admin/bill-imports/templates/market_bill',
        declared: 'GET /api/admin/bill-imports/templates/:type',
        expect: staffOnly,
      },
      {
        route: `POST /api/admin/bill-imports?${BILL_FILE_QUERY}`,
        declared: 'POST /api/admin/bill-imports',
        headers: { 'Content-Type': 'text/csv' },
        body: billFile(1),
        expect: { anonymous: 401, userA: 403, userB: 403, mdpgAdmin: 201, admin: 201 },
      },
      {
        route: 'GET /api/admin/bill-imports',
        declared: 'GET /api/admin/bill-imports',
        expect: staffOnly,
      },
      {
        route: `GET /api/admin/bill-imports/${ids.mdpgImport}`,
        declared: 'GET /api/admin/bill-imports/:id',
        expect: staffOnly,
      },
      {
        route: `GET /api/admin/bill-imports/${ids.mdpgImport}/rows?outcome=new`,
        declared: 'GET /api/admin/bill-imports/:id/rows',
        expect: staffOnly,
      },
      {
        route: `GET /api/admin/bill-imports/${ids.mdpgImport}/errors.csv`,
        declared: 'GET /api/admin/bill-imports/:id/errors.csv',
        expect: staffOnly,
      },
      {
        route: `POST /api/admin/bill-imports/${ids.mdpgImport}/confirm`,
        declared: 'POST /api/admin/bill-imports/:id/confirm',
        body: {},
        // Confirmed once, by the first who may: the next is told it was confirmed already.
        expect: { anonymous: 401, userA: 403, userB: 403, mdpgAdmin: 201, admin: 409 },
        staff: { mdpgOfficer: 409, mdpgApprover: 409 },
      },
      {
        route: 'POST /api/admin/council-api-keys',
        declared: 'POST /api/admin/council-api-keys',
        body: { council: 'mdpg' },
        // Keys are _admin's to make: a council admin may not, even for their own council.
        expect: { anonymous: 401, userA: 403, userB: 403, mdpgAdmin: 403, admin: 201 },
        check: { admin: (res) => expect(res.body.secret).toMatch(/^cpsk_/) },
      },
      {
        route: 'GET /api/admin/council-api-keys',
        declared: 'GET /api/admin/council-api-keys',
        expect: staffOnly,
        check: {
          mdpgAdmin: (res) => {
            expect(res.body.map((k: { id: string }) => k.id)).not.toContain(ids.mpsApiKey);
            expect(JSON.stringify(res.body)).not.toContain('cpsk_');
          },
          admin: (res) => expect(res.body.map((k: { id: string }) => k.id)).toContain(ids.mpsApiKey),
        },
      },
      {
        route: `GET /api/admin/council-api-keys/${ids.mpsApiKey}`,
        declared: 'GET /api/admin/council-api-keys/:id',
        expect: { ...staffOnly, mdpgAdmin: 404 },
      },
      {
        route: `POST /api/admin/council-api-keys/${ids.mpsApiKey}/rotate`,
        declared: 'POST /api/admin/council-api-keys/:id/rotate',
        body: {},
        expect: { anonymous: 401, userA: 403, userB: 403, mdpgAdmin: 403, admin: 200 },
      },
      {
        route: `POST /api/admin/council-api-keys/${ids.mpsApiKey}/revoke`,
        declared: 'POST /api/admin/council-api-keys/:id/revoke',
        expect: { anonymous: 401, userA: 403, userB: 403, mdpgAdmin: 403, admin: 200 },
      },
      {
        route: 'GET /api/admin/council-api-requests',
        declared: 'GET /api/admin/council-api-requests',
        expect: staffOnly,
      },
      // The council API takes signed requests only: a session, staff or not, is no credential there.
      ...[
        ['GET /api/council/v1/me', 'GET /api/council/v1/me', undefined],
        ['PUT /api/council/v1/bills/market_bill', 'PUT /api/council/v1/bills/:type', { bills: [{}] }],
        ['GET /api/council/v1/bills/market_bill/X1', 'GET /api/council/v1/bills/:type/:accountNo', undefined],
        [
          'POST /api/council/v1/bills/market_bill/X1/withdraw',
          'POST /api/council/v1/bills/:type/:accountNo/withdraw',
          undefined,
        ],
        ['GET /api/council/v1/feed', 'GET /api/council/v1/feed', undefined],
        [
          'GET /api/council/v1/collection-files/2026-11-01/csv',
          'GET /api/council/v1/collection-files/:day/:format',
          undefined,
        ],
      ].map(([route, declared, body]) => ({
        route: route as string,
        declared: declared as string,
        body: body as object | undefined,
        expect: { anonymous: 401, userA: 401, userB: 401, mdpgAdmin: 401, admin: 401 },
      })),
      {
        route: 'GET /api/admin/settlements',
        declared: 'GET /api/admin/settlements',
        expect: staffOnly,
        check: {
          mdpgAdmin: (res) => expect(res.body.map((c: { id: string }) => c.id)).not.toContain(ids.adminCheck),
          admin: (res) => expect(res.body.map((c: { id: string }) => c.id)).toContain(ids.mdpgCheck),
        },
      },
      {
        route: `GET /api/admin/settlements/${ids.mdpgCheck}`,
        declared: 'GET /api/admin/settlements/:id',
        expect: staffOnly,
      },
      {
        route: `GET /api/admin/settlements/${ids.adminCheck}`,
        declared: 'GET /api/admin/settlements/:id',
        // _admin's check covers every council: not a council admin's to open.
        expect: { anonymous: 401, userA: 403, userB: 403, mdpgAdmin: 404, admin: 200 },
      },
      {
        route: `GET /api/admin/settlements/${ids.mdpgCheck}/lines`,
        declared: 'GET /api/admin/settlements/:id/lines',
        expect: staffOnly,
      },
      {
        route: `POST /api/admin/settlements/${ids.mdpgCheck}/lines/${ids.mdpgLine}/resolution`,
        declared: 'POST /api/admin/settlements/:id/lines/:lineId/resolution',
        body: { kind: 'note', note: 'A test order no of the access matrix' },
        // Resolved once, by the first who may: the next is told it was resolved already.
        expect: { anonymous: 401, userA: 403, userB: 403, mdpgAdmin: 200, admin: 409 },
        staff: { mdpgOfficer: 409, mdpgApprover: 409 },
      },
      {
        route: 'POST /api/admin/webhook-endpoints',
        declared: 'POST /api/admin/webhook-endpoints',
        body: webhookEndpoint('mdpg'),
        expect: { anonymous: 401, userA: 403, userB: 403, mdpgAdmin: 201, admin: 201 },
        check: { mdpgAdmin: (res) => expect(res.body.secret).toMatch(/^whsec_/) },
      },
      {
        route: 'POST /api/admin/webhook-endpoints',
        declared: 'POST /api/admin/webhook-endpoints',
        body: webhookEndpoint('mps'),
        expect: { anonymous: 401, userA: 403, userB: 403, mdpgAdmin: 403, admin: 201 },
      },
      {
        route: 'GET /api/admin/webhook-endpoints',
        declared: 'GET /api/admin/webhook-endpoints',
        expect: staffOnly,
        check: {
          mdpgAdmin: (res) => {
            expect(res.body.map((e: { id: string }) => e.id)).toContain(ids.mdpgEndpoint);
            expect(new Set(res.body.map((e: { council: string }) => e.council))).toEqual(new Set(['mdpg']));
          },
          admin: (res) => expect(res.body.map((e: { id: string }) => e.id)).toContain(ids.mpsEndpoint),
        },
      },
      {
        route: `GET /api/admin/webhook-endpoints/${ids.mdpgEndpoint}`,
        declared: 'GET /api/admin/webhook-endpoints/:id',
        expect: staffOnly,
        check: { mdpgAdmin: (res) => expect(res.body.secret).toBeUndefined() },
      },
      {
        route: `GET /api/admin/webhook-endpoints/${ids.mpsEndpoint}`,
        declared: 'GET /api/admin/webhook-endpoints/:id',
        expect: { ...staffOnly, mdpgAdmin: 404 },
      },
      {
        route: `PUT /api/admin/webhook-endpoints/${ids.mpsEndpoint}`,
        declared: 'PUT /api/admin/webhook-endpoints/:id',
        body: { description: 'Sistem hasil MPS' },
        expect: { ...staffOnly, mdpgAdmin: 404 },
      },
      {
        route: `POST /api/admin/webhook-endpoints/${ids.mpsEndpoint}/rotate-secret`,
        declared: 'POST /api/admin/webhook-endpoints/:id/rotate-secret',
        expect: { ...staffOnly, mdpgAdmin: 404 },
      },
      {
        route: `GET /api/admin/webhook-endpoints/${ids.mdpgEndpoint}/deliveries`,
        declared: 'GET /api/admin/webhook-endpoints/:id/deliveries',
        expect: staffOnly,
      },
      {
        route: `GET /api/admin/webhook-endpoints/${ids.mpsEndpoint}/deliveries`,
        declared: 'GET /api/admin/webhook-endpoints/:id/deliveries',
        expect: { ...staffOnly, mdpgAdmin: 404 },
      },
      {
        route: `POST /api/admin/webhook-endpoints/${ids.mpsEndpoint}/redeliveries`,
        declared: 'POST /api/admin/webhook-endpoints/:id/redeliveries',
        body: { from: '2026-01-01T00:00:00Z', to: '2026-01-02T00:00:00Z' },
        expect: { anonymous: 401, userA: 403, userB: 403, mdpgAdmin: 404, admin: 202 },
      },
      {
        route: 'POST /api/admin/collection-files/mdpg/2020-01-02/reproduce',
        declared: 'POST /api/admin/collection-files/:council/:day/reproduce',
        expect: staffOnly,
        check: {
          mdpgAdmin: (res) => expect(res.body.map((r: { keptNow: boolean }) => r.keptNow)).toEqual([true, true]),
        },
      },
      {
        route: 'POST /api/admin/collection-files/mps/2020-01-02/reproduce',
        declared: 'POST /api/admin/collection-files/:council/:day/reproduce',
        expect: { ...staffOnly, mdpgAdmin: 403 },
      },
      {
        route: 'GET /api/admin/collection-files?from=2020-01-01&to=2020-01-31',
        declared: 'GET /api/admin/collection-files',
        expect: staffOnly,
        check: {
          mdpgAdmin: (res) =>
            expect(new Set(res.body.map((f: { council: string }) => f.council))).toEqual(new Set(['mdpg'])),
          admin: (res) => expect(res.body.map((f: { council: string }) => f.council)).toContain('mps'),
        },
      },
      {
        route: 'GET /api/admin/collection-files/mdpg/2020-01-02/csv',
        declared: 'GET /api/admin/collection-files/:council/:day/:format',
        expect: staffOnly,
        check: { mdpgAdmin: (res) => expect(res.headers['x-content-sha256']).toMatch(/^[0-9a-f]{64}$/) },
      },
      {
        route: 'GET /api/admin/collection-files/mps/2020-01-02/jsonl',
        declared: 'GET /api/admin/collection-files/:council/:day/:format',
        expect: { ...staffOnly, mdpgAdmin: 403 },
      },
      {
        route: 'GET /api/admin/council-feed/mdpg',
        declared: 'GET /api/admin/council-feed/:code',
        expect: staffOnly,
      },
      {
        route: 'GET /api/admin/council-feed/mps',
        declared: 'GET /api/admin/council-feed/:code',
        expect: { ...staffOnly, mdpgAdmin: 403 },
      },
      {
        route: 'GET /api/admin/reconciliation?from=2026-01-01&to=2026-12-31',
        declared: 'GET /api/admin/reconciliation',
        expect: staffOnly,
        check: {
          mdpgAdmin: (res) =>
            expect(new Set(res.body.rows.map((r: { council: string }) => r.council))).not.toContain('mps'),
        },
      },
      {
        route: 'GET /api/admin/reconciliation?from=2026-01-01&to=2026-12-31&council=mps',
        declared: 'GET /api/admin/reconciliation',
        expect: { ...staffOnly, mdpgAdmin: 403 },
      },
      {
        route: `POST /api/admin/payments/${payments.ofA}/resend`,
        declared: 'POST /api/admin/payments/:reference/resend',
        body: { channel: 'email' },
        expect: staffQueues,
      },
      {
        route: `POST /api/admin/payments/${payments.mps}/resend`,
        declared: 'POST /api/admin/payments/:reference/resend',
        body: { channel: 'sms' },
        expect: { ...staffQueues, mdpgAdmin: 404 },
      },
      {
        route: 'GET /api/admin/notifications?_end=500',
        declared: 'GET /api/admin/notifications',
        expect: staffOnly,
        check: {
          mdpgAdmin: (res) => {
            expect(res.body.length).toBeGreaterThan(0);
            for (const row of res.body as { councils: string[] }[]) expect(row.councils).toContain('mdpg');
          },
          admin: (res) => expect(councilsOf(res)).toContain('mps'),
        },
      },
      {
        route: `POST /api/admin/notifications/${ids.mdpgNotification}/resend`,
        declared: 'POST /api/admin/notifications/:id/resend',
        expect: staffQueues,
      },
      {
        route: `POST /api/admin/notifications/${ids.mpsNotification}/resend`,
        declared: 'POST /api/admin/notifications/:id/resend',
        expect: { ...staffQueues, mdpgAdmin: 404 },
      },
      {
        route: 'GET /api/admin/dashboard',
        declared: 'GET /api/admin/dashboard',
        expect: staffOnly,
        check: {
          mdpgAdmin: (res) => {
            expect(res.body.failedJobs).toBeNull();
            expect(res.body.takings.map((t: { council: string }) => t.council)).not.toContain('mps');
          },
          admin: (res) => expect(res.body.takings.map((t: { council: string }) => t.council)).toContain('mps'),
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
      { route: 'GET /api/admin/councils/mdpg', declared: 'GET /api/admin/councils/:code', expect: staffOnly },
      {
        route: 'GET /api/admin/councils/mps',
        declared: 'GET /api/admin/councils/:code',
        expect: { ...staffOnly, mdpgAdmin: 404 },
      },
      {
        // A council no other test file changes (they read theirs back while this runs).
        route: 'PUT /api/admin/councils/mdblr',
        declared: 'PUT /api/admin/councils/:code',
        body: { active: true, logoUrl: null, signatureOfficerName: 'Pegawai Lesen', signatureOfficerPost: 'Pengarah' },
        expect: adminOnly,
        check: {
          admin: (res) => expect(res.body).toMatchObject({ id: 'mdblr', signatureOfficerName: 'Pegawai Lesen' }),
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
      {
        route: `GET /api/admin/users/${ids.userB}`,
        declared: 'GET /api/admin/users/:id',
        expect: adminOnly,
        check: { admin: (res) => expect(JSON.stringify(res.body)).not.toMatch(/argon2|passwordHash/) },
      },
      {
        // userB pays: no second factor to reset.
        route: `POST /api/admin/users/${ids.userB}/second-factor/reset`,
        declared: 'POST /api/admin/users/:id/second-factor/reset',
        expect: { anonymous: 401, userA: 403, userB: 403, mdpgAdmin: 403, admin: 409 },
      },
      {
        route: `PUT /api/admin/users/${ids.userB}/roles`,
        declared: 'PUT /api/admin/users/:id/roles',
        body: { councilAdmin: false, councils: [] },
        expect: adminOnly,
      },
      {
        route: `PUT /api/admin/users/${ids.userB}/roles`,
        declared: 'PUT /api/admin/users/:id/roles',
        // B never verified the email: no staff role for the account.
        body: { councilAdmin: true, councils: ['mdpg'] },
        expect: { ...adminOnly, admin: 409 },
        check: { admin: (res) => expect(res.body.code).toBe('email_not_verified') },
      },
      {
        route: 'GET /api/admin/staff?_end=500',
        declared: 'GET /api/admin/staff',
        expect: staffOnly,
        check: {
          mdpgAdmin: (res) => {
            const rows = res.body as { id: string; grants: { council: string }[] }[];
            expect(rows.map((r) => r.id)).toEqual(expect.arrayContaining([ids.mdpgOfficer, ids.mixedStaff]));
            expect(rows.map((r) => r.id)).not.toContain(ids.mpsStaff);
            // Another council's grants on the same person are not shown.
            expect(new Set(rows.flatMap((r) => r.grants.map((g) => g.council)))).toEqual(new Set(['mdpg']));
          },
          admin: (res) => expect(res.body.map((r: { id: string }) => r.id)).toContain(ids.mpsStaff),
        },
      },
      { route: `GET /api/admin/staff/${ids.mdpgOfficer}`, declared: 'GET /api/admin/staff/:id', expect: staffOnly },
      {
        route: `GET /api/admin/staff/${ids.mpsStaff}`,
        declared: 'GET /api/admin/staff/:id',
        expect: { ...staffOnly, mdpgAdmin: 404 },
      },
      {
        route: `PUT /api/admin/staff/${ids.mixedStaff}/councils/mdpg`,
        declared: 'PUT /api/admin/staff/:id/councils/:council',
        body: { role: 'council_approver' },
        expect: staffOnly,
        check: {
          mdpgAdmin: (res) => expect(res.body.grants).toEqual([{ council: 'mdpg', role: 'council_approver' }]),
          admin: (res) =>
            expect(res.body.grants).toEqual([
              { council: 'mdpg', role: 'council_approver' },
              { council: 'mps', role: 'council_viewer' },
            ]),
        },
      },
      {
        route: `PUT /api/admin/staff/${ids.mixedStaff}/councils/mps`,
        declared: 'PUT /api/admin/staff/:id/councils/:council',
        body: { role: null },
        expect: { ...staffOnly, mdpgAdmin: 404 },
        check: { admin: (res) => expect(res.body.grants).toEqual([{ council: 'mdpg', role: 'council_approver' }]) },
      },
      {
        route: `PUT /api/admin/staff/${ids.userB}/councils/mdpg`,
        declared: 'PUT /api/admin/staff/:id/councils/:council',
        body: { role: 'council_viewer' },
        // Not mdpg's staff, so not its admin's to find; _admin is refused: the email is not verified.
        expect: { ...staffOnly, mdpgAdmin: 404, admin: 409 },
        check: { admin: (res) => expect(res.body.code).toBe('email_not_verified') },
      },
      {
        route: `PUT /api/admin/staff/${ids.admin}/councils/mdpg`,
        declared: 'PUT /api/admin/staff/:id/councils/:council',
        body: { role: 'council_viewer' },
        expect: { ...staffOnly, mdpgAdmin: 404, admin: 409 },
        check: { admin: (res) => expect(res.body.code).toBe('cannot_change_admin') },
      },
      {
        route: 'GET /api/admin/invitations?_end=500',
        declared: 'GET /api/admin/invitations',
        expect: staffOnly,
        check: {
          mdpgAdmin: (res) => {
            expect(res.body.map((i: { id: string }) => i.id)).toContain(ids.mdpgInvitation);
            expect(res.body.map((i: { id: string }) => i.id)).not.toContain(ids.mpsInvitation);
          },
          admin: (res) => expect(res.body.map((i: { id: string }) => i.id)).toContain(ids.mpsInvitation),
        },
      },
      {
        route: 'POST /api/admin/invitations',
        declared: 'POST /api/admin/invitations',
        body: (actor) => ({ email: uniqueEmail(`invited-by-${actor}`), role: 'council_officer', councils: ['mdpg'] }),
        expect: { ...staffOnly, mdpgAdmin: 201, admin: 201 },
      },
      {
        route: 'POST /api/admin/invitations',
        declared: 'POST /api/admin/invitations',
        body: { email: uniqueEmail('invited-mps'), role: 'council_admin', councils: ['mps'] },
        // Not their council: a council admin invites into their own councils only.
        expect: { ...staffOnly, mdpgAdmin: 403, admin: 201 },
      },
      {
        route: 'POST /api/admin/invitations',
        declared: 'POST /api/admin/invitations',
        body: { email: uniqueEmail('invited-admin'), role: '_admin', councils: ['mdpg'] },
        // `_admin` is never given by invitation, by anyone.
        expect: { ...staffOnly, mdpgAdmin: 400, admin: 400 },
      },
      {
        route: `POST /api/admin/invitations/${ids.mdpgInvitation}/resend`,
        declared: 'POST /api/admin/invitations/:id/resend',
        expect: staffOnly,
        check: { admin: (res) => expect(res.body).toMatchObject({ state: 'pending', sentCount: 3 }) },
      },
      {
        route: `POST /api/admin/invitations/${ids.mpsInvitation}/resend`,
        declared: 'POST /api/admin/invitations/:id/resend',
        expect: { ...staffOnly, mdpgAdmin: 404 },
      },
      {
        route: `POST /api/admin/invitations/${ids.mdpgInvitation}/revoke`,
        declared: 'POST /api/admin/invitations/:id/revoke',
        // Revoked once; then it is closed.
        expect: { ...staffOnly, admin: 409 },
        check: { admin: (res) => expect(res.body.code).toBe('invitation_closed') },
      },
      {
        route: `POST /api/admin/invitations/${ids.mpsInvitation}/revoke`,
        declared: 'POST /api/admin/invitations/:id/revoke',
        expect: { ...staffOnly, mdpgAdmin: 404 },
      },
      {
        route: 'GET /api/admin/audit?_end=500',
        declared: 'GET /api/admin/audit',
        expect: staffOnly,
        check: {
          mdpgAdmin: (res) => {
            expect(res.body.length).toBeGreaterThan(0);
            for (const row of res.body as { councils: string[] }[]) expect(row.councils).toContain('mdpg');
          },
          admin: (res) => expect(councilsOf(res)).toContain('mps'),
        },
      },
    ];
  }

  /** Placeholders for payments made in beforeAll, and the token header where a row sends one. */
  function resolve(row: Row): { route: string; headers: Record<string, string> } {
    const placeholders: Record<string, CreatePaymentResponse> = {
      ':openOfA': openOfA,
      ':guestToCancel': openGuestToCancel,
      ':guest': openGuest,
    };
    for (const [name, id] of Object.entries(refundIds)) {
      if (row.route.includes(`/:${name}/`))
        return { route: row.route.replace(`:${name}`, id), headers: row.headers ?? {} };
    }
    for (const [name, created] of Object.entries(placeholders)) {
      if (row.route.includes(`${name}/`) || row.route.endsWith(name)) {
        return {
          route: row.route.replace(name, created.reference),
          headers: row.headers ? { ...row.headers, ...withToken(created) } : {},
        };
      }
    }
    return { route: row.route, headers: row.headers ?? {} };
  }

  /** What an actor should get: the row's word for the base actors; for the weaker staff, the route's power decides. */
  function expected(row: Row, actor: Actor): number {
    if (!(actor in STAFF_ACTORS)) return row.expect[actor as BaseActor];
    const staffActor = actor as StaffActor;
    const power = ADMIN_ROUTE_POWERS[row.declared];
    if (power === '_admin' || (power && !roleMay(STAFF_ACTORS[staffActor], power))) return 403;
    return row.staff?.[staffActor] ?? row.expect.mdpgAdmin;
  }

  function call(actor: Actor, row: Row) {
    const { route, headers } = resolve(row);
    const [method, path] = route.split(' ');
    const client = actor === 'anonymous' ? request(app.getHttpServer()) : browsers[actor].agent;
    const verb = method.toLowerCase() as 'get' | 'post' | 'put';
    const req = client[verb](path).set(headers);
    if (row.form) req.type('form');
    return actor !== 'anonymous' && method !== 'GET' ? req.set(CSRF_HEADER, browsers[actor].csrf) : req;
  }

  it('each caller gets exactly the status it should, and only what is theirs', async () => {
    const seen: string[] = [];
    const wrong: string[] = [];
    for (const row of rows()) {
      for (const actor of ACTORS) {
        const body = typeof row.body === 'function' ? await row.body(actor) : row.body;
        const res = await call(actor, row).send(body);
        seen.push(`${row.route} as ${actor}: ${res.status}`);
        if (res.status !== expected(row, actor)) {
          wrong.push(
            `${row.route} as ${actor}: ${res.status}, not ${expected(row, actor)} ${JSON.stringify(res.body)}`,
          );
        }
        row.check?.[actor]?.(res);
        // What the weaker mdpg staff read is held to the checks of mdpg's council admin: theirs, never another's.
        if (actor in STAFF_ACTORS && row.route.startsWith('GET ') && res.status === 200) row.check?.mdpgAdmin?.(res);
      }
    }
    expect(wrong).toEqual([]);
    expect(seen.length).toBe(rows().length * ACTORS.length);
    expect((await prisma.payment.findUniqueOrThrow({ where: { reference: payments.mixed } })).status).toBe('refunded');
    // Some 400 requests one after another: 6 s on an idle machine, about a minute on a loaded one.
  }, 300_000);

  it('user B never sees A’s payments, though B registered with the email A paid with as a guest', async () => {
    const b = browsers.userB;
    // B's history holds only the payment B made in the matrix above (POST /api/payments), none of A's.
    const history = await b.agent.get('/api/me/payments').expect(200);
    expect(history.body.total).toBe(1);
    expect(references(history)).not.toContain(payments.ofA);
    expect(references(history)).not.toContain(payments.guestOfA);
    for (const reference of [payments.ofA, payments.guestOfA]) {
      await b.agent.get(`/api/me/payments/${reference}`).expect(404);
    }
    // Once A (who owns that mailbox) verifies... B cannot: the link went to A's mailbox. Had B verified it,
    // B would own the guest payment: the email proves the mailbox, which is where its receipt was sent.
    const owner = await prisma.user.findUniqueOrThrow({ where: { email: guestEmail } });
    expect(owner.emailVerifiedAt).toBeNull();
  });

  it('every route under /api/admin and /api/me carries @Roles; they, the payment and the gateway routes are in the matrix', () => {
    const discovery = new DiscoveryService(app.get(ModulesContainer));
    const reflector = app.get(Reflector);
    const declared: string[] = [];
    for (const wrapper of discovery.getControllers()) {
      const controller = wrapper.metatype as (new (...args: never[]) => unknown) | null;
      if (!controller) continue;
      const base = String(Reflect.getMetadata(PATH_METADATA, controller) ?? '');
      if (!/^(admin|me|payments|gateways|council)(\/|$)/.test(base)) continue;
      for (const name of Object.getOwnPropertyNames(controller.prototype)) {
        const handler = (controller.prototype as Record<string, unknown>)[name];
        if (name === 'constructor' || typeof handler !== 'function') continue;
        if (Reflect.getMetadata(PATH_METADATA, handler) === undefined) continue;
        const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
        const sub = String(Reflect.getMetadata(PATH_METADATA, handler));
        const route = `${method} /api/${base}${sub === '/' ? '' : `/${sub.replace(/^\//, '')}`}`;
        declared.push(route);
        if (/^(payments|gateways|council)/.test(base)) continue;
        const roles = reflector.getAllAndOverride(ROLES_KEY, [handler, controller]);
        expect(roles, `${route} (${controller.name}.${name}) has no @Roles`).toBeDefined();
        if (base.startsWith('admin')) {
          expect((roles as string[]).length, `${route} must name roles`).toBeGreaterThan(0);
          // The roles the route lets in are those the matrix says hold its power.
          const power = ADMIN_ROUTE_POWERS[route];
          expect(power, `${route} is missing from ADMIN_ROUTE_POWERS`).toBeDefined();
          expect(roles, `${route} lets in other roles than its power says`).toEqual(
            power === '_admin' ? ['_admin'] : rolesWith(power),
          );
        }
      }
    }
    expect(declared.filter((r) => r.includes('/api/admin/')).length).toBeGreaterThanOrEqual(8);
    expect(declared.filter((r) => r.includes('/api/gateways/')).length).toBe(4);
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
