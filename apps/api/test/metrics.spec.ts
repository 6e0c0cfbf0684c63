import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MetricsServer } from '../src/metrics/metrics-server';
import { createPayment, fpxRequest, makePayable, postDirectAc, signedAc } from './payment-helpers';
import { createTestApi } from './test-app';
import { freePort, startWorker } from './worker-helpers';

/** Every metric family the API and the worker exposed in this file's scrapes. */
const families = new Set<string>();

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** One scrape of /metrics, read into samples (name, labels, value). */
async function scrape(port: number): Promise<{ text: string; samples: Sample[] }> {
  const res = await fetch(`http://127.0.0.1:${port}/metrics`, { signal: AbortSignal.timeout(15_000) });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  const text = await res.text();
  for (const [, family] of text.matchAll(/^# TYPE (\w+) /gm)) families.add(family);
  const samples = text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [, name, labelText = '', value] = /^(\w+)(?:\{(.*)\})? (\S+)$/.exec(line) ?? [];
      const labels = Object.fromEntries([...labelText.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
      return { name, labels, value: Number(value) };
    });
  return { text, samples };
}

/** The sum of the samples named `name` whose labels include `labels`. */
function total(scraped: { samples: Sample[] }, name: string, labels: Record<string, string> = {}): number {
  return scraped.samples
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);
}

describe('GET /metrics (Prometheus), on a port of its own', () => {
  let api: INestApplication;
  let apiPort: number;

  beforeAll(async () => {
    apiPort = await freePort();
    api = await createTestApi({ METRICS_PORT: String(apiPort) });
  });
  afterAll(async () => {
    await api?.close();
  });

  it("after a payment, its counters moved: created, paid by the bank's callback, the request timed by its route", async () => {
    expect(api.get(MetricsServer).port).toBe(apiPort);
    const before = await scrape(apiPort);

    const bill = await makePayable(api, { balanceSen: 4_200 });
    const payment = await createPayment(api, fpxRequest([bill.id]));
    await postDirectAc(api, signedAc(payment.redirect, '00')).expect(200);
    // A tampered callback is refused, and counted.
    const tampered = { ...signedAc(payment.redirect, '00'), fpx_txnAmount: '1.00' };
    await postDirectAc(api, tampered);

    const after = await scrape(apiPort);
    const moved = (name: string, labels: Record<string, string>) =>
      total(after, name, labels) - total(before, name, labels);
    expect(moved('councilpay_payments_created_total', { method: 'fpx' })).toBe(1);
    expect(moved('councilpay_payment_status_changes_total', { to: 'paid', method: 'fpx', source: 'callback' })).toBe(1);
    // By council: the bill's council saw one payment created and one paid.
    for (const status of ['created', 'paid'])
      expect(moved('councilpay_council_payments_total', { council: bill.councilCode, status }), status).toBe(1);
    expect(moved('councilpay_gateway_callbacks_refused_total', { gateway: 'fpx' })).toBeGreaterThanOrEqual(1);
    expect(
      moved('councilpay_http_request_duration_seconds_count', {
        method: 'POST',
        route: '/api/payments',
        status: '201',
      }),
    ).toBe(1);
    // What PostgreSQL and Redis hold, as /api/health reads it.
    // Up (1) or not (0) as /api/health judges it (a busy machine may be judged slow: the down case is below).
    for (const dependency of ['postgres', 'redis'])
      expect([0, 1]).toContain(
        after.samples.find((x) => x.name === 'councilpay_dependency_up' && x.labels.dependency === dependency)?.value,
      );
    // Per queue while Redis answers the health check (a busy machine may find it slow: then none this scrape).
    expect(after.text).toContain('# TYPE councilpay_queue_jobs gauge');
    expect(after.text).toContain('# TYPE councilpay_queue_oldest_waiting_seconds gauge');
    expect(after.text).toMatch(/^councilpay_outbox_oldest_unsent_seconds\{[^}]*\} [\d.]+$/m);
    expect(after.text).toMatch(/^councilpay_notifications_oldest_unsent_seconds\{[^}]*\} [\d.]+$/m);
    // The process's own: event loop lag, memory.
    expect(after.text).toMatch(/^councilpay_nodejs_eventloop_lag_seconds\{[^}]*\} [\d.e-]+$/m);
  });

  it('a Redis that cannot be reached reads 0', async () => {
    const port = await freePort();
    const cut = await createTestApi({ METRICS_PORT: String(port), REDIS_URL: 'redis://127.0.0.1:1' });
    try {
      expect(total(await scrape(port), 'councilpay_dependency_up', { dependency: 'redis' })).toBe(0);
    } finally {
      await cut.close();
    }
  });

  it('answers nothing but /metrics', async () => {
    expect((await fetch(`http://127.0.0.1:${apiPort}/`)).status).toBe(404);
  });
});

describe("the worker's metrics", () => {
  let worker: INestApplicationContext;
  let port: number;

  beforeAll(async () => {
    port = await freePort();
    worker = await startWorker({ METRICS_PORT: String(port) });
  }, 60_000);
  afterAll(async () => {
    await worker?.close();
  });

  it('are served on its own port too', async () => {
    const { text } = await scrape(port);
    expect(text).toContain('# TYPE councilpay_payment_status_changes_total counter');
    expect(text).toContain('# TYPE councilpay_notification_attempts_failed_total counter');
    expect(text).toMatch(/^councilpay_process_resident_memory_bytes\{[^}]*\} \d+/m);
  });
});

describe('the alerts and the dashboard in deploy/monitoring', () => {
  it('name only metrics the API or the worker exposes', () => {
    const root = resolve(__dirname, '../../..');
    const text = ['prometheus-rules.yaml', 'grafana-dashboard.json']
      .map((file) => readFileSync(resolve(root, 'deploy/monitoring', file), 'utf8'))
      .join('\n');
    const named = new Set(
      [...text.matchAll(/\b(councilpay_\w+)/g)].map((m) => m[1].replace(/_(bucket|count|sum)$/, '')),
    );
    expect(named.size).toBeGreaterThanOrEqual(10);
    expect([...named].filter((name) => !families.has(name))).toEqual([]);
  });
});
