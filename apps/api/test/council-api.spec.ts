import type { INestApplication } from '@nestjs/common';
import { execFile } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COUNCIL_API_MAX_BATCH,
  CSRF_HEADER,
  billTemplateHeader,
  malaysiaDay,
  type CouncilFeedPage,
  type CouncilApiKeyWithSecret,
} from '@councilpay/domain';
import { councilRequestCanonical, sealingKey, sealSecret, signCouncilRequest } from '@councilpay/webhooks';
import { BillImports } from '../src/bills/bill-imports';
import { BillLedger } from '../src/bills/bill-ledger';
import { PrismaService } from '../src/prisma/prisma.service';
import { BulkDatabase } from '../src/prisma/bulk-database';
import { CollectionFiles } from '../src/webhooks/collection-files/collection-files';
import { createUser, signIn, type Browser } from './identity-helpers';
import { createPayment, fpxRequest, makePayable, postDirectAc, signedAc } from './payment-helpers';
import { createTestApi, isolatedDatabaseUrl } from './test-app';

const KEYS = '/api/admin/council-api-keys';
const CLIENT = resolve(__dirname, '../../../docs/examples/council-client.mjs');
const run = promisify(execFile);

type Bill = Record<string, string>;

/**
 * The council API: keys made, rotated and revoked by `_admin` only; signed requests (bad, old, replayed, by an
 * unknown or revoked key: 401 with a reason, nothing written); batches read by the file's layout and written by
 * the bill ledger with the same counts as a file; Idempotency-Key replays; the docs' client script signing
 * against the real API. A database of its own: it counts bills and imports.
 */
