import type { INestApplication } from '@nestjs/common';
import { get, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPayment, fpxRequest, makePayable, postDirectAc, signedAc } from './payment-helpers';
import { startListeningApi } from './test-app';
import { until } from './worker-helpers';

/** Opens the stream and collects its `status` events with the time each arrived. */
function openStream(app: INestApplication, reference: string) {
  const port = (app.getHttpServer().address() as AddressInfo).port;
  const events: { status: string; at: number }[] = [];
  let response: IncomingMessage | null = null;
  let ended = false;
  const request = get(`http://127.0.0.1:${port}/api/payments/${reference}/events`, (res) => {
    response = res;
    let buffer = '';
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      buffer += chunk;
      let cut: number;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const data = block.split('\n').find((line) => line.startsWith('data:'));
        if (data) events.push({ status: (JSON.parse(data.slice(5)) as { status: string }).status, at: Date.now() });
      }
    });
    res.on('end', () => {
      ended = true;
    });
  });
  return {
    events,
    headers: () => response?.headers,
    ended: () => ended,
    close: () => request.destroy(),
  };
}

describe('GET /api/payments/:reference/events', () => {
  let app: INestApplication;

  beforeAll(async () => {
    app = await startListeningApi();
  });
  afterAll(async () => {
    await app.close();
  });

  it('streams the status at once and the approval within a second of it reaching the API, then ends', async () => {
    const bill = await makePayable(app, { balanceSen: 4_200 });
    const created = await createPayment(app, fpxRequest([bill.id]));
    const stream = openStream(app, created.reference);
    try {
      await until(
        async () => stream.events.length,
        (n) => n > 0,
      );
      expect(stream.headers()?.['content-type']).toContain('text/event-stream');
      expect(stream.events[0].status).toBe('in_progress');

      const postedAt = Date.now();
      await postDirectAc(app, signedAc(created.redirect, '00')).expect(200);
      // The API has applied the approval when it answers the gateway's callback.
      const appliedAt = Date.now();
      await until(
        async () => stream.events.at(-1)?.status,
        (status) => status === 'paid',
        10_000,
        10,
      );
      const paid = stream.events.find((e) => e.status === 'paid');
      expect(paid).toBeDefined();
      const seen = paid?.at ?? Infinity;
      console.info(
        `payment events: paid seen ${seen - postedAt} ms after the approval was posted, ${seen - appliedAt} ms after the API answered it`,
      );
      expect(seen - appliedAt).toBeLessThan(1_000);
      await until(
        async () => stream.ended(),
        (ended) => ended,
      );
      expect(stream.ended()).toBe(true);
    } finally {
      stream.close();
    }
  });

  it('an unknown reference is 404', async () => {
    const port = (app.getHttpServer().address() as AddressInfo).port;
    const status = await new Promise<number>((resolve) =>
      get(`http://127.0.0.1:${port}/api/payments/CPAAAAAAAAAAAAAAAAAA22/events`, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      }),
    );
    expect(status).toBe(404);
  });
});
