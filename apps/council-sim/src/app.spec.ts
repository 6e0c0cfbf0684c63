import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { newWebhookSecret, signWebhook } from '@councilpay/webhooks';
import { createCouncilSim } from './app';

const event = (id: string) =>
  JSON.stringify({
    id,
    type: 'bill.credited',
    version: 1,
    createdAt: '2026-12-06T02:15:04.120Z',
    council: 'mdpg',
    data: {},
  });

describe('council simulator', () => {
  const secret = newWebhookSecret();
  const send = (app: ReturnType<typeof createCouncilSim>['app'], body: string, signature = signWebhook(secret, body)) =>
    request(app)
      .post('/hooks')
      .set('Content-Type', 'application/json')
      .set('CouncilPay-Signature', signature)
      .send(body);

  it('accepts a call signed with its secret, records it, and marks the same event arriving again as a repeat', async () => {
    const sim = createCouncilSim({ secrets: [secret] });
    const body = event('evt_01JD3Z7Q9C8Y4S2M6N0P5R1T3V');
    expect((await send(sim.app, body).expect(200)).body).toEqual({ received: true, repeat: false });
    expect((await send(sim.app, body).expect(200)).body).toEqual({ received: true, repeat: true });
    expect(sim.received.map((c) => [c.eventId, c.type, c.council, c.verified, c.status, c.repeat])).toEqual([
      ['evt_01JD3Z7Q9C8Y4S2M6N0P5R1T3V', 'bill.credited', 'mdpg', true, 200, true],
      ['evt_01JD3Z7Q9C8Y4S2M6N0P5R1T3V', 'bill.credited', 'mdpg', true, 200, false],
    ]);
    const page = await request(sim.app).get('/').expect(200);
    expect(page.text).toContain('evt_01JD3Z7Q9C8Y4S2M6N0P5R1T3V');
    expect(page.text).toContain('verified');
  });

  it('refuses a body changed after signing, another secret, a stale signature and no secret at all (400)', async () => {
    const sim = createCouncilSim({ secrets: [secret] });
    const body = event('evt_A');
    await send(sim.app, body.replace('mdpg', 'mps'), signWebhook(secret, body)).expect(400);
    await send(sim.app, body, signWebhook(newWebhookSecret(), body)).expect(400);
    await send(sim.app, body, signWebhook(secret, body, Date.now() - 301_000)).expect(400);
    await send(createCouncilSim().app, body).expect(400);
    expect(sim.received.map((c) => [c.verified, c.refusal])).toEqual([
      [false, 'stale'],
      [false, 'mismatch'],
      [false, 'mismatch'],
    ]);
  });

  it('learns a secret through the control API (never a malformed one)', async () => {
    const sim = createCouncilSim();
    await request(sim.app).post('/control/secrets').send({ secret: 'not-a-secret' }).expect(400);
    await request(sim.app).post('/control/secrets').send({ secret }).expect(200);
    await send(sim.app, event('evt_B')).expect(200);
  });

  it('told to fail answers 500 (or the status given); told to be ok again, answers 200', async () => {
    const sim = createCouncilSim({ secrets: [secret] });
    await request(sim.app).post('/control/mode').send({ mode: 'fail' }).expect(200);
    await send(sim.app, event('evt_C')).expect(500);
    await request(sim.app).post('/control/mode').send({ mode: 'fail', failStatus: 503 }).expect(200);
    await send(sim.app, event('evt_C')).expect(503);
    await request(sim.app).post('/control/mode').send({ mode: 'ok' }).expect(200);
    expect((await send(sim.app, event('evt_C')).expect(200)).body.repeat).toBe(false);
    await request(sim.app).post('/control/mode').send({ mode: 'sideways' }).expect(400);
    await request(sim.app).post('/control/mode').send({ mode: 'fail', failStatus: 200 }).expect(400);
  });

  it('told to be slow answers only after its delay', async () => {
    const sim = createCouncilSim({ secrets: [secret] });
    await request(sim.app).post('/control/mode').send({ mode: 'slow', slowMs: 300 }).expect(200);
    const started = Date.now();
    await send(sim.app, event('evt_D')).expect(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });

  it('told to be slow for a share of calls delays that share, evenly spread, each within the range given', async () => {
    const sim = createCouncilSim({ secrets: [secret] });
    await request(sim.app)
      .post('/control/mode')
      .send({ mode: 'slow', slowMs: 20, slowMinMs: 5, slowShare: 0.3 })
      .expect(200);
    for (let i = 1; i <= 10; i += 1) await send(sim.app, event(`evt_S${i}`)).expect(200);
    const delayed = sim.received
      .filter((c) => c.delayedMs > 0)
      .map((c) => c.eventId)
      .reverse();
    expect(delayed).toEqual(['evt_S4', 'evt_S7', 'evt_S10']);
    for (const c of sim.received.filter((r) => r.delayedMs > 0)) {
      expect(c.delayedMs).toBeGreaterThanOrEqual(5);
      expect(c.delayedMs).toBeLessThanOrEqual(20);
    }
    await request(sim.app).post('/control/mode').send({ mode: 'slow', slowShare: 1.5 }).expect(400);
    await request(sim.app).post('/control/mode').send({ mode: 'slow', slowMs: 10, slowMinMs: 11 }).expect(400);
  });

  it('keeps every accepted event once, whole, with how often it arrived; never a refused or failed one', async () => {
    const sim = createCouncilSim({ secrets: [secret] });
    const body = event('evt_K1');
    await send(sim.app, body).expect(200);
    await send(sim.app, body).expect(200);
    await send(sim.app, event('evt_K2'), signWebhook(newWebhookSecret(), event('evt_K2'))).expect(400);
    await request(sim.app).post('/control/mode').send({ mode: 'fail' }).expect(200);
    await send(sim.app, event('evt_K3')).expect(500);
    const accepted = (await request(sim.app).get('/accepted').expect(200)).body;
    expect(accepted).toEqual({
      count: 1,
      events: [{ id: 'evt_K1', type: 'bill.credited', council: 'mdpg', data: {}, arrivals: 2 }],
    });
  });

  it('told to be down closes the connection without an answer, and records that it did', async () => {
    const sim = createCouncilSim({ secrets: [secret] });
    await request(sim.app).post('/control/mode').send({ mode: 'down' }).expect(200);
    await expect(send(sim.app, event('evt_E'))).rejects.toThrow(/socket hang up|ECONNRESET/);
    expect(sim.received[0]).toMatchObject({ eventId: 'evt_E', status: 0 });
    expect((await request(sim.app).get('/').expect(200)).text).toContain('no answer');
  });
});