describe('council API: signed requests state bills', () => {
  let app: INestApplication;
  let prisma: PrismaService;
  let admin: Browser;
  let mdpgAdmin: Browser;
  let key: CouncilApiKeyWithSecret;
  const dir = mkdtempSync(join(tmpdir(), 'council-api-'));
  const runId = randomUUID().slice(0, 6).toUpperCase();
  const market = (n: number, balance: string): Bill => ({
    account_no: `MB-${runId}-${n}`,
    owner_name: `PENIAGA ${n}`,
    balance_rm: balance,
    market: 'Pasar Tamu',
    stall_no: String(n),
    period: '11/2026',
  });

  const signedReq = (
    method: 'GET' | 'PUT' | 'POST',
    path: string,
    body?: unknown,
    opts: { keyId?: string; secret?: string; nowMs?: number; idempotencyKey?: string; header?: string } = {},
  ) => {
    const raw = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
    const header =
      opts.header ??
      signCouncilRequest(opts.keyId ?? key.keyId, opts.secret ?? key.secret, { method, path, body: raw }, opts.nowMs);
    let req = request(app.getHttpServer())
      [method.toLowerCase() as 'get' | 'put' | 'post'](path)
      .set('CouncilPay-Signature', header);
    if (opts.idempotencyKey) req = req.set('Idempotency-Key', opts.idempotencyKey);
    if (raw) req = req.set('Content-Type', 'application/json').send(raw);
    return { req, header };
  };
  const put = (bills: unknown[], idempotencyKey: string = randomUUID(), opts = {}) =>
    signedReq('PUT', '/api/council/v1/bills/market_bill', { bills }, { idempotencyKey, ...opts }).req;

  /** What the ledger and the logs hold: a refusal must change none of it. */
  const written = async () => ({
    payables: await prisma.payable.count(),
    imports: await prisma.billImport.count(),
    kept: await prisma.councilApiIdempotency.count(),
    logged: await prisma.councilApiRequest.count(),
  });

  beforeAll(async () => {
    app = await createTestApi({ DATABASE_URL: await isolatedDatabaseUrl() });
    prisma = app.get(PrismaService);
    admin = await signIn(app, (await createUser(app, { roles: ['_admin'], verified: true })).email);
    mdpgAdmin = await signIn(
      app,
      (await createUser(app, { roles: ['council_admin'], councils: ['mdpg'], verified: true })).email,
    );
    const res = await admin.agent
      .post(KEYS)
      .set(CSRF_HEADER, admin.csrf)
      .send({ council: 'mdpg', description: 'Sistem hasil' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    key = res.body as CouncilApiKeyWithSecret;
  });
  afterAll(async () => {
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('makes keys for _admin only: the secret shown once, sealed at rest, in no audit entry; council admins read', async () => {
    expect(key).toMatchObject({ council: 'mdpg', state: 'active', secretHint: key.secret.slice(-4) });
    expect(key.keyId).toMatch(/^cpk_/);
    expect(key.secret).toMatch(/^cpsk_[A-Za-z0-9_-]{43}$/);
    const row = await prisma.councilApiKey.findUniqueOrThrow({ where: { id: key.id } });
    expect(row.secretSealed).not.toContain(key.secret.slice(5));
    const audit = await prisma.staffAudit.findMany({ where: { targetId: key.id } });
    expect(audit.map((a) => a.action)).toEqual(['council_api_key_create']);
    expect(JSON.stringify(audit.map((a) => [a.before, a.after]))).not.toContain(key.secret);

    const listed = await mdpgAdmin.agent.get(`${KEYS}?council=mdpg`).expect(200);
    expect(listed.body).toEqual([expect.objectContaining({ id: key.id, keyId: key.keyId })]);
    expect(JSON.stringify(listed.body)).not.toContain(key.secret);
    for (const [path, body] of [
      [KEYS, { council: 'mdpg' }],
      [`${KEYS}/${key.id}/rotate`, {}],
      [`${KEYS}/${key.id}/revoke`, {}],
    ] as const) {
      const res = await mdpgAdmin.agent.post(path).set(CSRF_HEADER, mdpgAdmin.csrf).send(body);
      expect([path, res.status]).toEqual([path, 403]);
    }
    const again = await admin.agent.post(KEYS).set(CSRF_HEADER, admin.csrf).send({ council: 'mdpg' });
    expect([again.status, again.body.code]).toEqual([409, 'council_api_key_exists']);
  });

  it('upserts with the counts a file import of the same rows gives, and records the request', async () => {
    const first = await put([market(1, '10.00'), market(2, '20.00'), market(3, '30.00')]);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.counts).toEqual({ new: 3, changed: 0, unchanged: 0, withdrawn: 0, refused: 0, invalid: 0 });

    const batch = [market(1, '10.00'), market(2, '25.50'), market(4, '-1.00')];
    const header = billTemplateHeader('market_bill');
    const csv = [
      header.join(','),
      ...batch.map((b) => header.map((c) => (c === 'council' ? 'mdpg' : (b[c] ?? ''))).join(',')),
    ].join('\n');
    const path = join(dir, 'bills.csv');
    writeFileSync(path, csv);
    const staff = await prisma.user.findFirstOrThrow({ where: { roles: { has: '_admin' } } });
    const file = await new BillImports(prisma, new BillLedger(), app.get(BulkDatabase)).preview(staff, {
      councilCode: 'mdpg',
      type: 'market_bill',
      complete: false,
      fileName: 'bills.csv',
      kind: 'csv',
      path,
      sha256: createHash('sha256').update(csv).digest('hex'),
    });
    const api = await put(batch);
    expect(api.status, JSON.stringify(api.body)).toBe(200);
    expect(api.body.counts).toEqual(file.counts);
    expect(api.body.counts).toMatchObject({ new: 1, changed: 1, unchanged: 1 });
    const bill = await prisma.payable.findFirstOrThrow({ where: { displayNo: `MB-${runId}-2` } });
    expect(bill).toMatchObject({ balanceSen: 2_550, lastImportId: api.body.importId, councilCode: 'mdpg' });
    expect(await prisma.billImport.findUnique({ where: { id: api.body.importId } })).toMatchObject({
      source: 'api',
      status: 'confirmed',
    });

    await expect
      .poll(() => prisma.councilApiRequest.findFirst({ where: { importId: api.body.importId } }))
      .toMatchObject({ apiKeyId: key.id, method: 'PUT', status: 200, councilCode: 'mdpg' });
    expect((await prisma.councilApiKey.findUniqueOrThrow({ where: { id: key.id } })).lastUsedAt).not.toBeNull();
    const log = await mdpgAdmin.agent.get(`/api/admin/council-api-requests?apiKeyId=${key.id}`).expect(200);
    expect(log.body[0]).toMatchObject({ keyId: key.keyId, path: '/api/council/v1/bills/market_bill' });
  });

  it('answers a replayed Idempotency-Key with the first answer, writing nothing; another body with it is 409', async () => {
    const idem = `batch-${runId}-replay`;
    const bills = [market(10, '5.00')];
    const first = await put(bills, idem).expect(200);
    const before = await written();
    const again = await put(bills, idem).expect(200);
    expect(again.body).toEqual(first.body);
    const other = await put([market(10, '6.00')], idem);
    expect([other.status, other.body.code]).toEqual([409, 'idempotency_key_reused']);
    const missing = await signedReq('PUT', '/api/council/v1/bills/market_bill', { bills }).req;
    expect([missing.status, missing.body.code]).toEqual([400, 'idempotency_key_required']);
    const after = await written();
    expect({ ...after, logged: 0 }).toEqual({ ...before, logged: 0 });
    expect((await prisma.payable.findFirstOrThrow({ where: { displayNo: `MB-${runId}-10` } })).balanceSen).toBe(500);
  });

  it('keeps the price of a payment at the bank, refuses withdrawing it, and a withdrawal hides a bill from search', async () => {
    await put([market(20, '80.00'), market(21, '15.00')]).expect(200);
    const bill = await prisma.payable.findFirstOrThrow({ where: { displayNo: `MB-${runId}-20` } });
    const payment = await createPayment(app, fpxRequest([bill.id]));
    expect(payment.amountSen).toBe(8_000);
    const changed = await put([market(20, '95.00')]).expect(200);
    expect(changed.body.counts).toMatchObject({ changed: 1 });
    const item = await prisma.paymentItem.findFirstOrThrow({ where: { payableId: bill.id } });
    expect(item.amountSen).toBe(8_000);
    const atBank = await signedReq('POST', `/api/council/v1/bills/market_bill/MB-${runId}-20/withdraw`).req;
    expect([atBank.status, atBank.body.code]).toEqual([409, 'payment_at_bank']);
    expect((await prisma.payable.findUniqueOrThrow({ where: { id: bill.id } })).status).toBe('active');

    const search = () =>
      request(app.getHttpServer())
        .post('/api/search')
        .send({ council: 'mdpg', type: 'market_bill', accountNo: `MB-${runId}-21` });
    expect((await search()).status).toBe(200);
    const withdrawn = await signedReq('POST', `/api/council/v1/bills/market_bill/MB-${runId}-21/withdraw`).req;
    expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBe(200);
    expect(withdrawn.body.outcome).toEqual({ outcome: 'withdrawn', balanceBeforeSen: 1_500 });
    expect((await search()).status).toBe(404);
    const read = await signedReq('GET', `/api/council/v1/bills/market_bill/MB-${runId}-21`).req.expect(200);
    expect(read.body).toMatchObject({ status: 'withdrawn', balanceSen: 1_500, displayNo: `MB-${runId}-21` });
    const twice = await signedReq('POST', `/api/council/v1/bills/market_bill/MB-${runId}-21/withdraw`).req;
    expect(twice.body.outcome).toEqual({ outcome: 'unchanged' });
  });

  it('refuses a bad, old or replayed signature and an unknown key with 401 and a reason, writing nothing', async () => {
    const bills = [market(30, '1.00')];
    const path = '/api/council/v1/bills/market_bill';
    const body = JSON.stringify({ bills });
    const before = await written();
    const expectRefused = async (res: request.Response, code: string) => {
      expect([res.status, res.body.code], JSON.stringify(res.body)).toEqual([401, code]);
    };
    await expectRefused(await put(bills, randomUUID(), { secret: `${key.secret}x` }), 'signature_mismatch');
    await expectRefused(await put(bills, randomUUID(), { nowMs: Date.now() - 6 * 60_000 }), 'signature_stale');
    await expectRefused(await put(bills, randomUUID(), { keyId: 'cpk_NoSuchKeyNoSuchKey' }), 'key_unknown');
    await expectRefused(await put(bills, randomUUID(), { header: 'k=cpk_x' }), 'signature_malformed');
    await expectRefused(
      await request(app.getHttpServer()).put(path).set('Content-Type', 'application/json').send(body),
      'signature_missing',
    );
    // Signed over another body than the one sent.
    const { header } = signedReq('PUT', path, { bills: [market(31, '1.00')] });
    await expectRefused(await put(bills, randomUUID(), { header }), 'signature_mismatch');
    // A refused request is never logged (no caller); the log rows of the previous test's requests are written after
    // their answers (on 'finish'), so the log is left out of the count here as below.
    expect({ ...(await written()), logged: 0 }).toEqual({ ...before, logged: 0 });
    expect(await prisma.councilApiRequest.count({ where: { status: 401 } })).toBe(0);

    // The same signed request twice: the second is refused.
    const once = signedReq('GET', `/api/council/v1/bills/market_bill/MB-${runId}-1`);
    await once.req.expect(200);
    const replayed = await request(app.getHttpServer())
      .get(`/api/council/v1/bills/market_bill/MB-${runId}-1`)
      .set('CouncilPay-Signature', once.header);
    await expectRefused(replayed, 'signature_replayed');
    const idem = randomUUID();
    const first = signedReq('PUT', path, { bills }, { idempotencyKey: idem });
    await first.req.expect(200);
    const count = await written();
    await expectRefused(await put(bills, idem, { header: first.header }), 'signature_replayed');
    expect({ ...(await written()), logged: 0 }).toEqual({ ...count, logged: 0 });
  });

  it("refuses another council's bill, 5,001 bills, bad cells and malformed JSON, writing nothing", async () => {
    const before = await written();
    const other = await put([market(40, '1.00'), { ...market(41, '1.00'), council: 'mps' }]);
    expect([other.status, other.body.code]).toEqual([422, 'bills_invalid']);
    expect(other.body.details.errors).toEqual([{ line: 1, column: 'council', value: 'mps', code: 'other_council' }]);
    const bad = await put([{ ...market(42, '12.345'), colour: 'red' }]);
    expect(bad.body.details.errors).toEqual([{ line: 0, column: 'colour', value: '', code: 'unknown_field' }]);
    const tooMany = await put(Array.from({ length: COUNCIL_API_MAX_BATCH + 1 }, (_, i) => market(1000 + i, '1.00')));
    expect([tooMany.status, tooMany.body.code]).toEqual([413, 'batch_too_large']);
    const malformed = await put([], randomUUID(), {}).set('Content-Type', 'application/json').send('{"bills": [');
    expect(malformed.status).toBe(400);
    const proto = await put([], randomUUID(), {})
      .set('Content-Type', 'application/json')
      .send(`{"bills":[{"__proto__":{"admin":true},"account_no":"MB-${runId}-43"}]}`);
    expect([proto.status, proto.body.code]).toEqual([400, 'invalid_json']);
    const csv = await put([], randomUUID(), {}).set('Content-Type', 'text/csv').send('account_no\nX');
    expect(csv.status).toBe(415);
    const empty = await put([]);
    expect([empty.status, empty.body.code]).toEqual([400, 'validation_failed']);
    expect(
      await prisma.payable.count({ where: { displayNo: { in: [40, 41, 42].map((n) => `MB-${runId}-${n}`) } } }),
    ).toBe(0);
    expect({ ...(await written()), logged: 0 }).toEqual({ ...before, logged: 0 });

    // Another council's bill cannot be read or withdrawn through this council's key.
    const mps = await prisma.payable.findFirstOrThrow({ where: { councilCode: { not: 'mdpg' }, status: 'active' } });
    const read = await signedReq('GET', `/api/council/v1/bills/${mps.type}/${encodeURIComponent(mps.displayNo)}`).req;
    expect([read.status, read.body.code]).toEqual([404, 'bill_not_found']);
    const gone = await signedReq(
      'POST',
      `/api/council/v1/bills/${mps.type}/${encodeURIComponent(mps.displayNo)}/withdraw`,
    ).req;
    expect(gone.status).toBe(404);
    expect((await prisma.payable.findUniqueOrThrow({ where: { id: mps.id } })).status).toBe('active');
  });

  it('rotates with both keys working until the old one is revoked or past its deadline', async () => {
    const rotated = await admin.agent
      .post(`${KEYS}/${key.id}/rotate`)
      .set(CSRF_HEADER, admin.csrf)
      .send({ graceHours: 2 });
    expect(rotated.status, JSON.stringify(rotated.body)).toBe(200);
    const next = rotated.body as CouncilApiKeyWithSecret;
    expect(next).toMatchObject({ council: 'mdpg', replacesId: key.id, state: 'active' });
    const me = (k: { keyId: string; secret: string }) =>
      signedReq('GET', '/api/council/v1/me', undefined, { keyId: k.keyId, secret: k.secret }).req;
    expect((await me(key)).status).toBe(200);
    expect((await me(next)).body).toEqual({ council: 'mdpg', keyId: next.keyId });
    // A secret sealed under another WEBHOOK_SECRETS_KEY: refused as ours to fix (503), never a 500.
    const sealed = (await prisma.councilApiKey.findUniqueOrThrow({ where: { id: next.id } })).secretSealed;
    const foreign = sealSecret(sealingKey('another deployment key'), next.id, next.secret);
    await prisma.councilApiKey.update({ where: { id: next.id }, data: { secretSealed: foreign } });
    const unopened = await me(next);
    expect([unopened.status, unopened.body.code]).toEqual([503, 'council_key_unavailable']);
    await prisma.councilApiKey.update({ where: { id: next.id }, data: { secretSealed: sealed } });
    const old = await mdpgAdmin.agent.get(`${KEYS}/${key.id}`).expect(200);
    expect(old.body.state).toBe('rotating');
    const third = await admin.agent.post(`${KEYS}/${next.id}/rotate`).set(CSRF_HEADER, admin.csrf).send({});
    expect([third.status, third.body.code]).toEqual([409, 'council_api_key_rotating']);

    await prisma.councilApiKey.update({ where: { id: key.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await me(key)).body.code).toBe('key_expired');
    await admin.agent.post(`${KEYS}/${key.id}/revoke`).set(CSRF_HEADER, admin.csrf).expect(200);
    expect((await me(key)).body.code).toBe('key_revoked');
    const before = await written();
    const revoked = await put([market(50, '1.00')], randomUUID(), { keyId: key.keyId, secret: key.secret });
    expect([revoked.status, revoked.body.code]).toEqual([401, 'key_revoked']);
    expect(await written()).toEqual(before);
    const actions = await prisma.staffAudit.findMany({
      where: { targetId: { in: [key.id, next.id] } },
      orderBy: { id: 'asc' },
    });
    expect(actions.map((a) => a.action)).toEqual([
      'council_api_key_create',
      'council_api_key_rotate',
      'council_api_key_create',
      'council_api_key_revoke',
    ]);
    key = next;
  });

  it("reads its own council's credits after a cursor and its kept collection files, never another council's", async () => {
    const pay = async (council: string) => {
      const bill = await makePayable(app, { council, balanceSen: 2_500 });
      const created = await createPayment(app, fpxRequest([bill.id]));
      await postDirectAc(app, signedAc(created.redirect, '00')).expect(200);
      return created.reference;
    };
    const mine = await pay('mdpg');
    const theirs = await pay('mps');

    // The feed hands out an event once its transaction has ended for every reader: page until ours is there.
    const seen: CouncilFeedPage['events'] = [];
    let after: string | undefined;
    const deadline = Date.now() + 30_000;
    while (!seen.some((e) => e.type === 'bill.credited' && e.data.paymentReference === mine)) {
      expect(Date.now(), 'the credit reached the feed').toBeLessThan(deadline);
      const path = `/api/council/v1/feed${after ? `?after=${after}` : ''}`;
      const res = await signedReq('GET', path).req;
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const page = res.body as CouncilFeedPage;
      seen.push(...page.events);
      if (!page.hasMore && page.nextCursor === after) await new Promise((r) => setTimeout(r, 200));
      after = page.nextCursor;
    }
    expect(new Set(seen.map((e) => e.council))).toEqual(new Set(['mdpg']));
    expect(seen.some((e) => 'paymentReference' in e.data && e.data.paymentReference === theirs)).toBe(false);
    expect(new Set(seen.map((e) => e.id)).size, 'no event twice').toBe(seen.length);

    // The day's files, as kept, with their hash; the key's council only (the route names no other).
    const files = app.get(CollectionFiles);
    const today = malaysiaDay();
    await files.keep('mdpg', today);
    await files.keep('mps', today);
    for (const format of ['csv', 'jsonl'] as const) {
      const kept = await prisma.collectionFile.findUniqueOrThrow({
        where: { councilCode_day_format: { councilCode: 'mdpg', day: today, format } },
      });
      const res = await signedReq('GET', `/api/council/v1/collection-files/${today}/${format}`)
        .req.buffer(true)
        .parse((r, done) => {
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => chunks.push(c));
          r.on('end', () => done(null, Buffer.concat(chunks)));
        });
      expect(res.status).toBe(200);
      const body = res.body as Buffer;
      expect(createHash('sha256').update(body).digest('hex')).toBe(kept.sha256);
      expect(res.headers['x-content-sha256']).toBe(kept.sha256);
      expect(body.toString('utf8')).toContain(mine);
      expect(body.toString('utf8')).not.toContain(theirs);
    }
    // A day not made yet, a bad day or format, and no signature.
    expect((await signedReq('GET', '/api/council/v1/collection-files/2020-01-01/csv').req).body).toMatchObject({
      code: 'collection_file_not_made',
    });
    expect((await signedReq('GET', '/api/council/v1/collection-files/2026-02-30/csv').req).status).toBe(400);
    expect((await signedReq('GET', `/api/council/v1/collection-files/${today}/xml`).req).status).toBe(400);
    await request(app.getHttpServer()).get('/api/council/v1/feed').expect(401);
    await request(app.getHttpServer()).get(`/api/council/v1/collection-files/${today}/csv`).expect(401);
  });

  it('documents the council routes in the OpenAPI document, with the signature header and examples', async () => {
    const doc = (await request(app.getHttpServer()).get('/api/docs-json').expect(200)).body as {
      paths: Record<string, Record<string, { parameters?: { name: string; in: string }[]; requestBody?: unknown }>>;
      components: { schemas: Record<string, unknown> };
    };
    const put = doc.paths['/api/council/v1/bills/{type}']?.put;
    expect(put?.parameters?.map((p) => p.name)).toEqual(
      expect.arrayContaining(['CouncilPay-Signature', 'Idempotency-Key', 'type']),
    );
    expect(JSON.stringify(put?.requestBody)).toContain('CouncilBillBatchDto');
    expect(JSON.stringify(doc.components.schemas.CouncilBillBatchDto)).toContain('KMP-2026-000123');
    expect(doc.paths['/api/council/v1/bills/{type}/{accountNo}/withdraw']?.post).toBeDefined();
    expect(doc.paths['/api/council/v1/bills/{type}/{accountNo}']?.get).toBeDefined();
    expect(doc.paths['/api/admin/council-api-keys/{id}/rotate']?.post).toBeDefined();
  });

  it("the docs' client script signs as the server verifies, against the running API", async () => {
    const nowS = 1_795_744_800;
    const script = (await import(CLIENT)) as {
      canonicalString: (m: string, p: string, t: number, n: string, b: string) => string;
      signature: (k: string, s: string, m: string, p: string, b: string, now: number, n: string) => string;
    };
    const parts = {
      method: 'put',
      path: '/api/council/v1/bills/x?y=1',
      timestamp: nowS,
      nonce: 'n'.repeat(22),
      body: '{}',
    };
    expect(script.canonicalString(parts.method, parts.path, nowS, parts.nonce, parts.body)).toBe(
      councilRequestCanonical(parts),
    );
    expect(script.signature(key.keyId, key.secret, 'PUT', parts.path, '{}', nowS * 1000, parts.nonce)).toBe(
      signCouncilRequest(
        key.keyId,
        key.secret,
        { method: 'PUT', path: parts.path, body: '{}' },
        nowS * 1000,
        parts.nonce,
      ),
    );

    await app.listen(0, '127.0.0.1');
    const env = {
      ...process.env,
      COUNCILPAY_URL: `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`,
      COUNCILPAY_KEY_ID: key.keyId,
      COUNCILPAY_SECRET: key.secret,
    };
    const bills = join(dir, 'bills.json');
    writeFileSync(bills, JSON.stringify([market(60, '42.00')]));
    const client = async (...args: string[]) =>
      JSON.parse((await run(process.execPath, [CLIENT, ...args], { env })).stdout) as {
        status: number;
        body: Record<string, unknown>;
      };
    expect(await client('me')).toEqual({ status: 200, body: { council: 'mdpg', keyId: key.keyId } });
    const stated = await client('put', 'market_bill', bills, `client-${runId}`);
    expect(stated).toMatchObject({ status: 200, body: { counts: { new: 1 } } });
    expect(await client('put', 'market_bill', bills, `client-${runId}`)).toEqual(stated);
    expect(await client('get', 'market_bill', `MB-${runId}-60`)).toMatchObject({
      status: 200,
      body: { balanceSen: 4_200, status: 'active' },
    });
    expect(await client('withdraw', 'market_bill', `MB-${runId}-60`)).toMatchObject({
      status: 200,
      body: { outcome: { outcome: 'withdrawn' } },
    });
  });
});
