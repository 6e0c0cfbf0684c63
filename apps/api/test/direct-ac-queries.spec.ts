import type { INestApplication } from '@nestjs/common';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPayment, fpxRequest, getPayment, makePayable, postDirectAc, signedAc } from './payment-helpers';
import { createTestApi } from './test-app';

/**
 * What one signed direct AC costs the database: every statement the API's connections send while it is
 * answered (BEGIN and COMMIT included), read from the `pg` driver Prisma's adapter runs on. A change that adds a
 * round trip to the hottest money path fails here; lower the numbers when a change removes one. SHOW_STATEMENTS=1
 * prints them. (21 and 7, with two locks of the payment, before the ledger handed its locked payment on.)
 */
const MAX_STATEMENTS_PAID = 18;
const MAX_STATEMENTS_REPEAT = 6;

interface Sent {
  sql: string;
}

/** Records every statement the process's pg clients send until stopped. */
function recordStatements(): { sent: Sent[]; stop: () => void } {
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  const sent: Sent[] = [];
  proto.query = function (this: unknown, ...args: unknown[]) {
    const first = args[0];
    const sql = typeof first === 'string' ? first : ((first as { text?: string } | null)?.text ?? '');
    sent.push({ sql: sql.replace(/\s+/g, ' ').trim() });
    return original.apply(this, args);
  };
  return { sent, stop: () => (proto.query = original) };
}

const locksPayment = (s: Sent) => /FROM "Payment"/.test(s.sql) && /FOR UPDATE/.test(s.sql);
const readsPayment = (s: Sent) => /^SELECT\b/i.test(s.sql) && /FROM "(public"\.")?Payment"/.test(s.sql);

describe('a direct AC, counted in statements', () => {
  let app: INestApplication;
  let recording: ReturnType<typeof recordStatements> | null = null;

  beforeAll(async () => {
    app = await createTestApi();
  });
  afterEach(() => recording?.stop());
  afterAll(async () => {
    await app?.close();
  });

  async function measure(fields: Record<string, string>): Promise<Sent[]> {
    recording = recordStatements();
    expect((await postDirectAc(app, fields).expect(200)).text).toBe('OK');
    recording.stop();
    const sent = recording.sent;
    recording = null;
    return sent;
  }

  it('an approval that pays a payment: one lock of the payment, two reads of it at most, a bounded count', async () => {
    const bill = await makePayable(app, { balanceSen: 4_321 });
    const created = await createPayment(app, fpxRequest([bill.id]));
    const ac = signedAc(created.redirect, '00');

    const sent = await measure(ac);
    expect((await getPayment(app, created.reference)).status).toBe('paid');
    // The statements, for whoever has to lower the number (or explain a rise).
    const listing = sent.map((s, n) => `${n + 1}. ${s.sql.slice(0, 160)}`).join('\n');
    if (process.env.SHOW_STATEMENTS) console.log(listing);
    expect(sent.filter(locksPayment), listing).toHaveLength(1);
    expect(sent.filter(readsPayment).length, listing).toBeLessThanOrEqual(2);
    expect(sent.length, listing).toBeLessThanOrEqual(MAX_STATEMENTS_PAID);
  });

  it('the same AC again (a repeat): one lock, nothing credited again, fewer statements still', async () => {
    const bill = await makePayable(app, { balanceSen: 1_234 });
    const created = await createPayment(app, fpxRequest([bill.id]));
    const ac = signedAc(created.redirect, '00');
    await postDirectAc(app, ac).expect(200);

    const sent = await measure(ac);
    const listing = sent.map((s, n) => `${n + 1}. ${s.sql.slice(0, 160)}`).join('\n');
    if (process.env.SHOW_STATEMENTS) console.log(listing);
    expect(sent.filter(locksPayment), listing).toHaveLength(1);
    expect(sent.length, listing).toBeLessThanOrEqual(MAX_STATEMENTS_REPEAT);
  });
});
