import request from 'supertest';
import { describe, expect, it } from 'vitest';
import {
  buildDuitNowQr,
  parseDuitNowQr,
  parseQrCharge,
  qrBasicAuth,
  verifyQrNotification,
  type QrCharge,
} from '@councilpay/fpx';
import { expireDue, SIM_QR_ACQUIRER_ID } from './qr';
import { QR_TEST_KEYS, simulatorForEachTest } from './testing/harness.test';

const world = simulatorForEachTest();
const AUTH = qrBasicAuth(QR_TEST_KEYS.secretKey);
let counter = 0;

async function createCharge(change: Record<string, unknown> = {}): Promise<QrCharge> {
  counter += 1;
  const res = await request(world.sim.app)
    .post('/qr/charges')
    .set('authorization', AUTH)
    .send({
      amount: 28_707,
      currency: 'MYR',
      source: { type: 'duitnow_qr' },
      reference: `CPQR${Date.now()}${counter}`,
      expires_in: 900,
      ...change,
    });
  expect(res.status).toBe(200);
  return res.body as QrCharge;
}

const scan = (charge: QrCharge) =>
  request(world.sim.app).get('/sim/qr/scan').query({ payload: charge.source.scannable_code.payload });

const decideInApp = (charge: QrCharge, decision: string) =>
  request(world.sim.app).post(`/sim/qr/${charge.id}`).type('form').send({ decision });

/** The merchant's side: every notification received, verified as the API verifies them. */
const notifications = () =>
  world.merchant.qr.map((n) =>
    verifyQrNotification({
      webhookSecretBase64: QR_TEST_KEYS.webhookSecret,
      signature: n.signature,
      timestamp: n.timestamp,
      rawBody: n.rawBody,
    }),
  );

describe('creating a charge', () => {
  it('answers a pending charge whose dynamic code carries its amount and reference, for the merchant’s key only', async () => {
    const charge = await createCharge();
    expect(charge).toMatchObject({
      object: 'charge',
      status: 'pending',
      amount: 28_707,
      currency: 'MYR',
      paid_at: null,
    });
    expect(parseQrCharge(charge).ok).toBe(true);
    expect(parseDuitNowQr(charge.source.scannable_code.payload)).toMatchObject({
      dynamic: true,
      acquirerId: SIM_QR_ACQUIRER_ID,
      amountSen: 28_707,
      reference: charge.reference,
      merchantName: 'COUNCILPAY SABAH',
    });
    expect(Date.parse(charge.expires_at) - Date.parse(charge.created_at)).toBe(900_000);

    const body = { amount: 100, currency: 'MYR', source: { type: 'duitnow_qr' }, reference: 'CPX1', expires_in: 900 };
    const anonymous = await request(world.sim.app).post('/qr/charges').send(body);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ object: 'error', code: 'authentication_failure' });
    await request(world.sim.app)
      .post('/qr/charges')
      .set('authorization', qrBasicAuth('skey_other'))
      .send(body)
      .expect(401);
    const bad = await request(world.sim.app)
      .post('/qr/charges')
      .set('authorization', AUTH)
      .send({ ...body, amount: 0 });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/amount/);
    expect(world.sim.state.qr.size).toBe(1);
  });

  it('is read back by id with the key (the enquiry), 404 for an unknown id', async () => {
    const charge = await createCharge();
    const read = await request(world.sim.app).get(`/qr/charges/${charge.id}`).set('authorization', AUTH).expect(200);
    expect(read.body).toEqual(charge);
    await request(world.sim.app).get(`/qr/charges/${charge.id}`).expect(401);
    await request(world.sim.app).get('/qr/charges/chrg_sim_nothing').set('authorization', AUTH).expect(404);
  });
});

