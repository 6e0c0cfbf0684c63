import type { INestApplication } from '@nestjs/common';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { GatewayAnswerBook } from '../src/payments/gateway-answers/gateway-answer-book';
import { PrismaService } from '../src/prisma/prisma.service';
import { createPayment, fpxRequest, makePayable, postDirectAc, signedAc } from './payment-helpers';
import { createTestApi } from './test-app';

// Found by `npm run chaos`: a worker killed between applying an approval and recording it left a payment paid
// with no approval on record, which reconciliation then reported as "payment without approval".
describe('an applied gateway answer and its record commit together', () => {
  let app: INestApplication;
  beforeAll(async () => {
    app = await createTestApi();
  });
  afterAll(async () => {
    await app.close();
  });

  it('when the record cannot be written the approval is not applied; the gateway retry applies it, on record', async () => {
    const prisma = app.get(PrismaService);
    const bill = await makePayable(app, { balanceSen: 4_321 });
    const created = await createPayment(app, fpxRequest([bill.id]));
    const ac = signedAc(created.redirect, '00');
    const book = app.get(GatewayAnswerBook);
    const broken = vi.spyOn(book, 'recordIn').mockRejectedValueOnce(new Error('the process died here'));

    const first = await postDirectAc(app, ac);
    expect(first.status).toBeGreaterThanOrEqual(500); // not "OK": the gateway sends it again
    broken.mockRestore();
    const after = await prisma.payment.findUniqueOrThrow({ where: { reference: created.reference } });
    expect(after.status).toBe('in_progress');
    expect((await prisma.payable.findUniqueOrThrow({ where: { id: bill.id } })).balanceSen).toBe(4_321);
    expect(await prisma.paymentEvent.count({ where: { paymentId: after.id, type: 'status_changed' } })).toBe(0);

    await postDirectAc(app, ac).expect(200);
    const paid = await prisma.payment.findUniqueOrThrow({ where: { reference: created.reference } });
    expect(paid.status).toBe('paid');
    expect((await prisma.payable.findUniqueOrThrow({ where: { id: bill.id } })).balanceSen).toBe(0);
    const answers = await prisma.gatewayAnswer.findMany({ where: { paymentId: paid.id }, orderBy: { id: 'asc' } });
    expect(answers.filter((a) => a.outcome === 'approved' && a.verdict === 'applied')).toHaveLength(1);
  });
});
