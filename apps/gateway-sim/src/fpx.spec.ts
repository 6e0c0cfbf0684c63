import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { verifyAuthorisationConfirmation, verifyBankListResponse, verifyEnquiryResponse } from '@councilpay/fpx';
import {
  aeBody,
  arFields,
  beBody,
  formBody,
  readForm,
  simulatorForEachTest,
  startSimulator,
  testKeys,
  testOrder,
} from './testing/harness.test';

const FORM = 'application/x-www-form-urlencoded';

const world = simulatorForEachTest();
beforeAll(() => {
  testKeys();
});

function exchangeKey(): string {
  return testKeys().exchangePublicKeyPem;
}

async function postAr(fields: Record<string, string>) {
  return request(world.sim.app).post('/fpx/ar').type(FORM).send(formBody(fields));
}

describe('BE (bank list enquiry)', () => {
  it('answers a BC signed by the exchange, listing offline banks as B', async () => {
    const res = await request(world.sim.app).post('/fpx/be').type(FORM).send(beBody());
    expect(res.status).toBe(200);
    const verified = verifyBankListResponse(res.text, exchangeKey(), { sellerExId: 'EX00012345', msgToken: '01' });
    expect(verified.ok).toBe(true);
    if (!verified.ok) return;
    const byId = new Map(verified.message.banks.map((bank) => [bank.id, bank.online]));
    expect(byId.get('HSBC0223')).toBe(false);
    expect(byId.get('KFH0346')).toBe(false);
    expect(byId.get('MB2U0227')).toBe(true);
    expect(verified.message.bankList).toContain('HSBC0223~B');
    expect(verified.message.bankList).toContain('MB2U0227~A');
  });

  it('follows banks taken offline through the control API', async () => {
    const put = await request(world.sim.app)
      .put('/sim/fpx/banks')
      .send({ offline: ['MB2U0227'] });
    expect(put.status).toBe(200);
    const res = await request(world.sim.app).post('/fpx/be').type(FORM).send(beBody());
    const verified = verifyBankListResponse(res.text, exchangeKey());
    expect(verified.ok && verified.message.bankList).toContain('MB2U0227~B');
    expect(verified.ok && verified.message.bankList).toContain('HSBC0223~A');
  });

  it('refuses a BE whose checksum does not verify', async () => {
    const body = new URLSearchParams(beBody());
    body.set('fpx_sellerExId', 'EX99999999');
    const res = await request(world.sim.app).post('/fpx/be').type(FORM).send(body.toString());
    expect(res.status).toBe(400);
    expect(res.text).toMatch(/^ERROR: fpx_checkSum does not verify/);
  });
});

describe('AR (authorisation request) and the bank page', () => {
  it('renders the bank page for a valid AR and records the transaction awaiting the buyer', async () => {
    const order = testOrder({ amountSen: 123_450 });
    const res = await postAr(arFields(order));
    expect(res.status).toBe(200);
    expect(res.type).toBe('text/html');
    expect(res.text).toContain('Maybank2U');
    expect(res.text).toContain('RM 1,234.50');
    expect(res.text).toContain(order.sellerOrderNo);
    for (const label of ['Approve', 'Reject', 'Leave pending (09)', 'Abandon (close without returning)'])
      expect(res.text).toContain(label);
    expect(res.text).toContain('<label for="code">');
    expect(res.text).toMatch(/<option value="51" selected>51 Insufficient Funds<\/option>/);
    const txn = await request(world.sim.app).get(`/sim/fpx/${order.sellerOrderNo}`);
    expect(txn.status).toBe(200);
    expect(txn.body).toMatchObject({
      status: 'awaiting',
      debitAuthCode: '09',
      sellerExOrderNo: order.sellerExOrderNo,
      amountSen: 123_450,
    });
  });

  it('refuses an AR with one checksum character changed (400, nothing recorded)', async () => {
    const order = testOrder();
    const fields = arFields(order);
    const sum = fields['fpx_checkSum'] ?? '';
    const flipped = sum[10] === 'A' ? 'B' : 'A';
    fields['fpx_checkSum'] = `${sum.slice(0, 10)}${flipped}${sum.slice(11)}`;
    const res = await postAr(fields);
    expect(res.status).toBe(400);
    expect(res.text).toContain('could not be verified');
    expect(world.sim.state.fpx.size).toBe(0);
    expect((await request(world.sim.app).get(`/sim/fpx/${order.sellerExOrderNo}`)).status).toBe(404);
  });

  it('refuses an AR with a changed amount (checksum no longer matches)', async () => {
    const fields = arFields(testOrder());
    fields['fpx_txnAmount'] = '1.00';
    expect((await postAr(fields)).status).toBe(400);
    expect(world.sim.state.fpx.size).toBe(0);
  });

  it('refuses a second AR with the same exchange order number once decided (XN)', async () => {
    const order = testOrder();
    expect((await postAr(arFields(order))).status).toBe(200);
    expect((await postAr(arFields(order))).status).toBe(200); // same AR again while awaiting: the page again
    await request(world.sim.app)
      .post(`/sim/fpx/${order.sellerExOrderNo}/decide`)
      .send({ action: 'approve', returnBrowser: false });
    const again = await postAr(arFields(order));
    expect(again.status).toBe(400);
    expect(again.text).toContain('Duplicate Seller Exchange Order Number');
  });

  it('answers an AR for an offline bank with 90 (direct AC and a Continue form)', async () => {
    const order = testOrder({ buyerBankId: 'HSBC0223' });
    const res = await postAr(arFields(order));
    expect(res.status).toBe(200);
    expect(res.text).toContain('offline');
    const form = readForm(res.text);
    expect(form.action).toBe(world.merchant.indirectUrl);
    expect(form.fields['fpx_debitAuthCode']).toBe('90');
    expect(world.merchant.direct).toHaveLength(1);
    expect(world.merchant.direct[0]?.fields['fpx_debitAuthCode']).toBe('90');
  });
});