describe("the payer's app", () => {
  it('scans the code, shows who is paid and how much, pays it: the merchant gets one signed complete event', async () => {
    const charge = await createCharge();
    const page = await scan(charge).expect(200);
    expect(page.text).toContain('RM 287.07');
    expect(page.text).toContain('COUNCILPAY SABAH');
    expect(page.text).toContain(charge.reference);

    const paid = await decideInApp(charge, 'approve').expect(200);
    expect(paid.text).toContain('Paid RM 287.07');
    await world.sim.idle();
    const received = notifications();
    expect(received).toHaveLength(1);
    expect(world.merchant.qr[0].contentType).toMatch(/application\/json/);
    const first = received[0];
    expect(first.ok).toBe(true);
    if (!first.ok) return;
    expect(first.message.data).toMatchObject({ id: charge.id, status: 'successful', amount: 28_707 });
    expect(first.message.data.paid_at).not.toBeNull();
    const enquiry = await request(world.sim.app).get(`/qr/charges/${charge.id}`).set('authorization', AUTH);
    expect(enquiry.body.status).toBe('successful');
    // Paid is final: the app offers nothing more, and nothing is sent again.
    expect((await scan(charge)).text).toContain('This payment is successful');
    await decideInApp(charge, 'reject').expect(200);
    await world.sim.idle();
    expect(world.merchant.qr).toHaveLength(1);
  });

  it('a rejection ends the charge failed and is notified; leaving it pending sends nothing', async () => {
    const rejected = await createCharge();
    await decideInApp(rejected, 'reject').expect(200);
    const pending = await createCharge();
    await decideInApp(pending, 'pending').expect(200);
    await world.sim.idle();
    const received = notifications();
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ ok: true, message: { data: { id: rejected.id, status: 'failed' } } });
    expect(world.sim.state.qr.get(pending.id)?.charge.status).toBe('pending');
  });

  it('refuses a code whose CRC does not match, and a valid code this acquirer never made', async () => {
    const charge = await createCharge();
    const payload = charge.source.scannable_code.payload;
    const broken = await request(world.sim.app)
      .get('/sim/qr/scan')
      .query({ payload: payload.replace('28707', '28708').replace('287.07', '287.08') });
    expect(broken.status).toBe(400);
    expect(broken.text).toMatch(/CRC/);
    const foreign = buildDuitNowQr({
      acquirerId: SIM_QR_ACQUIRER_ID,
      merchantId: 'OTHER1',
      merchantName: 'SOMEONE ELSE',
      merchantCity: 'KL',
      amountSen: 100,
      reference: charge.reference,
    });
    expect((await request(world.sim.app).get('/sim/qr/scan').query({ payload: foreign })).status).toBe(404);
  });
});

describe('expiry, late payments, retries and duplicates', () => {
  it('an unpaid code expires at its time and is notified; the app then offers nothing; a late payment still wins', async () => {
    const charge = await createCharge({ expires_in: 60 });
    expect(expireDue(world.sim.context, new Date(Date.parse(charge.expires_at) - 1))).toHaveLength(0);
    expect(expireDue(world.sim.context, new Date(Date.parse(charge.expires_at)))).toHaveLength(1);
    await world.sim.idle();
    expect(notifications()[0]).toMatchObject({ ok: true, message: { data: { status: 'expired' } } });
    expect((await scan(charge)).text).toContain('This payment is expired');
    await decideInApp(charge, 'approve').expect(200);
    expect(world.sim.state.qr.get(charge.id)?.charge.status).toBe('expired');

    // The payer's bank paid as the code expired: the acquirer reports the payment, after the expiry.
    const late = await request(world.sim.app).post(`/sim/qr/${charge.reference}/decide`).send({ decision: 'approve' });
    expect(late.status).toBe(200);
    expect(late.body).toMatchObject({ changed: true, charge: { status: 'successful' } });
    await world.sim.idle();
    expect(notifications().map((n) => n.ok && n.message.data.status)).toEqual(['expired', 'successful']);
  });

  it('a notification not acknowledged is sent again, signed afresh each time, until a 2xx', async () => {
    world.merchant.qrFailures.push(500, 503);
    const charge = await createCharge();
    await decideInApp(charge, 'approve').expect(200);
    await world.sim.idle();
    expect(world.merchant.qr).toHaveLength(3);
    expect(notifications().every((n) => n.ok)).toBe(true);
    expect(world.sim.state.qr.get(charge.id)?.notification).toMatchObject({ attempts: 3, acknowledged: true });
  });

  it('the control API sends a duplicate of an unchanged charge on request, and refuses an unknown decision', async () => {
    const charge = await createCharge();
    await decideInApp(charge, 'approve').expect(200);
    const again = await request(world.sim.app)
      .post(`/sim/qr/${charge.id}/decide`)
      .send({ decision: 'reject', notify: true });
    expect(again.body).toMatchObject({ changed: false, charge: { status: 'successful' } });
    await world.sim.idle();
    const received = notifications();
    expect(received).toHaveLength(2);
    expect(received.map((n) => n.ok && n.message.data.transaction)).toEqual([
      world.sim.state.qr.get(charge.id)?.charge.transaction,
      world.sim.state.qr.get(charge.id)?.charge.transaction,
    ]);
    await request(world.sim.app).post(`/sim/qr/${charge.id}/decide`).send({ decision: 'refund' }).expect(400);
    await request(world.sim.app).post('/sim/qr/nothing/decide').send({ decision: 'approve' }).expect(404);
  });
});
