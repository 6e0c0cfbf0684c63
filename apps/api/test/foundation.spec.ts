import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNCIL_CODES, type ApiErrorBody, type CouncilDto } from '@councilpay/domain';
import { createUser, signIn } from './identity-helpers';
import { createTestApi } from './test-app';

describe('the API foundation, against the real PostgreSQL and Redis', () => {
  let app: INestApplication;

  beforeAll(async () => {
    app = await createTestApi();
  });
  afterAll(async () => {
    await app.close();
  });

  it('reports PostgreSQL and Redis up, with the versions the servers gave (to an _admin)', async () => {
    const operator = await signIn(app, (await createUser(app, { roles: ['_admin'], verified: true })).email);
    const res = await operator.agent.get('/api/health').expect(200);
    expect(res.body.status).toBe('ok');
    expect(res.body.checks.postgres).toMatchObject({ status: 'up', version: expect.stringMatching(/^PostgreSQL \d+/) });
    expect(res.body.checks.redis).toMatchObject({ status: 'up', version: expect.stringMatching(/^Redis \d+\.\d+/) });
    process.stdout.write(`[health] ${res.body.checks.postgres.version}, ${res.body.checks.redis.version}\n`);
  });

  it('answers liveness (/api/health/live) from the process alone: 200 with PostgreSQL and Redis unreachable', async () => {
    const cut = await createTestApi({
      REDIS_URL: 'redis://127.0.0.1:1',
      DATABASE_URL: 'postgresql://postgres@127.0.0.1:1/councilpay',
    });
    try {
      const res = await request(cut.getHttpServer()).get('/api/health/live').expect(200);
      expect(res.body).toEqual({ status: 'ok' });
      await request(cut.getHttpServer()).get('/api/health').expect(503);
    } finally {
      await cut.close();
    }
  });

  it('reports 503 when Redis cannot be reached', async () => {
    const broken = await createTestApi({ REDIS_URL: 'redis://127.0.0.1:1' });
    try {
      const res = await request(broken.getHttpServer()).get('/api/health').expect(503);
      expect(res.body.checks.redis.status).toBe('down');
      expect(res.body.checks.postgres.status).toBe('up');
    } finally {
      await broken.close();
    }
  });

  it('serves the 23 council codes and the default mdpg from the database', async () => {
    const res = await request(app.getHttpServer()).get('/api/councils').expect(200);
    const councils = res.body as CouncilDto[];
    expect(councils.map((c) => c.code).sort()).toEqual([...COUNCIL_CODES].sort());
    expect(councils).toHaveLength(24);
    expect(councils[0]).toMatchObject({
      code: 'mdpg',
      isDefault: true,
      name: { ms: 'Majlis Daerah Penampang', en: 'Penampang District Council' },
    });
  });

  it('answers an unknown council with 404 and a code', async () => {
    const res = await request(app.getHttpServer()).get('/api/councils/nope').expect(404);
    expect((res.body as ApiErrorBody).code).toBe('council_not_found');
  });

  it('serves the public configuration', async () => {
    const res = await request(app.getHttpServer()).get('/api/config').expect(200);
    expect(res.body).toMatchObject({ serviceClosed: false, appVersion: '1.0.0', defaultCouncil: 'mdpg' });
    expect(res.body.announcement.ms).toContain('diselenggara');
  });

  it('answers a POST with a wrong body with 400 and a message per field, not 500', async () => {
    const res = await request(app.getHttpServer())
      .post('/api/search')
      .send({ council: 'xx', type: 'pizza', accountNo: '', extra: 1 })
      .expect(400);
    const body = res.body as ApiErrorBody;
    expect(body.code).toBe('validation_failed');
    const fields = body.errors?.map((e) => `${e.field}:${e.code}`);
    expect(fields).toEqual(
      expect.arrayContaining(['council:in', 'type:in', 'accountNo:required', 'extra:not_allowed']),
    );
  });

  it('answers a body that is not JSON with 400 invalid_json', async () => {
    const res = await request(app.getHttpServer())
      .post('/api/search')
      .set('Content-Type', 'application/json')
      .send('{"council":')
      .expect(400);
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 'invalid_json' });
  });

  it('finds a seeded assessment by its id as typed, with the owner masked', async () => {
    const res = await request(app.getHttpServer())
      .post('/api/search')
      .send({ council: 'mdpg', type: 'assessment', accountNo: ' A-1000-0001 ' })
      .expect(200);
    expect(res.body[0]).toMatchObject({ accountNo: 'A10000001', balanceSen: 50650, ownerIdNo: '********5531' });
    expect(res.body[0].ownerName).not.toContain('RAHMAN');
  });

  it('says Not Found! for an id that does not exist', async () => {
    const res = await request(app.getHttpServer())
      .post('/api/search')
      .send({ council: 'mdpg', type: 'compound', accountNo: 'KMP-0000' })
      .expect(404);
    // Says which fields to check (the id, the council), not a bare "Not Found!".
    expect(res.body).toMatchObject({
      code: 'not_found',
      message: 'Not Found! Check the account or licence number and the council.',
    });
  });

  it('answers unknown routes with a JSON 404', async () => {
    const res = await request(app.getHttpServer()).get('/api/does-not-exist').expect(404);
    expect(res.body.code).toBe('not_found');
  });

  it('publishes OpenAPI and sends security headers', async () => {
    const res = await request(app.getHttpServer()).get('/api/docs-json').expect(200);
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/councils', '/api/config', '/api/search']),
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });
});
