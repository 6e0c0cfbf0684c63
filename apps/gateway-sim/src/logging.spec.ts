import pino from 'pino';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Simulator } from './app';
import {
  arFields,
  cardRequestFields,
  formBody,
  startMerchant,
  startSimulator,
  testOrder,
  type Merchant,
} from './testing/harness.test';

let merchant: Merchant;
let sim: Simulator;
let lines: Record<string, unknown>[];

beforeEach(async () => {
  merchant = await startMerchant();
  lines = [];
  const logger = pino(
    { level: 'trace' },
    { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
  );
  sim = startSimulator(merchant, { logger });
});

afterEach(async () => {
  sim.close();
  await merchant.close();
});

describe('logs', () => {
  it('every line about an FPX transaction carries its order numbers', async () => {
    merchant.directFailures.push({ status: 500 });
    const order = testOrder();
    await request(sim.app)
      .post('/fpx/ar')
      .type('form')
      .send(formBody(arFields(order)));
    await request(sim.app).post(`/fpx/bank/${order.sellerExOrderNo}`).type('form').send('action=approve');
    await sim.idle();
    expect(lines.length).toBeGreaterThan(4);
    for (const line of lines)
      expect(line).toMatchObject({ sellerOrderNo: order.sellerOrderNo, sellerExOrderNo: order.sellerExOrderNo });
    expect(lines.filter((line) => line['delivery'] === 'fpx-direct-ac').map((line) => line['attempt'])).toEqual([1, 2]);
  });

  it('card lines carry the invoice number and never the card number or CVV', async () => {
    const fields = cardRequestFields(merchant);
    const invoiceNo = fields['invoiceNo'] ?? '';
    await request(sim.app).post('/card/pay').type('form').send(formBody(fields));
    await request(sim.app)
      .post(`/card/pay/${invoiceNo}`)
      .type('form')
      .send(
        formBody({
          action: 'pay',
          cardNumber: '4111 1111 1111 1112',
          cardName: 'X',
          expMonth: '12',
          expYear: String(new Date().getFullYear() + 1),
          cvv: '987',
        }),
      );
    await request(sim.app)
      .post(`/card/pay/${invoiceNo}`)
      .type('form')
      .send(
        formBody({
          action: 'pay',
          cardNumber: '4111111111111111',
          cardName: 'X',
          expMonth: '12',
          expYear: String(new Date().getFullYear() + 1),
          cvv: '987',
        }),
      );
    await sim.idle();
    for (const line of lines) expect(line).toMatchObject({ invoiceNo });
    const text = JSON.stringify(lines);
    expect(text).not.toMatch(/4111\s?1111\s?1111\s?111/);
    expect(text).not.toContain('"987"');
    expect(text.toLowerCase()).not.toContain('cvv');
    expect(text).toContain('"last4":"1111"');
  });
});
