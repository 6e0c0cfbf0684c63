import { RequestMethod, type INestApplication } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { DiscoveryService, ModulesContainer } from '@nestjs/core';
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER } from '@councilpay/domain';
import { PrismaService } from '../src/prisma/prisma.service';
import { clearLimits, createUser, registration, signIn, type Browser } from './identity-helpers';
import { fpxRequest, makePayable } from './payment-helpers';
import { createTestApi, isolatedDatabaseUrl } from './test-app';

/** Bodies per route; HOSTILE_RUNS raises it for a longer hunt. */
const RUNS = Number(process.env.HOSTILE_RUNS ?? 40);

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Strings no field should take whole: NUL, lone surrogates, gateway separators, controls, huge ones. */
const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('\u0000', 'a\u0000b', '\ud800', '\udfff', 'x\ud83d', '\ude00y', '|', 'a|b@example.my'),
  fc.constantFrom('\u0007', 'line\r\nBcc: x@y.my', '\u007f', '\u2028', '\u001b[31m', '%00', '\\u0000'),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.integer({ min: 5_000, max: 400_000 }).map((n) => 'x'.repeat(n)),
  fc.constantFrom('', ' ', '0', 'null', 'undefined', 'true', '[]', '{}', 'NaN', "' OR 1=1 --"),
);

/** Numbers past every column and safe integer, fractions, negative zero. */
const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(2 ** 31, 2 ** 31 - 1, -(2 ** 31) - 1, 2 ** 53, 2 ** 53 + 2, -(2 ** 53) - 2, 1e308, -1e308),
  fc.constantFrom(-0, 0.5, 1e-7, -1, 0, 4_294_967_296, 100_000_000_001),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

const hostileValue: fc.Arbitrary<Json> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 3, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.constantFrom<Json>(null, true, false, [], {}, [[]], [{}], [null]) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json> },
);

/** Where in a body a hostile value goes: every path of the template, objects and arrays included. */
function pathsOf(value: Json, prefix: (string | number)[] = []): (string | number)[][] {
  const here = prefix.length > 0 ? [prefix] : [];
  if (Array.isArray(value)) return [...here, ...value.flatMap((v, i) => pathsOf(v, [...prefix, i]))];
  if (value && typeof value === 'object') {
    return [...here, ...Object.entries(value).flatMap(([k, v]) => pathsOf(v, [...prefix, k]))];
  }
  return here;
}

function setAt(body: Json, path: (string | number)[], value: Json | undefined): Json {
  const copy = structuredClone(body);
  let node = copy as Record<string | number, Json>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, Json>;
  const last = path[path.length - 1];
  if (value === undefined) delete node[last];
  else node[last] = value;
  return copy;
}

