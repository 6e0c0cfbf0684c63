import { PAYMENT_TOKEN_HEADER } from '@councilpay/domain';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PrismaService } from '../src/prisma/prisma.service';
import { fpxRequest, makePayable } from './payment-helpers';
import { startListeningApi } from './test-app';

/** The ways money could be lost, over-credited or charged twice, each closed. */
describe('every sen accounted for', () => {
  let app: INestApplication;
  let prisma: PrismaService;

  beforeAll(async () => {
    app = await startListeningApi();
    prisma = app.get(PrismaService);
  });
  afterAll(async () => {
    await app.close();
  });

  const http = () => request(app.getHttpServer());
  const cancel = (created: { reference: string; paymentToken?: string }) =>
    http().post(`/api/payments/${created.reference}/cancel`).set(PAYMENT_TOKEN_HEADER, created.paymentToken!);

  it('six concurrent creations for one bill make one payment; the other five are told one is pending (409)', async () => {
    const bill = await makePayable(app, { balanceSen: 4_200 });
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        http()
          .post('/api/payments')
          .send(fpxRequest([bill.id])),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
    for (const refused of answers.filter((a) => a.status === 409)) {
      expect(refused.body.code).toBe('payment_pending');
    }
    expect(await prisma.payment.count({ where: { items: { some: { payableId: bill.id } } } })).toBe(1);

    // Confirming a retry still works, once, past the payment the payer was told of.
    const first = answers.find((a) => a.status === 201)!.body as { reference: string };
    const retried = await http()
      .post('/api/payments')
      .send(fpxRequest([bill.id], { confirmRetry: true }))
      .expect(201);
    expect(retried.body.reference).not.toBe(first.reference);
  });

  it('an idempotent replay of a cancelled payment answers its state and no gateway form', async () => {
    const bill = await makePayable(app, { balanceSen: 3_100 });
    const key = `money-replay-${Date.now()}`;
    const send = () =>
      http()
        .post('/api/payments')
        .set('Idempotency-Key', key)
        .send(fpxRequest([bill.id]));
    const created = (await send().expect(201)).body as { reference: string; paymentToken: string; redirect: unknown };
    expect(created.redirect).not.toBeNull();
    await cancel(created).expect(200);

    const replay = await send().expect(201);
    expect(replay.body).toMatchObject({ reference: created.reference, status: 'cancelled', redirect: null });
    expect(replay.body.paymentToken).toBeUndefined();
  });
});
