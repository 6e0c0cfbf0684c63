import type { INestApplication } from '@nestjs/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CSRF_HEADER,
  WEBHOOK_MAX_ENDPOINTS_PER_COUNCIL,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
} from '@councilpay/domain';
import { PrismaService } from '../src/prisma/prisma.service';
import { SecretSealer } from '../src/secrets/secret-sealer';
import { WebhookEndpoints } from '../src/webhooks/endpoints/webhook-endpoints';
import { clearLimits, createLoggedApi, createUser, LogCapture, signIn, type Browser } from './identity-helpers';
import { isolatedDatabaseUrl, testConfig } from './test-app';

const BASE = '/api/admin/webhook-endpoints';

/**
 * The councils' webhook endpoints: made with a secret shown once and sealed at rest, seen and changed only
 * within the caller's councils, refused when the input or the URL is wrong (nothing written), every change in
 * the staff audit, the secret in no log, no audit entry and no later answer. A database of its own: it counts
 * endpoints per council.
 */
describe('webhook endpoints: configured per council, secret shown once, scoped, audited', () => {
  let app: INestApplication;
  let prisma: PrismaService;
  let admin: Browser;
  let mdpgAdmin: Browser;
  const logs = new LogCapture();

  beforeAll(async () => {
    app = await createLoggedApi(logs, { DATABASE_URL: await isolatedDatabaseUrl() });
    prisma = app.get(PrismaService);
    await clearLimits(app);
    admin = await signIn(app, (await createUser(app, { roles: ['_admin'], verified: true })).email);
    mdpgAdmin = await signIn(
      app,
      (await createUser(app, { roles: ['council_admin'], councils: ['mdpg'], verified: true })).email,
    );
  });
  afterAll(async () => {
    await app?.close();
  });

  const create = (browser: Browser, body: Record<string, unknown>) =>
    browser.agent.post(BASE).set(CSRF_HEADER, browser.csrf).send(body);
  const update = (browser: Browser, id: string, body: Record<string, unknown>) =>
    browser.agent.put(`${BASE}/${id}`).set(CSRF_HEADER, browser.csrf).send(body);
  const rotate = (browser: Browser, id: string) =>
    browser.agent.post(`${BASE}/${id}/rotate-secret`).set(CSRF_HEADER, browser.csrf);
  const good = (council: string) => ({
    council,
    url: 'http://127.0.0.1:5700/hooks/council',
    events: ['bill.credited', 'refund.made'],
    description: 'Sistem hasil',
  });

  it('shows the secret once, keeps it sealed (never as given), and never reads it back', async () => {
    const res = await create(mdpgAdmin, good('mdpg')).expect(201);
    const made = res.body as WebhookEndpointWithSecret;
    expect(made.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(made).toMatchObject({ council: 'mdpg', enabled: true, secretHint: made.secret.slice(-4) });

    const row = await prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: made.id } });
    expect(row.secretSealed).not.toContain(made.secret.slice(6));
    expect(app.get(SecretSealer).open(made.id, row.secretSealed)).toBe(made.secret);
    // Bound to its endpoint: the sealed text copied onto another id does not open.
    expect(() => app.get(SecretSealer).open(made.council + made.id.slice(4), row.secretSealed)).toThrow();

    const one = await mdpgAdmin.agent.get(`${BASE}/${made.id}`).expect(200);
    const list = await mdpgAdmin.agent.get(BASE).expect(200);
    for (const text of [JSON.stringify(one.body), JSON.stringify(list.body), logs.all]) {
      expect(text).not.toContain(made.secret);
      expect(text).not.toContain(row.secretSealed);
    }
    const audit = await prisma.staffAudit.findMany({ where: { targetId: made.id } });
    expect(audit.map((a) => a.action)).toEqual(['webhook_endpoint_create']);
    expect(JSON.stringify(audit.map((a) => [a.before, a.after]))).not.toContain(made.secret);
  });

  it("a council admin sees and changes only their councils' endpoints; _admin every council's", async () => {
    const mps = (await create(admin, good('mps')).expect(201)).body as WebhookEndpoint;
    await create(mdpgAdmin, good('mps')).expect(403);
    await mdpgAdmin.agent.get(`${BASE}/${mps.id}`).expect(404);
    await update(mdpgAdmin, mps.id, { enabled: false }).expect(404);
    await rotate(mdpgAdmin, mps.id).expect(404);

    const mine = (await mdpgAdmin.agent.get(BASE).expect(200)).body as WebhookEndpoint[];
    expect(mine.length).toBeGreaterThan(0);
    expect(new Set(mine.map((e) => e.council))).toEqual(new Set(['mdpg']));
    await mdpgAdmin.agent.get(`${BASE}?council=mps`).expect(200, []);
    const all = (await admin.agent.get(BASE).expect(200)).body as WebhookEndpoint[];
    expect(all.map((e) => e.id)).toContain(mps.id);
    expect((await prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: mps.id } })).enabled).toBe(true);
  });

  it.each([
    [{ events: [] }, 400, /events must list one or more/],
    [{ events: ['bill.credited', 'bill.credited'] }, 400, /events must list/],
    [{ events: ['payment.created'] }, 400, /events must list/],
    [{ url: 'http://user:pw@127.0.0.1:5700/x' }, 400, /user name or password/],
    [{ url: 'ftp://revenue.example.my/x' }, 400, /http\(s\) address/],
    [{ url: 42 }, 400, /url must be an address/],
    [{ council: 'MDPG; drop' }, 400, /council is not a council code/],
    [{ council: 'nowhere' }, 404, /Not Found/],
  ])('refuses %j with %i and a message, writing nothing', async (change, status, message) => {
    const before = await prisma.webhookEndpoint.count();
    const res = await create(admin, { ...good('mdpg'), ...change }).expect(status);
    expect(JSON.stringify(res.body)).toMatch(message);
    expect(await prisma.webhookEndpoint.count()).toBe(before);
  });

  it('turns off with the reason staff, back on with no reason, rotates to a new secret; each change audited', async () => {
    const made = (await create(admin, good('mdpg')).expect(201)).body as WebhookEndpointWithSecret;
    const off = (await update(mdpgAdmin, made.id, { enabled: false }).expect(200)).body as WebhookEndpoint;
    expect(off).toMatchObject({ enabled: false, disabledReason: 'staff' });
    expect(off.disabledAt).not.toBeNull();
    const on = (await update(mdpgAdmin, made.id, { enabled: true, events: ['day.signed_off'] }).expect(200))
      .body as WebhookEndpoint;
    expect(on).toMatchObject({ enabled: true, disabledReason: null, disabledAt: null, events: ['day.signed_off'] });
    await update(mdpgAdmin, made.id, { url: 'http://u:p@example.my/x' }).expect(400);

    const rotated = (await rotate(mdpgAdmin, made.id).expect(200)).body as WebhookEndpointWithSecret;
    expect(rotated.secret).not.toBe(made.secret);
    expect(rotated.secretHint).toBe(rotated.secret.slice(-4));
    const row = await prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: made.id } });
    expect(app.get(SecretSealer).open(made.id, row.secretSealed)).toBe(rotated.secret);

    const audit = await prisma.staffAudit.findMany({ where: { targetId: made.id }, orderBy: { id: 'asc' } });
    expect(audit.map((a) => a.action)).toEqual([
      'webhook_endpoint_create',
      'webhook_endpoint_update',
      'webhook_endpoint_update',
      'webhook_endpoint_rotate_secret',
    ]);
    expect(audit[1].after).toMatchObject({ enabled: false, disabledReason: 'staff' });
    const text = JSON.stringify(audit.map((a) => [a.before, a.after])) + logs.all;
    expect(text).not.toContain(made.secret);
    expect(text).not.toContain(rotated.secret);
  });

  it(`holds a council to ${WEBHOOK_MAX_ENDPOINTS_PER_COUNCIL} endpoints, even asked all at once`, async () => {
    const council = 'mdkb';
    const answers = await Promise.all(
      Array.from({ length: WEBHOOK_MAX_ENDPOINTS_PER_COUNCIL + 3 }, () => create(admin, good(council))),
    );
    expect(answers.filter((r) => r.status === 201)).toHaveLength(WEBHOOK_MAX_ENDPOINTS_PER_COUNCIL);
    expect(answers.filter((r) => r.status === 409).map((r) => r.body.code)).toEqual(
      Array(3).fill('webhook_endpoints_full'),
    );
    expect(await prisma.webhookEndpoint.count({ where: { councilCode: council } })).toBe(
      WEBHOOK_MAX_ENDPOINTS_PER_COUNCIL,
    );
  });

  it('the database refuses an endpoint off without a reason, on with one, unknown events, or a plain secret', async () => {
    const made = (await create(admin, good('mdpg')).expect(201)).body as WebhookEndpoint;
    const where = { id: made.id };
    await expect(prisma.webhookEndpoint.update({ where, data: { enabled: false } })).rejects.toThrow(
      /disabled exactly when/,
    );
    await expect(
      prisma.webhookEndpoint.update({ where, data: { disabledReason: 'staff', disabledAt: new Date() } }),
    ).rejects.toThrow(/disabled exactly when/);
    await expect(prisma.webhookEndpoint.update({ where, data: { events: ['bill.paid'] } })).rejects.toThrow(
      /known event types/,
    );
    await expect(prisma.webhookEndpoint.update({ where, data: { events: [] } })).rejects.toThrow(/at least one/);
    await expect(prisma.webhookEndpoint.update({ where, data: { secretSealed: 'whsec_plain' } })).rejects.toThrow(
      /sealed/,
    );
  });

  it('production takes only public https addresses; development reaches local receivers', () => {
    const rule = (production: boolean) =>
      new WebhookEndpoints(prisma, {
        ...testConfig(),
        webhooks: { ...testConfig().webhooks, publicUrlsOnly: production },
      });
    expect(() => rule(false).checkUrl('http://127.0.0.1:5700/hooks')).not.toThrow();
    for (const [url, code] of [
      ['http://revenue.example.my/hooks', 'webhook_url_not_https'],
      ['https://127.0.0.1/hooks', 'webhook_url_private_address'],
      ['https://169.254.169.254/latest', 'webhook_url_private_address'],
      ['https://localhost/hooks', 'webhook_url_private_address'],
    ]) {
      expect(() => rule(true).checkUrl(url)).toThrow(
        expect.objectContaining({ response: expect.objectContaining({ code }) }),
      );
    }
    expect(() => rule(true).checkUrl('https://revenue.example.my/hooks')).not.toThrow();
  });
});
