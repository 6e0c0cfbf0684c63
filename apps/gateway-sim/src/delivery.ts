/**
 * Server-to-server deliveries with retry: the FPX direct AC (the merchant must answer the body `OK`),
 * the card gateway callback and the QR acquirer's notification (any 2xx; JSON, signed afresh at every attempt
 * by the headers the Deliverer is given for its kind). The first attempt is made at once; after a failure the next
 * waits the policy's next delay (the last delay repeats) until the merchant acknowledges or the
 * attempts run out. Every attempt is logged. One delivery per transaction: a newer one replaces it.
 */
import type { Logger } from 'pino';

export interface RetryPolicy {
  /** Wait after the 1st, 2nd, ... failed attempt; the last value repeats. */
  delaysMs: number[];
  /** Attempts in all, the first included, before giving up. */
  maxAttempts: number;
  /** Time limit of one attempt. */
  timeoutMs: number;
}

/** 1 s, 2 s, 5 s, 10 s, 30 s, then every 60 s; 30 attempts (about 25 minutes). */
export const DEFAULT_RETRY_POLICY: Readonly<RetryPolicy> = Object.freeze({
  delaysMs: [1000, 2000, 5000, 10_000, 30_000, 60_000],
  maxAttempts: 30,
  timeoutMs: 10_000,
});

/** The wait after `failedAttempts` failed attempts (1-based). */
export function retryDelay(policy: RetryPolicy, failedAttempts: number): number {
  const delays = policy.delaysMs.length > 0 ? policy.delaysMs : [0];
  const index = Math.min(Math.max(failedAttempts, 1), delays.length) - 1;
  return delays[index] ?? 0;
}

export type DeliveryKind = 'fpx-direct-ac' | 'card-callback' | 'qr-notification';

/** The body's media type by kind: the gateways post forms, the QR acquirer JSON. */
const CONTENT_TYPES: Readonly<Record<DeliveryKind, string>> = {
  'fpx-direct-ac': 'application/x-www-form-urlencoded',
  'card-callback': 'application/x-www-form-urlencoded',
  'qr-notification': 'application/json',
};

/** Headers computed for each attempt (a signature over the body and the time of sending). */
export type AttemptHeaders = (record: DeliveryRecord) => Record<string, string>;

/** A delivery as recorded on its transaction (persisted with it, so a restart resumes it). */
export interface DeliveryRecord {
  kind: DeliveryKind;
  url: string;
  /** The body posted on every attempt (a URL-encoded form, or JSON for the QR acquirer). */
  body: string;
  attempts: number;
  acknowledged: boolean;
  gaveUp: boolean;
  lastAttemptAt: string | null;
  lastStatus: number | null;
  lastError: string | null;
  nextAttemptAt: string | null;
}

export function newDeliveryRecord(kind: DeliveryKind, url: string, body: string): DeliveryRecord {
  return {
    kind,
    url,
    body,
    attempts: 0,
    acknowledged: false,
    gaveUp: false,
    lastAttemptAt: null,
    lastStatus: null,
    lastError: null,
    nextAttemptAt: null,
  };
}

/** Whether an answer acknowledges the delivery. */
export type Acknowledges = (status: number, body: string) => boolean;

/** FPX: the merchant must answer `OK` (surrounding whitespace ignored) with a 2xx status. */
export const fpxDirectAcknowledged: Acknowledges = (status, body) =>
  status >= 200 && status < 300 && body.trim() === 'OK';

/** Card gateway: any 2xx. */
export const cardCallbackAcknowledged: Acknowledges = (status) => status >= 200 && status < 300;

/** QR acquirer: any 2xx. */
export const qrNotificationAcknowledged: Acknowledges = cardCallbackAcknowledged;

interface Active {
  timer: NodeJS.Timeout | undefined;
}

export class Deliverer {
  private readonly active = new Map<string, Active>();
  private idleWaiters: (() => void)[] = [];
  private closed = false;

  constructor(
    private readonly policy: RetryPolicy,
    private readonly onChange: () => void,
    private readonly attemptHeaders: AttemptHeaders = () => ({}),
  ) {}

  /**
   * Starts a delivery (replacing any under the same key): makes the first attempt and resolves when it
   * is answered; later attempts run in the background.
   */
  async start(key: string, record: DeliveryRecord, acknowledges: Acknowledges, log: Logger): Promise<DeliveryRecord> {
    this.cancel(key);
    if (this.closed) return record;
    const entry: Active = { timer: undefined };
    this.active.set(key, entry);
    await this.attempt(key, entry, record, acknowledges, log);
    return record;
  }