/** A JSON text, possibly one no JSON.stringify of a JS object would make (prototype keys, deep nesting). */
function hostileBody(template: Json): fc.Arbitrary<{ kind: string; text: string }> {
  const paths = pathsOf(template);
  const json = (kind: string, value: Json) => ({ kind, text: JSON.stringify(value) });
  const mutations: fc.Arbitrary<{ kind: string; text: string }>[] = [
    fc.constant(json('template', template)),
    hostileValue.map((v) => json('whole body replaced', v)),
    fc.array(hostileValue, { maxLength: 3 }).map((v) => json('array for the body', [template, ...v])),
    fc.tuple(fc.integer({ min: 30, max: 20_000 }), fc.boolean()).map(([depth, arrays]) => ({
      kind: 'deep nesting',
      text: arrays
        ? `{"deep":${'['.repeat(depth)}1${']'.repeat(depth)}}`
        : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`,
    })),
    fc.constantFrom('__proto__', 'constructor', 'prototype').map((key) => ({
      kind: 'prototype key',
      text: `{"${key}":{"polluted":"yes","prototype":{"polluted":"yes"}},${JSON.stringify(template).slice(1)}`,
    })),
    fc.constant({ kind: 'truncated JSON', text: JSON.stringify(template).slice(0, -1) }),
  ];
  if (paths.length > 0) {
    const at = fc.constantFrom(...paths);
    mutations.push(
      fc.tuple(at, hostileValue).map(([path, v]) => json(`${path.join('.')} hostile`, setAt(template, path, v))),
      at.map((path) => json(`${path.join('.')} missing`, setAt(template, path, undefined))),
      fc
        .tuple(at, hostileValue)
        .map(([path, v]) => json(`${path.join('.')} in an array`, setAt(template, path, [v] as Json))),
      fc
        .tuple(at, fc.jsonValue({ maxDepth: 2 }))
        .map(([path, v]) => json(`${path.join('.')} an object`, setAt(template, path, { value: v as Json }))),
    );
  }
  return fc.oneof(...mutations);
}

interface Target {
  /** As declared, e.g. `POST /api/payments/:reference/cancel`. */
  declared: string;
  path: string;
  method: 'post' | 'put';
  template: Json;
  /** Sent as a signed-in _admin (routes behind @Roles); otherwise as a guest. */
  asAdmin?: boolean;
  /** Gateways post forms; their refusals are theirs to record (no row check). */
  form?: boolean;
}

describe('hostile bodies to every JSON route: never a 5xx, never a row written on a 4xx', () => {
  let app: INestApplication;
  let prisma: PrismaService;
  let admin: Browser;
  let reference: string;

  beforeAll(async () => {
    // Its own database: the configuration bodies it sends are valid often enough to change the announcement
    // and the app version, which other test files read back.
    app = await createTestApi({ DATABASE_URL: await isolatedDatabaseUrl() });
    prisma = app.get(PrismaService);
    await clearLimits(app);
    admin = await signIn(app, (await createUser(app, { roles: ['_admin'], verified: true })).email);
    const payable = await makePayable(app, { balanceSen: 1_000 });
    reference = (
      await request(app.getHttpServer())
        .post('/api/payments')
        .send(fpxRequest([payable.id]))
        .expect(201)
    ).body.reference;
  });
  afterAll(async () => {
    await app.close();
  });

  /** Every row of every table the API writes, counted in one statement. */
  async function rowCounts(): Promise<string> {
    const tables = [
      'Payment',
      'PaymentItem',
      'PaymentEvent',
      'Outbox',
      'User',
      'EmailVerification',
      'PhoneVerification',
      'PasswordReset',
      'Notification',
      'Payable',
      'Licence',
      'DigitalLicence',
      'SettlementCheck',
      'SettlementCheckLine',
      'BillImport',
      'BillImportRow',
      'DayClose',
    ];
    const sql = `SELECT ${tables.map((t) => `(SELECT count(*) FROM "${t}")::text AS "${t}"`).join(', ')}`;
    const [row] = await prisma.$queryRawUnsafe<Record<string, string>[]>(sql);
    return JSON.stringify(row);
  }

  function targets(): Target[] {
    const payable = '00000000-0000-4000-8000-000000000000';
    const form = registration();
    return [
      { declared: 'POST /api/auth/register', path: '/api/auth/register', method: 'post', template: { ...form } },
      {
        declared: 'POST /api/auth/register/verify',
        path: '/api/auth/register/verify',
        method: 'post',
        template: { verificationId: randomUUID(), code: '123456' },
      },
      {
        declared: 'POST /api/auth/register/resend',
        path: '/api/auth/register/resend',
        method: 'post',
        template: { verificationId: randomUUID() },
      },
      {
        declared: 'POST /api/auth/login',
        path: '/api/auth/login',
        method: 'post',
        template: { email: 'nobody@example.my', password: 'Wrong#pass1' },
      },
      { declared: 'POST /api/auth/logout', path: '/api/auth/logout', method: 'post', template: {} },
      // The admin has passed its second factor: enrolment is refused (409), codes are wrong (400, then 429).
      ...['enrolment', 'enrolment/confirm', 'verify'].map((route): Target => ({
        declared: `POST /api/auth/second-factor/${route}`,
        path: `/api/auth/second-factor/${route}`,
        method: 'post',
        template: route === 'enrolment' ? {} : { code: '123456' },
        asAdmin: true,
      })),
      {
        declared: 'POST /api/auth/second-factor/recovery-codes',
        path: '/api/auth/second-factor/recovery-codes',
        method: 'post',
        template: {},
        asAdmin: true,
      },
      {
        declared: 'POST /api/auth/forgot-password',
        path: '/api/auth/forgot-password',
        method: 'post',
        template: { email: 'nobody@example.my', language: 'en' },
      },
      {
        declared: 'POST /api/auth/reset-password/check',
        path: '/api/auth/reset-password/check',
        method: 'post',
        template: { resetId: 'A'.repeat(43) },
      },
      {
        declared: 'POST /api/auth/reset-password',
        path: '/api/auth/reset-password',
        method: 'post',
        template: { resetId: 'A'.repeat(43), password: 'Baharu#Rahsia9', confirmPassword: 'Baharu#Rahsia9' },
      },
      {
        declared: 'POST /api/auth/verify-email',
        path: '/api/auth/verify-email',
        method: 'post',
        template: { token: 'A'.repeat(43) },
      },
      {
        declared: 'POST /api/auth/verify-email/resend',
        path: '/api/auth/verify-email/resend',
        method: 'post',
        template: {},
        asAdmin: true,
      },
      {
        declared: 'PUT /api/me/profile',
        path: '/api/me/profile',
        method: 'put',
        template: { fullName: 'Pentadbir', phone: '0123456789', version: 0 },
        asAdmin: true,
      },
      {
        declared: 'POST /api/search',
        path: '/api/search',
        method: 'post',
        template: { council: 'mdpg', type: 'compound', accountNo: 'KMP-2026-000102' },
      },
      {
        declared: 'POST /api/payments',
        path: '/api/payments',
        method: 'post',
        template: {
          ...(fpxRequest([payable]) as unknown as Record<string, Json>),
          items: [
            { payableId: payable, amountSen: 1_000, selection: 1 },
            {
              payableId: payable,
              charge: {
                customerName: 'Penganjur',
                totalNoOfPeople: 10,
                startDate: '2026-01-01',
                endDate: '2026-01-02',
              },
            },
          ],
          confirmRetry: false,
        },
      },
      {
        declared: 'POST /api/payments/:reference/cancel',
        path: `/api/payments/${reference}/cancel`,
        method: 'post',
        template: {},
      },
      {
        declared: 'POST /api/payments/:reference/requery',
        path: `/api/payments/${reference}/requery`,
        method: 'post',
        template: {},
      },
      {
        declared: 'PUT /api/admin/configuration',
        path: '/api/admin/configuration',
        method: 'put',
        template: {
          serviceClosed: false,
          announcementMs: 'Sistem sedang diselenggara. Sila cuba sebentar lagi.',
          announcementEn: 'The system is under maintenance. Please try again later.',
          announcementZh: '系统正在维护中，请稍后再试。',
          appVersion: '1.0.0',
          refundApprovalAboveSen: 100_000,
        },
        asAdmin: true,
      },
      {
        declared: 'POST /api/admin/payments/:reference/refunds',
        path: '/api/admin/payments/CPAAAAAAAAAAAAAAAAAAAA/refunds',
        method: 'post',
        template: {
          reason: 'Dipulangkan di kaunter',
          gatewayReference: 'IBG-1',
          refundedAt: '2026-11-23T10:00:00Z',
          items: [{ itemId: '00000000-0000-4000-8000-000000000000', amountSen: 100, reverseCredit: true }],
        },
        asAdmin: true,
      },
      {
        declared: 'POST /api/admin/payments/:reference/refunds/preview',
        path: '/api/admin/payments/CPAAAAAAAAAAAAAAAAAAAA/refunds/preview',
        method: 'post',
        template: {
          reason: 'Dipulangkan di kaunter',
          refundedAt: '2026-11-23',
          items: [{ itemId: '00000000-0000-4000-8000-000000000000', amountSen: 100, reverseCredit: false }],
        },
        asAdmin: true,
      },
      {
        declared: 'POST /api/admin/payments/:reference/refunds/:refundId/approve',
        path: '/api/admin/payments/CPAAAAAAAAAAAAAAAAAAAA/refunds/00000000-0000-4000-8000-000000000000/approve',
        method: 'post',
        template: {},
        asAdmin: true,
      },
      {
        declared: 'POST /api/admin/payments/:reference/refunds/:refundId/decline',
        path: '/api/admin/payments/CPAAAAAAAAAAAAAAAAAAAA/refunds/00000000-0000-4000-8000-000000000000/decline',
        method: 'post',
        template: { reason: 'Tiada pindahan dibuat' },
        asAdmin: true,
      },
      {
        declared: 'POST /api/admin/payments/:reference/refunds/:refundId/corrections',
        path: '/api/admin/payments/CPAAAAAAAAAAAAAAAAAAAA/refunds/00000000-0000-4000-8000-000000000000/corrections',
        method: 'post',
        template: { reason: 'Direkod pada pembayaran yang salah' },
        asAdmin: true,
      },
      {
        declared: 'POST /api/admin/payments/:reference/requery',
        path: '/api/admin/payments/CPAAAAAAAAAAAAAAAAAAAA/requery',
        method: 'post',
        template: {},
        asAdmin: true,
      },
      {
        declared: 'POST /api/admin/payments/:reference/resend',
        path: `/api/admin/payments/${reference}/resend`,
        method: 'post',
        template: { channel: 'email' },
        asAdmin: true,
      },
      {
        declared: 'POST /api/admin/settlements',
        path: '/api/admin/settlements',
        method: 'post',
        template: {
          gateway: 'fpx',
          fileName: 'penyelesaian-20261123.csv',
          content:
            'date,seller order no,fpx transaction id,amount,status\n23/11/2026,20261123000000000001,2611230000001,42.00,00',
        },
        asAdmin: true,
      },
      {
        // The bill file is the body (CSV or XLSX): a JSON body is refused unread.
        declared: 'POST /api/admin/bill-imports',
        path: '/api/admin/bill-imports?council=mdpg&type=market_bill&fileName=bil.csv',
        method: 'post',
        template: {},
        asAdmin: true,
      },
      {
        declared: 'POST /api/admin/bill-imports/:id/confirm',
        path: `/api/admin/bill-imports/${payable}/confirm`,
        method: 'post',
        template: {},
        asAdmin: true,
      },
      {
        // A code no council has: refused whatever the body, and nothing is signed.
        declared: 'POST /api/admin/day-close/:council/:day/sign',
        path: '/api/admin/day-close/zzzz/2020-01-02/sign',
        method: 'post',
        template: {},
        asAdmin: true,
      },
      {
        declared: 'POST /api/admin/settlements/:id/lines/:lineId/resolution',
        path: `/api/admin/settlements/${payable}/lines/1/resolution`,
        method: 'post',
        template: { kind: 'note', note: 'Caj bank RM 1.00' },
        asAdmin: true,
      },
      {
        // A well-formed code no council has: the body is judged in full, and no endpoint is made.
        declared: 'POST /api/admin/webhook-endpoints',
        path: '/api/admin/webhook-endpoints',
        method: 'post',
        template: { council: 'zzzz', url: 'https://hasil.majlis.example.my/councilpay', events: ['bill.credited'] },
        asAdmin: true,
      },
      {
        // An id no endpoint has (a bill's): judged, then not found.
        declared: 'PUT /api/admin/webhook-endpoints/:id',
        path: `/api/admin/webhook-endpoints/${payable}`,
        method: 'put',
        template: { url: 'https://hasil.majlis.example.my/councilpay', events: ['refund.made'], enabled: true },
        asAdmin: true,
      },
      {
        declared: 'POST /api/admin/webhook-endpoints/:id/rotate-secret',
        path: `/api/admin/webhook-endpoints/${payable}/rotate-secret`,
        method: 'post',
        template: {},
        asAdmin: true,
      },
      {
        declared: 'POST /api/admin/webhook-endpoints/:id/redeliveries',
        path: `/api/admin/webhook-endpoints/${payable}/redeliveries`,
        method: 'post',
        template: { deliveryIds: ['1'] },
        asAdmin: true,
      },
      {
        // A well-formed code no council has: judged in full, and no key is made.
        declared: 'POST /api/admin/council-api-keys',
        path: '/api/admin/council-api-keys',
        method: 'post',
        template: { council: 'zzzz', description: 'Sistem hasil' },
        asAdmin: true,
      },
      {
        declared: 'POST /api/admin/council-api-keys/:id/rotate',
        path: `/api/admin/council-api-keys/${payable}/rotate`,
        method: 'post',
        template: {},
        asAdmin: true,
      },
      {
        declared: 'POST /api/admin/council-api-keys/:id/revoke',
        path: `/api/admin/council-api-keys/${payable}/revoke`,
        method: 'post',
        template: {},
        asAdmin: true,
      },
      {
        // Unsigned: refused before anything is read into the ledger (signed batches: hostile-input-round-two).
        declared: 'PUT /api/council/v1/bills/:type',
        path: '/api/council/v1/bills/market_bill',
        method: 'put',
        template: { bills: [{ account_no: 'MB-1', owner_name: 'PENIAGA', balance_rm: '10.00' }] },
      },
      {
        declared: 'POST /api/council/v1/bills/:type/:accountNo/withdraw',
        path: '/api/council/v1/bills/market_bill/MB-1/withdraw',
        method: 'post',
        template: {},
      },
      {
        // A well-formed code no council has: judged, then not found; no file kept.
        declared: 'POST /api/admin/collection-files/:council/:day/reproduce',
        path: '/api/admin/collection-files/zzzz/2026-11-01/reproduce',
        method: 'post',
        template: {},
        asAdmin: true,
      },
      {
        declared: 'POST /api/admin/notifications/:id/resend',
        path: `/api/admin/notifications/${payable}/resend`,
        method: 'post',
        template: {},
        asAdmin: true,
      },
      {
        // A well-formed code no council has: the body is judged in full, and nothing a later test reads changes.
        declared: 'PUT /api/admin/councils/:code',
        path: '/api/admin/councils/zzzz',
        method: 'put',
        template: { active: true, logoUrl: null, signatureOfficerName: 'Pegawai', signatureOfficerPost: 'Pengarah' },
        asAdmin: true,
      },
      {
        // A code no council has: judged in full, and no invitation is made.
        declared: 'POST /api/admin/invitations',
        path: '/api/admin/invitations',
        method: 'post',
        template: { email: 'pegawai@example.my', role: 'council_officer', councils: ['zzzz'], language: 'en' },
        asAdmin: true,
      },
      {
        declared: 'POST /api/admin/invitations/:id/resend',
        path: `/api/admin/invitations/${payable}/resend`,
        method: 'post',
        template: {},
        asAdmin: true,
      },
      {
        declared: 'POST /api/admin/invitations/:id/revoke',
        path: `/api/admin/invitations/${payable}/revoke`,
        method: 'post',
        template: {},
        asAdmin: true,
      },
      {
        declared: 'PUT /api/admin/staff/:id/councils/:council',
        path: `/api/admin/staff/${payable}/councils/mdpg`,
        method: 'put',
        template: { role: 'council_viewer' },
        asAdmin: true,
      },
      {
        declared: 'POST /api/invitations/check',
        path: '/api/invitations/check',
        method: 'post',
        template: { token: 'A'.repeat(43) },
      },
      {
        declared: 'POST /api/invitations/accept',
        path: '/api/invitations/accept',
        method: 'post',
        template: {
          token: 'A'.repeat(43),
          fullName: 'Pegawai',
          password: 'Baharu#Rahsia9',
          confirmPassword: 'Baharu#Rahsia9',
        },
      },
      {
        declared: 'PUT /api/admin/users/:id/roles',
        path: `/api/admin/users/${payable}/roles`,
        method: 'put',
        template: { councilAdmin: true, councils: ['mdpg'] },
        asAdmin: true,
      },
      {
        declared: 'POST /api/admin/users/:id/second-factor/reset',
        path: `/api/admin/users/${payable}/second-factor/reset`,
        method: 'post',
        template: {},
        asAdmin: true,
      },
      ...['fpx/direct', 'fpx/indirect', 'card/callback', 'card/return'].map((route) => ({
        declared: `POST /api/gateways/${route}`,
        path: `/api/gateways/${route}`,
        method: 'post' as const,
        template: (route.startsWith('fpx')
          ? { fpx_msgType: 'AC', fpx_sellerOrderNo: '00000000000000000001', fpx_debitAuthCode: '00' }
          : { refNo: '00000000000000000001', status: '1', amount: '10.00' }) as Json,
        form: true,
      })),
    ];
  }

  it('covers every state-changing route the API declares', () => {
    const discovery = new DiscoveryService(app.get(ModulesContainer));
    const declared: string[] = [];
    for (const wrapper of discovery.getControllers()) {
      const controller = wrapper.metatype as (new (...args: never[]) => unknown) | null;
      if (!controller) continue;
      const base = String(Reflect.getMetadata(PATH_METADATA, controller) ?? '');
      for (const name of Object.getOwnPropertyNames(controller.prototype)) {
        const handler = (controller.prototype as Record<string, unknown>)[name];
        if (name === 'constructor' || typeof handler !== 'function') continue;
        if (Reflect.getMetadata(PATH_METADATA, handler) === undefined) continue;
        const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
        if (method === 'GET') continue;
        const sub = String(Reflect.getMetadata(PATH_METADATA, handler));
        declared.push(`${method} /api/${base}${sub === '/' ? '' : `/${sub.replace(/^\//, '')}`}`);
      }
    }
    expect(declared.sort()).toEqual(
      targets()
        .map((t) => t.declared)
        .sort(),
    );
  });

  it('generated hostile bodies: no 5xx anywhere, nothing written when refused', async () => {
    const statuses = new Map<number, number>();
    let requests = 0;
    for (const target of targets()) {
      await fc.assert(
        fc.asyncProperty(hostileBody(target.template), async ({ kind, text }) => {
          const before = target.form ? '' : await rowCounts();
          const client = target.asAdmin ? admin.agent : request(app.getHttpServer());
          let req = client[target.method](target.path);
          if (target.asAdmin) req = req.set(CSRF_HEADER, admin.csrf);
          const body = target.form ? formOf(text) : text;
          req = req.set('Content-Type', target.form ? 'application/x-www-form-urlencoded' : 'application/json');
          const res = await req.send(body);
          requests += 1;
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          const where = `${target.declared} (${kind}): ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`;
          expect(res.status, where).toBeLessThan(500);
          expect(({} as Record<string, unknown>).polluted, where).toBeUndefined();
          if (!target.form && res.status >= 400) expect(await rowCounts(), where).toBe(before);
        }),
        { numRuns: RUNS, endOnFailure: true },
      );
      await clearLimits(app);
    }
    const summary = [...statuses.entries()].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`);
    process.stdout.write(
      `[hostile input] ${requests} requests to ${targets().length} routes (${RUNS} bodies each): ${summary.join(', ')}\n`,
    );
    expect([...statuses.keys()].every((s) => s < 500)).toBe(true);
  }, 600_000);
});

/** The same hostile values as a gateway would post them: a flat form of the top-level fields. */
function formOf(text: string): string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return text;
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return `value=${encode(text)}`;
  return Object.entries(value as Record<string, unknown>)
    .map(([k, v]) => `${encode(k)}=${encode(typeof v === 'string' ? v : stringified(v, text))}`)
    .join('&');
}