describe('bank decisions', () => {
  it('approve: direct AC verifies with debitAuthCode 00, browser gets an auto-submit form to the indirect URL', async () => {
    const order = testOrder();
    await postAr(arFields(order));
    const res = await request(world.sim.app)
      .post(`/fpx/bank/${order.sellerExOrderNo}`)
      .type(FORM)
      .send('action=approve&code=51');
    expect(res.status).toBe(200);

    expect(world.merchant.direct).toHaveLength(1);
    const direct = world.merchant.direct[0];
    expect(direct?.contentType).toContain(FORM);
    const verified = verifyAuthorisationConfirmation(direct?.fields ?? {}, exchangeKey(), {
      sellerExOrderNo: order.sellerExOrderNo,
      sellerOrderNo: order.sellerOrderNo,
      amountSen: order.amountSen,
    });
    expect(verified.ok).toBe(true);
    if (!verified.ok) return;
    expect(verified.message.debitAuthCode).toBe('00');
    expect(verified.message.result.outcome).toBe('approved');
    expect(verified.message.fpxTxnId).toMatch(/^\d{16}$/);
    expect(verified.message.debitAuthNo).not.toBe('');

    const form = readForm(res.text);
    expect(form.action).toBe(world.merchant.indirectUrl);
    expect(res.text).toContain("document.getElementById('return-form').submit();");
    expect(res.text).toContain('>Continue</button>');
    expect(form.fields).toEqual(direct?.fields);
    expect(verifyAuthorisationConfirmation(form.fields, exchangeKey()).ok).toBe(true);

    const txn = await request(world.sim.app).get(`/sim/fpx/${order.sellerExOrderNo}`);
    expect(txn.body).toMatchObject({
      status: 'approved',
      debitAuthCode: '00',
      direct: { acknowledged: true, attempts: 1 },
    });
  });

  it('retries the direct AC until the merchant answers OK', async () => {
    world.merchant.directFailures.push({ status: 500 }, { status: 200, body: 'NOT OK' });
    const order = testOrder();
    await postAr(arFields(order));
    const res = await request(world.sim.app)
      .post(`/sim/fpx/${order.sellerExOrderNo}/decide`)
      .send({ action: 'approve', returnBrowser: false });
    expect(res.status).toBe(200);
    expect(res.body.direct).toMatchObject({ attempts: 1, acknowledged: false, lastStatus: 500 });
    await world.sim.idle();
    expect(world.merchant.direct).toHaveLength(3);
    expect(world.merchant.direct[2]?.fields).toEqual(world.merchant.direct[0]?.fields);
    const txn = await request(world.sim.app).get(`/sim/fpx/${order.sellerExOrderNo}`);
    expect(txn.body.direct).toMatchObject({ attempts: 3, acknowledged: true, gaveUp: false, lastError: null });
  });

  it('gives up after the configured number of attempts', async () => {
    world.sim.close();
    world.sim = startSimulator(world.merchant, { retry: { delaysMs: [5], maxAttempts: 3, timeoutMs: 1000 } });
    world.merchant.directFailures.push({ status: 503 }, { status: 503 }, { status: 503 }, { status: 503 });
    const order = testOrder();
    await postAr(arFields(order));
    await request(world.sim.app)
      .post(`/sim/fpx/${order.sellerExOrderNo}/decide`)
      .send({ action: 'approve', returnBrowser: false });
    await world.sim.idle();
    expect(world.merchant.direct).toHaveLength(3);
    expect(world.sim.state.findFpx(order.sellerExOrderNo)?.direct).toMatchObject({
      attempts: 3,
      acknowledged: false,
      gaveUp: true,
    });
  });

  it('reject carries the chosen reason code', async () => {
    const order = testOrder();
    await postAr(arFields(order));
    const res = await request(world.sim.app)
      .post(`/fpx/bank/${order.sellerExOrderNo}`)
      .type(FORM)
      .send('action=reject&code=1M');
    expect(res.status).toBe(200);
    const verified = verifyAuthorisationConfirmation(world.merchant.direct[0]?.fields ?? {}, exchangeKey());
    expect(verified.ok && verified.message.debitAuthCode).toBe('1M');
    expect(verified.ok && verified.message.result).toMatchObject({
      outcome: 'rejected',
      reason: 'Internet Banking Session Timeout',
    });
    expect(readForm(res.text).fields['fpx_debitAuthCode']).toBe('1M');
  });

  it('reject through the control API defaults to 51 and refuses codes that are not rejections', async () => {
    const order = testOrder();
    await postAr(arFields(order));
    const bad = await request(world.sim.app)
      .post(`/sim/fpx/${order.sellerExOrderNo}/decide`)
      .send({ action: 'reject', code: '00' });
    expect(bad.status).toBe(400);
    expect(world.sim.state.findFpx(order.sellerExOrderNo)?.status).toBe('awaiting');
    const res = await request(world.sim.app)
      .post(`/sim/fpx/${order.sellerOrderNo}/decide`)
      .send({ action: 'reject', returnBrowser: false });
    expect(res.status).toBe(200);
    expect(res.body.ac.fpx_debitAuthCode).toBe('51');
    expect(res.body.indirect).toMatchObject({ url: world.merchant.indirectUrl, posted: false });
    expect(world.merchant.indirect).toHaveLength(0);
  });

  it('control decide returns the browser by posting the indirect AC, and can skip the direct AC', async () => {
    const order = testOrder();
    await postAr(arFields(order));
    const res = await request(world.sim.app)
      .post(`/sim/fpx/${order.sellerExOrderNo}/decide`)
      .send({ action: 'approve', sendDirect: false });
    expect(res.status).toBe(200);
    expect(res.body.direct).toBeNull();
    expect(world.merchant.direct).toHaveLength(0);
    expect(res.body.indirect).toMatchObject({ posted: true, status: 302, location: '/#/payment-result' });
    expect(world.merchant.indirect).toHaveLength(1);
    expect(verifyAuthorisationConfirmation(world.merchant.indirect[0]?.fields ?? {}, exchangeKey()).ok).toBe(true);
  });

  it('a decided transaction cannot be decided again (409)', async () => {
    const order = testOrder();
    await postAr(arFields(order));
    await request(world.sim.app).post(`/fpx/bank/${order.sellerExOrderNo}`).type(FORM).send('action=approve');
    const again = await request(world.sim.app)
      .post(`/fpx/bank/${order.sellerExOrderNo}`)
      .type(FORM)
      .send('action=reject&code=51');
    expect(again.status).toBe(409);
    expect(world.merchant.direct).toHaveLength(1);
  });

  it('abandon: the page says the session was closed and nothing is sent', async () => {
    const order = testOrder();
    await postAr(arFields(order));
    const res = await request(world.sim.app)
      .post(`/fpx/bank/${order.sellerExOrderNo}`)
      .type(FORM)
      .send('action=abandon');
    expect(res.status).toBe(200);
    expect(res.text).toContain('Session closed');
    expect(res.text).not.toContain('<form');
    expect(world.merchant.direct).toHaveLength(0);
    expect(world.sim.state.findFpx(order.sellerExOrderNo)?.status).toBe('abandoned');
  });
});

