import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { verifyCardEnquiryResponse, verifyCardResponse } from '@councilpay/fpx';
import {
  cardEnquiryBody,
  cardRequestFields,
  formBody,
  readForm,
  simulatorForEachTest,
  testKeys,
} from './testing/harness.test';

const FORM = 'application/x-www-form-urlencoded';

const world = simulatorForEachTest();
const nextYear = String(new Date().getFullYear() + 1);

async function openCardPage(options: { amountSen?: number } = {}): Promise<{ invoiceNo: string; html: string }> {
  const fields = cardRequestFields(world.merchant, options);
  const res = await request(world.sim.app).post('/card/pay').type(FORM).send(formBody(fields));
  expect(res.status).toBe(200);
  return { invoiceNo: fields['invoiceNo'] ?? '', html: res.text };
}

function pay(invoiceNo: string, cardNumber: string, extra: Record<string, string> = {}) {
  return request(world.sim.app)
    .post(`/card/pay/${invoiceNo}`)
    .type(FORM)
    .send(
      formBody({
        action: 'pay',
        cardNumber,
        cardName: 'TAN AH KOW',
        expMonth: '12',
        expYear: nextYear,
        cvv: '123',
        ...extra,
      }),
    );
}

describe('card request and page', () => {
  it('renders the card page with accessible fields and the test cards box', async () => {
    const { invoiceNo, html } = await openCardPage({ amountSen: 5_000 });
    expect(html).toContain('RM 50.00');
    expect(html).toContain(invoiceNo);
    expect(html).toContain('Visa');
    for (const field of ['cardNumber', 'cardName', 'expMonth', 'expYear', 'cvv'])
      expect(html).toContain(`<label for="${field}">`);
    expect(html).toContain('Test cards');
    for (const n of [
      '4111 1111 1111 1111',
      '5555 5555 5555 4444',
      '4000 0000 0000 0002',
      '4000 0000 0000 9995',
      '4000 0000 0000 0259',
    ]) {
      expect(html).toContain(n);
    }
    expect(html).toContain(`<option value="${new Date().getFullYear() + 10}">`);
    expect(world.sim.state.findCard(invoiceNo)?.status).toBe('awaiting');
  });

  it('refuses a tampered request with 400 and records nothing', async () => {
    const fields = cardRequestFields(world.merchant, { amountSen: 5_000 });
    fields['amount'] = '0.50';
    const res = await request(world.sim.app).post('/card/pay').type(FORM).send(formBody(fields));
    expect(res.status).toBe(400);
    expect(res.text).toContain('securityKeyReq does not verify');
    expect(world.sim.state.card.size).toBe(0);
  });

  it('refuses a Luhn-invalid number with a message, and keeps the transaction awaiting', async () => {
    const { invoiceNo } = await openCardPage();
    const res = await pay(invoiceNo, '4111 1111 1111 1112');
    expect(res.status).toBe(422);
    expect(res.text).toContain('The card number is not valid');
    expect(res.text).toContain('aria-invalid="true"');
    expect(res.text).not.toContain('4111 1111 1111 1112');
    expect(world.sim.state.findCard(invoiceNo)?.status).toBe('awaiting');
    expect(world.merchant.callback).toHaveLength(0);
  });

  it('checks the expiry and CVV', async () => {
    const { invoiceNo } = await openCardPage();
    const res = await pay(invoiceNo, '4111111111111111', { expMonth: '13', cvv: '12' });
    expect(res.status).toBe(422);
    expect(res.text).toContain('Choose the expiry month');
    expect(res.text).toContain('security code');
  });
});