  /** Picks up a delivery loaded from saved state: the next attempt at its recorded time (or now). */
  resume(key: string, record: DeliveryRecord, acknowledges: Acknowledges, log: Logger): void {
    if (record.acknowledged || record.gaveUp || this.closed) return;
    this.cancel(key);
    const entry: Active = { timer: undefined };
    this.active.set(key, entry);
    const due = record.nextAttemptAt === null ? 0 : Math.max(0, Date.parse(record.nextAttemptAt) - Date.now());
    log.info(
      { delivery: record.kind, url: record.url, attempts: record.attempts, inMs: due },
      'resuming delivery after restart',
    );
    this.schedule(key, entry, record, acknowledges, log, Number.isFinite(due) ? due : 0);
  }

  /** Stops retrying the delivery under `key` (its record keeps its last state). */
  cancel(key: string): void {
    const entry = this.active.get(key);
    if (entry === undefined) return;
    if (entry.timer !== undefined) clearTimeout(entry.timer);
    this.finish(key, entry);
  }

  /** Keys of deliveries still being retried. */
  pending(): string[] {
    return [...this.active.keys()];
  }

  /** Resolves once no delivery is being retried (acknowledged, given up or cancelled). */
  idle(): Promise<void> {
    if (this.active.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Cancels every retry; nothing new starts afterwards. */
  close(): void {
    this.closed = true;
    for (const key of [...this.active.keys()]) this.cancel(key);
  }

  private finish(key: string, entry: Active): void {
    if (this.active.get(key) !== entry) return;
    this.active.delete(key);
    if (this.active.size === 0) {
      const waiters = this.idleWaiters;
      this.idleWaiters = [];
      for (const resolve of waiters) resolve();
    }
  }

  private schedule(
    key: string,
    entry: Active,
    record: DeliveryRecord,
    acknowledges: Acknowledges,
    log: Logger,
    delayMs: number,
  ): void {
    record.nextAttemptAt = new Date(Date.now() + delayMs).toISOString();
    entry.timer = setTimeout(() => {
      entry.timer = undefined;
      void this.attempt(key, entry, record, acknowledges, log);
    }, delayMs);
    // Pending retries never keep a process alive on their own (the HTTP server does); state keeps them.
    entry.timer.unref();
  }

  private async attempt(
    key: string,
    entry: Active,
    record: DeliveryRecord,
    acknowledges: Acknowledges,
    log: Logger,
  ): Promise<void> {
    if (this.active.get(key) !== entry) return;
    record.attempts += 1;
    record.lastAttemptAt = new Date().toISOString();
    record.nextAttemptAt = null;
    const attempt = record.attempts;
    let status: number | null = null;
    let error: string | null = null;
    let ok = false;
    try {
      const response = await fetch(record.url, {
        method: 'POST',
        headers: { 'content-type': CONTENT_TYPES[record.kind], ...this.attemptHeaders(record) },
        body: record.body,
        redirect: 'manual',
        signal: AbortSignal.timeout(this.policy.timeoutMs),
      });
      status = response.status;
      const text = await response.text();
      ok = acknowledges(status, text);
      if (!ok) {
        const excerpt = text.trim().slice(0, 80);
        error = status >= 200 && status < 300 ? `answered "${excerpt}" instead of OK` : `HTTP ${status}`;
      }
    } catch (caught) {
      error = caught instanceof Error ? `${caught.name}: ${caught.message}` : String(caught);
    }
    record.lastStatus = status;
    record.lastError = ok ? null : error;
    const fields = { delivery: record.kind, url: record.url, attempt, status };
    if (this.active.get(key) !== entry) {
      log.info({ ...fields, ok }, 'delivery attempt answered after it was replaced or cancelled');
    } else if (ok) {
      record.acknowledged = true;
      log.info(fields, 'delivery acknowledged');
      this.finish(key, entry);
    } else if (attempt >= this.policy.maxAttempts) {
      record.gaveUp = true;
      log.error({ ...fields, error }, 'delivery failed; giving up');
      this.finish(key, entry);
    } else {
      const delayMs = retryDelay(this.policy, attempt);
      log.warn({ ...fields, error, retryInMs: delayMs }, 'delivery failed; will retry');
      this.schedule(key, entry, record, acknowledges, log, delayMs);
    }
    this.onChange();
  }
}
