import type { INestApplication } from '@nestjs/common';
import { afterAll, describe, expect, it } from 'vitest';
import { createApi } from '../src/bootstrap';
import { createPayment, fpxRequest, makePayable } from './payment-helpers';
import { freePort } from './ports';
import { testConfig } from './test-app';

/**
 * Found by the chaos run's API restart, which always ended in SIGKILL: on SIGTERM the API closes its HTTP server
 * last, and clients that keep their connections busy (a gateway delivering callbacks, a browser's live status
 * stream) kept it serving until the orchestrator killed it mid-request.
 */
describe('stopping the API while clients keep their connections busy', () => {
  let app: INestApplication | null = null;
  afterAll(async () => {
    await app?.close().catch(() => undefined);
  });

  it('closes in seconds: busy keep-alive connections close after their answer, live streams end', async () => {
    const port = await freePort();
    app = await createApi(testConfig({ PORT: String(port) }));
    await app.listen(port, '127.0.0.1');
    const base = `http://127.0.0.1:${port}`;
    const bill = await makePayable(app, { balanceSen: 2_000 });
    const created = await createPayment(app, fpxRequest([bill.id]));
    // A browser watching the payment's status: a stream that stays open until the payment ends.
    const stream = await fetch(`${base}/api/payments/${created.reference}/events`);
    expect(stream.status).toBe(200);
    const streamEnded = stream.body!.pipeTo(new WritableStream()).then(
      () => Date.now(),
      () => Date.now(),
    );
    // Eight clients reusing their keep-alive connections as fast as they are answered.
    let stop = false;
    let answered = 0;
    const loops = Array.from({ length: 8 }, async () => {
      while (!stop) {
        try {
          await (await fetch(`${base}/api/councils`)).text();
          answered += 1;
        } catch {
          await new Promise((r) => setTimeout(r, 20));
        }
      }
    });
    // Busy before it is asked to stop: some answers given (however long a loaded machine takes to give them).
    const since = answered;
    while (answered < since + 16) await new Promise((r) => setTimeout(r, 20));

    const closing = Date.now();
    const closed = app.close().then(() => Date.now());
    const finished = await Promise.race([closed, new Promise<null>((r) => setTimeout(() => r(null), 20_000))]);
    stop = true;
    await Promise.all(loops);
    app = null;
    // Well inside a Kubernetes grace period, and before Node's 5 s keep-alive timeout could have done it.
    expect(finished, 'the API was still serving 20 s after it was asked to stop').not.toBeNull();
    expect(finished! - closing).toBeLessThan(4_000);
    expect((await streamEnded) - closing).toBeLessThan(4_000);
  }, 60_000);
});