/** JSON of a value; the whole text where it nests too deeply for JSON.stringify. */
function stringified(value: unknown, fallback: string): string {
  try {
    return JSON.stringify(value);
  } catch {
    return fallback;
  }
}

/** encodeURIComponent, except that a lone surrogate goes as the bytes a careless client would send. */
function encode(text: string): string {
  return Array.from(text, (ch) => {
    try {
      return encodeURIComponent(ch);
    } catch {
      return '%ED%A0%80';
    }
  }).join('');
}

describe('a body that does not match its Content-Encoding', () => {
  let app: INestApplication;
  beforeAll(async () => {
    app = await createTestApi();
  });
  afterAll(async () => {
    await app.close();
  });

  // Found by the chaos fuzzer: zlib's "incorrect header check" reached the client as a 500.
  it.each(['deflate', 'gzip', 'br'])('claimed %s but sent plain: 400 saying so, not a 5xx', async (encoding) => {
    const res = await request(app.getHttpServer())
      .post('/api/payments')
      .set('Content-Type', 'application/json')
      .set('Content-Encoding', encoding)
      .send('{}{{');
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body).toMatchObject({
      code: 'bad_request',
      message: 'The request body is not encoded as its Content-Encoding says',
    });
    await request(app.getHttpServer()).get('/api/councils').expect(200);
  });
});