describe('AE (authorisation enquiry)', () => {
  async function enquire(order: ReturnType<typeof testOrder>) {
    const res = await request(world.sim.app).post('/fpx/ae').type(FORM).send(aeBody(order));
    expect(res.status).toBe(200);
    const verified = verifyEnquiryResponse(res.text, exchangeKey(), { sellerExOrderNo: order.sellerExOrderNo });
    if (!verified.ok) throw new Error(verified.reason);
    return verified.message;
  }

  it('answers 76 Transaction Not Found for an order never received', async () => {
    const answer = await enquire(testOrder());
    expect(answer.debitAuthCode).toBe('76');
    expect(answer.fpxTxnId).toBe('');
    expect(answer.result).toMatchObject({ outcome: 'rejected', reason: 'Transaction Not Found' });
  });

  it('pending, then settled approved: AE answers 09, then 00', async () => {
    const order = testOrder();
    await postAr(arFields(order));
    expect((await enquire(order)).debitAuthCode).toBe('09'); // buyer still at the bank
    const pending = await request(world.sim.app)
      .post(`/fpx/bank/${order.sellerExOrderNo}`)
      .type(FORM)
      .send('action=pending');
    expect(readForm(pending.text).fields['fpx_debitAuthCode']).toBe('09');
    expect(world.merchant.direct[0]?.fields['fpx_debitAuthCode']).toBe('09');
    expect((await enquire(order)).debitAuthCode).toBe('09');

    const settle = await request(world.sim.app)
      .post(`/sim/fpx/${order.sellerOrderNo}/settle`)
      .send({ action: 'approve' });
    expect(settle.status).toBe(200);
    expect(settle.body.direct).toBeNull();
    expect(world.merchant.direct).toHaveLength(1); // settle sends no direct AC unless asked: the merchant must requery
    const answer = await enquire(order);
    expect(answer.debitAuthCode).toBe('00');
    expect(answer.amountSen).toBe(order.amountSen);
    expect(answer.sellerOrderNo).toBe(order.sellerOrderNo);
  });

  it('abandoned answers 09 until settled; settle can send the direct AC', async () => {
    const order = testOrder();
    await postAr(arFields(order));
    await request(world.sim.app).post(`/sim/fpx/${order.sellerExOrderNo}/decide`).send({ action: 'abandon' });
    expect((await enquire(order)).debitAuthCode).toBe('09');
    const settle = await request(world.sim.app)
      .post(`/sim/fpx/${order.sellerExOrderNo}/settle`)
      .send({ action: 'reject', code: 'OF', sendDirect: true });
    expect(settle.status).toBe(200);
    expect(settle.body.direct).toMatchObject({ acknowledged: true });
    expect(world.merchant.direct[0]?.fields['fpx_debitAuthCode']).toBe('OF');
    expect((await enquire(order)).debitAuthCode).toBe('OF');
    const again = await request(world.sim.app)
      .post(`/sim/fpx/${order.sellerExOrderNo}/settle`)
      .send({ action: 'approve' });
    expect(again.status).toBe(409);
  });

  it('refuses an AE whose checksum does not verify', async () => {
    const body = new URLSearchParams(aeBody(testOrder()));
    body.set('fpx_txnAmount', '999.00');
    const res = await request(world.sim.app).post('/fpx/ae').type(FORM).send(body.toString());
    expect(res.status).toBe(400);
  });
});

describe('control API and health', () => {
  it('GET /health', async () => {
    const res = await request(world.sim.app).get('/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('lists transactions and answers 404 for unknown ones', async () => {
    const order = testOrder();
    await postAr(arFields(order));
    const list = await request(world.sim.app).get('/sim/transactions');
    expect(list.body.fpx).toHaveLength(1);
    expect(list.body.card).toEqual([]);
    expect((await request(world.sim.app).get('/sim/fpx/NOPE')).status).toBe(404);
    expect((await request(world.sim.app).post('/sim/fpx/NOPE/decide').send({ action: 'approve' })).status).toBe(404);
    const bad = await request(world.sim.app)
      .post(`/sim/fpx/${order.sellerExOrderNo}/decide`)
      .send({ action: 'explode' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain('action');
  });

  it('shows the index page', async () => {
    const order = testOrder();
    await postAr(arFields(order));
    const res = await request(world.sim.app).get('/');
    expect(res.status).toBe(200);
    expect(res.text).toContain(order.sellerOrderNo);
  });
});
