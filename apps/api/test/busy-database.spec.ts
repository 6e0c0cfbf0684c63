import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Prisma } from '../src/generated/prisma/client';
import { PrismaService } from '../src/prisma/prisma.service';
import { fpxRequest, makePayable } from './payment-helpers';
import { createTestApi } from './test-app';

// Found by `npm run bench`: at 128 payments created at once, transactions that waited too long for a
// connection answered 500; and by `npm run chaos`: requests whose connection PostgreSQL cut answered 500. The
// request rolled back whole, so the payer may simply try again: a 503 says so.
describe('a database too busy for a payment', () => {
  let app: INestApplication;
  beforeAll(async () => {
    app = await createTestApi();
  });
  afterAll(async () => {
    await app.close();
  });

  // The errors the database raises when it cannot serve a request: Prisma's own for a transaction that could
  // not start in time, and the one a connection cut mid-transaction raises (PostgreSQL's 57P01, as caught by
  // database-connection-loss.spec.ts from a real cut).
  const busy = () =>
    new Prisma.PrismaClientKnownRequestError(
      'Transaction API error: Unable to start a transaction in the given time.',
      {
        code: 'P2028',
        clientVersion: Prisma.prismaVersion.client,
      },
    );
  const cut = () =>
    new Prisma.PrismaClientKnownRequestError(
      'Raw query failed. Code: `57P01`. Message: `terminating connection due to administrator command`',
      {
        code: 'P2010',
        clientVersion: Prisma.prismaVersion.client,
        meta: {
          driverAdapterError: {
            name: 'DriverAdapterError',
            cause: { originalCode: '57P01', kind: 'postgres', code: '57P01', severity: 'FATAL' },
          },
        },
      },
    );

  it.each([
    ['too busy to start a transaction', busy],
    ['its connection cut mid-transaction', cut],
  ])('%s: answers 503 "try again", writes nothing, and the same request then succeeds', async (_what, error) => {
    const prisma = app.get(PrismaService);
    const bill = await makePayable(app, { balanceSen: 1_234 });
    const body = fpxRequest([bill.id]);
    const before = await prisma.payment.count();
    const failing = vi.spyOn(prisma, '$transaction').mockRejectedValueOnce(error());
    const key = `${error.name}-${Date.now()}`;
    const refused = await request(app.getHttpServer()).post('/api/payments').set('Idempotency-Key', key).send(body);
    failing.mockRestore();
    expect(refused.status).toBe(503);
    expect(refused.body.code).toBe('service_unavailable');
    expect(await prisma.payment.count()).toBe(before);

    const created = await request(app.getHttpServer()).post('/api/payments').set('Idempotency-Key', key).send(body);
    expect(created.status).toBe(201);
  });

  it('any other database error is still a 500 (and logged): only unavailability is "try again"', async () => {
    const prisma = app.get(PrismaService);
    const bill = await makePayable(app, { balanceSen: 1_234 });
    const failing = vi.spyOn(prisma, '$transaction').mockRejectedValueOnce(
      new Prisma.PrismaClientKnownRequestError('Raw query failed. Code: `23514`.', {
        code: 'P2010',
        clientVersion: Prisma.prismaVersion.client,
        meta: { driverAdapterError: { cause: { originalCode: '23514', kind: 'postgres', code: '23514' } } },
      }),
    );
    const answer = await request(app.getHttpServer())
      .post('/api/payments')
      .set('Idempotency-Key', `other-${Date.now()}`)
      .send(fpxRequest([bill.id]));
    failing.mockRestore();
    expect(answer.status).toBe(500);
  });
});
