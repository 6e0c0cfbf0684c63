import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn } from './identity-helpers';
import { createTestApi } from './test-app';

describe('Bull Board, for operators only', () => {
  let app: INestApplication;

  beforeAll(async () => {
    app = await createTestApi();
  });
  afterAll(async () => {
    await app.close();
  });

  it('lets a system administrator see every queue and refuses everyone else', async () => {
    await request(app.getHttpServer()).get('/api/admin/queues/api/queues').expect(401);

    const payer = await createUser(app);
    const asPayer = await signIn(app, payer.email);
    await asPayer.agent.get('/api/admin/queues/api/queues').expect(403);

    const councilAdmin = await createUser(app, { roles: ['council_admin'], councils: ['mdpg'] });
    await (await signIn(app, councilAdmin.email)).agent.get('/api/admin/queues/api/queues').expect(403);

    const admin = await createUser(app, { roles: ['_admin'] });
    const asAdmin = await signIn(app, admin.email);
    const res = await asAdmin.agent.get('/api/admin/queues/api/queues').expect(200);
    const names = (res.body.queues as { name: string }[]).map((q) => q.name).sort();
    expect(names).toEqual(['maintenance', 'notify', 'outbox', 'requery', 'webhooks']);
    await asAdmin.agent.get('/api/admin/queues/').expect(200);
  });
});
