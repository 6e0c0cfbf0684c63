import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { retryDelay } from './delivery';
import { arFields, formBody, startMerchant, startSimulator, testOrder, type Merchant } from './testing/harness.test';

let merchant: Merchant;
let dir: string;

beforeEach(async () => {
  merchant = await startMerchant();
  dir = mkdtempSync(join(tmpdir(), 'sim-state-'));
});

afterEach(async () => {
  await merchant.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('state persistence', () => {
  it('keeps transactions across a restart', async () => {
    const stateFile = join(dir, 'sim-state.json');
    const first = startSimulator(merchant, { stateFile });
    const order = testOrder();
    await request(first.app)
      .post('/fpx/ar')
      .type('form')
      .send(formBody(arFields(order)));
    await request(first.app)
      .post(`/sim/fpx/${order.sellerExOrderNo}/decide`)
      .send({ action: 'pending', returnBrowser: false });
    first.close();
    expect(existsSync(stateFile)).toBe(true);
    expect(readdirSync(dir)).toEqual(['sim-state.json']);

    const second = startSimulator(merchant, { stateFile });
    const res = await request(second.app).get(`/sim/fpx/${order.sellerOrderNo}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'pending', debitAuthCode: '09' });
    const settled = await request(second.app)
      .post(`/sim/fpx/${order.sellerOrderNo}/settle`)
      .send({ action: 'approve' });
    expect(settled.status).toBe(200);
    second.close();
    expect(readFileSync(stateFile, 'utf8')).toContain('"status": "approved"');
  });

  it('resumes a direct AC that was not acknowledged before the restart', async () => {
    const stateFile = join(dir, 'sim-state.json');
    merchant.directFailures.push({ status: 500 });
    const first = startSimulator(merchant, {
      stateFile,
      retry: { delaysMs: [60_000], maxAttempts: 5, timeoutMs: 1000 },
    });
    const order = testOrder();
    await request(first.app)
      .post('/fpx/ar')
      .type('form')
      .send(formBody(arFields(order)));
    await request(first.app)
      .post(`/sim/fpx/${order.sellerExOrderNo}/decide`)
      .send({ action: 'approve', returnBrowser: false });
    first.close();
    expect(merchant.direct).toHaveLength(1);

    const saved = JSON.parse(readFileSync(stateFile, 'utf8')) as { fpx: { direct: { nextAttemptAt: string } }[] };
    const item = saved.fpx[0];
    if (item) item.direct.nextAttemptAt = new Date().toISOString();
    writeFileSync(stateFile, JSON.stringify(saved));

    const second = startSimulator(merchant, { stateFile });
    await second.idle();
    expect(merchant.direct).toHaveLength(2);
    expect(second.state.findFpx(order.sellerExOrderNo)?.direct).toMatchObject({ attempts: 2, acknowledged: true });
    second.close();
  });

  it('sets an unreadable state file aside and starts empty', () => {
    const stateFile = join(dir, 'sim-state.json');
    writeFileSync(stateFile, '{ not json');
    const sim = startSimulator(merchant, { stateFile });
    expect(sim.state.fpx.size).toBe(0);
    expect(readdirSync(dir).some((name) => name.startsWith('sim-state.json.bad-'))).toBe(true);
    sim.close();
  });

  it('writes nothing without a state file', async () => {
    const sim = startSimulator(merchant, { stateFile: null });
    await request(sim.app)
      .post('/fpx/ar')
      .type('form')
      .send(formBody(arFields(testOrder())));
    sim.close();
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('retry schedule', () => {
  it('waits 1 s, 2 s, 5 s, 10 s, 30 s, then every 60 s by default', () => {
    const policy = { delaysMs: [1000, 2000, 5000, 10_000, 30_000, 60_000], maxAttempts: 30, timeoutMs: 1 };
    expect([1, 2, 3, 4, 5, 6, 7, 29].map((n) => retryDelay(policy, n))).toEqual([
      1000, 2000, 5000, 10_000, 30_000, 60_000, 60_000, 60_000,
    ]);
  });
});
