import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Prisma } from '../src/generated/prisma/client';
import { PrismaService } from '../src/prisma/prisma.service';
import { fpxRequest, makePayable } from './payment-helpers';
import { createTestApi } from './test-app';

// Found by `npm run bench`: at 128 payments created at once, transactions that waited too long for a
// connection answered 500. The request rolled back whole, so the payer may simply try again: a 503 says so.
describe('a database too busy for a payment', () => {
  let app: INestApplication;
  beforeAll(async () => {
    app = await createTestApi();
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers 503 "try again", writes nothing, and the same request then succeeds', async () => {
    const prisma = app.get(PrismaService);
    const bill = await makePayable(app, { balanceSen: 1_234 });
    const body = fpxRequest([bill.id]);
    const before = await prisma.payment.count();
    const busy = vi.spyOn(prisma, '$transaction').mockRejectedValueOnce(
      new Prisma.PrismaClientKnownRequestError(
        'Transaction API error: Unable to start a transaction in the given time.',
        {
          code: 'P2028',
          clientVersion: Prisma.prismaVersion.client,
        },
      ),
    );
    const key = `busy-${Date.now()}`;
    const refused = await request(app.getHttpServer()).post('/api/payments').set('Idempotency-Key', key).send(body);
    busy.mockRestore();
    expect(refused.status).toBe(503);
    expect(refused.body.code).toBe('service_unavailable');
    expect(await prisma.payment.count()).toBe(before);

    const created = await request(app.getHttpServer()).post('/api/payments').set('Idempotency-Key', key).send(body);
    expect(created.status).toBe(201);
  });
});