describe('card outcomes', () => {
  it('approve test card: callback with a valid signature and status 1, browser auto-posts to the return URL', async () => {
    const { invoiceNo } = await openCardPage({ amountSen: 5_000 });
    const res = await pay(invoiceNo, '4111 1111 1111 1111');
    expect(res.status).toBe(200);

    expect(world.merchant.callback).toHaveLength(1);
    const verified = verifyCardResponse(world.merchant.callback[0]?.fields ?? {}, testKeys().cardSecret, {
      merchantId: 'MDPG0001',
      invoiceNo,
      amountSen: 5_000,
    });
    expect(verified.ok).toBe(true);
    if (!verified.ok) return;
    expect(verified.message.status).toBe('1');
    expect(verified.message.result.outcome).toBe('approved');
    expect(verified.message.authCode).toMatch(/^\d{6}$/);
    expect(verified.message.remark).toBe('Visa ending 1111');

    const form = readForm(res.text);
    expect(form.action).toBe(world.merchant.returnUrl);
    expect(form.fields).toEqual(world.merchant.callback[0]?.fields);
    expect(res.text).toContain("document.getElementById('return-form').submit();");

    const txn = world.sim.state.findCard(invoiceNo);
    expect(txn).toMatchObject({ status: 'approved', gatewayStatus: '1', card: { brand: 'Visa', last4: '1111' } });
    expect(JSON.stringify(txn)).not.toContain('4111111111111111');
    expect(JSON.stringify(txn)).not.toContain('"123"');
  });

  it('Mastercard test card approves', async () => {
    const { invoiceNo } = await openCardPage();
    await pay(invoiceNo, '5555555555554444');
    expect(world.sim.state.findCard(invoiceNo)).toMatchObject({
      status: 'approved',
      card: { brand: 'Mastercard', last4: '4444' },
    });
  });

  it('decline card: status 0 with errDesc', async () => {
    const { invoiceNo } = await openCardPage();
    const res = await pay(invoiceNo, '4000 0000 0000 0002');
    expect(res.status).toBe(200);
    const verified = verifyCardResponse(world.merchant.callback[0]?.fields ?? {}, testKeys().cardSecret);
    expect(verified.ok).toBe(true);
    if (!verified.ok) return;
    expect(verified.message.status).toBe('0');
    expect(verified.message.errDesc).toBe('Card declined');
    expect(verified.message.result).toMatchObject({ outcome: 'rejected', reason: 'Card declined' });
    expect(readForm(res.text).fields['errDesc']).toBe('Card declined');
  });

  it('insufficient funds card: status 0 Insufficient funds', async () => {
    const { invoiceNo } = await openCardPage();
    await pay(invoiceNo, '4000000000009995');
    expect(world.merchant.callback[0]?.fields).toMatchObject({ status: '0', errDesc: 'Insufficient funds' });
  });

  it('pending card: status 6, enquiry answers 6 until settled, then 1', async () => {
    const { invoiceNo } = await openCardPage({ amountSen: 5_000 });
    await pay(invoiceNo, '4000000000000259');
    expect(world.merchant.callback[0]?.fields['status']).toBe('6');
    const before = await request(world.sim.app).post('/card/enquiry').type(FORM).send(cardEnquiryBody(invoiceNo));
    const pending = verifyCardEnquiryResponse(before.text, testKeys().cardSecret, { invoiceNo });
    expect(pending.ok && pending.message.status).toBe('6');

    const settle = await request(world.sim.app).post(`/sim/card/${invoiceNo}/settle`).send({ action: 'approve' });
    expect(settle.status).toBe(200);
    expect(world.merchant.callback).toHaveLength(1);
    const after = await request(world.sim.app).post('/card/enquiry').type(FORM).send(cardEnquiryBody(invoiceNo));
    const approved = verifyCardEnquiryResponse(after.text, testKeys().cardSecret, { invoiceNo, amountSen: 5_000 });
    expect(approved.ok && approved.message.status).toBe('1');
  });

  it('Cancel returns the browser with status 0 Cancelled by payer', async () => {
    const { invoiceNo } = await openCardPage();
    const res = await request(world.sim.app).post(`/card/pay/${invoiceNo}`).type(FORM).send('action=cancel');
    expect(res.status).toBe(200);
    const form = readForm(res.text);
    expect(form.action).toBe(world.merchant.returnUrl);
    expect(form.fields).toMatchObject({ status: '0', errDesc: 'Cancelled by payer' });
    expect(verifyCardResponse(form.fields, testKeys().cardSecret).ok).toBe(true);
  });

  it('retries the callback until a 2xx', async () => {
    world.merchant.callbackFailures.push(500, 404);
    const { invoiceNo } = await openCardPage();
    await pay(invoiceNo, '4111111111111111');
    await world.sim.idle();
    expect(world.merchant.callback).toHaveLength(3);
    expect(world.sim.state.findCard(invoiceNo)?.callback).toMatchObject({ attempts: 3, acknowledged: true });
  });

  it('enquiry for an unknown invoice answers status 0 Transaction not found; a bad signature gets 400', async () => {
    const invoiceNo = '00000000000000009999';
    const res = await request(world.sim.app).post('/card/enquiry').type(FORM).send(cardEnquiryBody(invoiceNo));
    const verified = verifyCardEnquiryResponse(res.text, testKeys().cardSecret, { invoiceNo });
    expect(verified.ok && verified.message).toMatchObject({ status: '0', errDesc: 'Transaction not found' });
    const tampered = new URLSearchParams(cardEnquiryBody(invoiceNo));
    tampered.set('amount', '1.00');
    expect((await request(world.sim.app).post('/card/enquiry').type(FORM).send(tampered.toString())).status).toBe(400);
  });
});

describe('card control API', () => {
  it('decide reject with errDesc posts the response to the return URL like the browser', async () => {
    const { invoiceNo } = await openCardPage();
    const res = await request(world.sim.app)
      .post(`/sim/card/${invoiceNo}/decide`)
      .send({ action: 'reject', errDesc: 'Do not honour' });
    expect(res.status).toBe(200);
    expect(res.body.response).toMatchObject({ status: '0', errDesc: 'Do not honour' });
    expect(res.body.callback).toMatchObject({ acknowledged: true });
    expect(res.body.browserReturn).toMatchObject({ posted: true, status: 302 });
    expect(world.merchant.returned[0]?.fields['status']).toBe('0');
    const again = await request(world.sim.app).post(`/sim/card/${invoiceNo}/decide`).send({ action: 'approve' });
    expect(again.status).toBe(409);
  });

  it('abandon sends nothing; enquiry answers 6; settle reject with sendCallback', async () => {
    const { invoiceNo } = await openCardPage();
    const res = await request(world.sim.app).post(`/sim/card/${invoiceNo}/decide`).send({ action: 'abandon' });
    expect(res.body).toMatchObject({ response: null, callback: null, browserReturn: null });
    expect(world.merchant.callback).toHaveLength(0);
    const enquiry = await request(world.sim.app).post('/card/enquiry').type(FORM).send(cardEnquiryBody(invoiceNo));
    expect(new URLSearchParams(enquiry.text).get('status')).toBe('6');
    const settle = await request(world.sim.app)
      .post(`/sim/card/${invoiceNo}/settle`)
      .send({ action: 'reject', sendCallback: true });
    expect(settle.status).toBe(200);
    expect(world.merchant.callback[0]?.fields).toMatchObject({ status: '0', errDesc: 'Card declined' });
  });
});
