/**
 * The council simulator: a council's revenue system that receives CouncilPay's webhooks. It checks every call's
 * signature with libs/webhooks' verifier, keeps what arrived (newest first, in memory), shows it on its index page,
 * and can be told through its control API to answer with a failure, to be slow (every call, or a share of them),
 * or to be down (the connection is closed with no answer), so the delivery worker's retries can be seen. It also
 * keeps every event it accepted, once each, whole (`GET /accepted`): what a council's system would have posted,
 * to be compared with the day's collection file. An Express app: tests run it in-process.
 */
import express, { type Express, type Request, type Response } from 'express';
import pino, { type Logger } from 'pino';
import { WEBHOOK_EVENT_ID_HEADER, WEBHOOK_SIGNATURE_HEADER } from '@councilpay/domain';
import { verifyWebhookSignature } from '@councilpay/webhooks';

export const RECEIVER_MODES = ['ok', 'fail', 'slow', 'down'] as const;
export type ReceiverMode = (typeof RECEIVER_MODES)[number];

/** An event the simulator accepted (a verified signature, not told to fail), kept once however often it came. */
export interface AcceptedEvent {
  id: string;
  type: string | null;
  council: string | null;
  /** The event's data as it arrived. */
  data: unknown;
  /** How many verified calls carried it (more than 1: delivered again, at least once is the promise). */
  arrivals: number;
}

/** One call that arrived. */
export interface ReceivedCall {
  at: string;
  eventId: string | null;
  type: string | null;
  council: string | null;
  /** The signature held for one of the secrets the simulator was given. */
  verified: boolean;
  /** Why it did not (malformed, stale, mismatch, no_secret). */
  refusal: string | null;
  /** The event id had arrived before (delivery is at least once). */
  repeat: boolean;
  /** What the simulator answered (0: nothing, the connection was closed). */
  status: number;
  /** How long `slow` held it before answering (0: not delayed). */
  delayedMs: number;
  body: string;
}

export interface CouncilSimOptions {
  /** The endpoint secrets (whsec_…) to verify with; more may be added through the control API. */
  secrets?: string[];
  /** How long `slow` waits before answering (default 12 s: past the sender's 10 s timeout). */
  slowMs?: number;
  /** `slow` waits a time drawn evenly from slowMinMs to slowMs (default: slowMs, always the same). */
  slowMinMs?: number;
  /** The share of calls `slow` delays (default 1: every call); the others are answered at once. */
  slowShare?: number;
  /** Calls kept, newest first (default 500). */
  keep?: number;
  logger?: Logger;
  now?: () => number;
}

export interface CouncilSim {
  app: Express;
  received: ReceivedCall[];
  accepted: Map<string, AcceptedEvent>;
  state: {
    mode: ReceiverMode;
    failStatus: number;
    slowMs: number;
    slowMinMs: number;
    slowShare: number;
    secrets: string[];
  };
}

const BODY_LIMIT = '256kb';
const esc = (value: unknown) =>
  String(value).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

export function createCouncilSim(options: CouncilSimOptions = {}): CouncilSim {
  const log = options.logger ?? pino({ level: 'silent' });
  const now = options.now ?? Date.now;
  const keep = options.keep ?? 500;
  const state: CouncilSim['state'] = {
    mode: 'ok',
    failStatus: 500,
    slowMs: options.slowMs ?? 12_000,
    slowMinMs: options.slowMinMs ?? options.slowMs ?? 12_000,
    slowShare: options.slowShare ?? 1,
    secrets: [...(options.secrets ?? [])],
  };
  const received: ReceivedCall[] = [];
  const accepted = new Map<string, AcceptedEvent>();
  // Calls `slow` has seen: every call whose running share crosses a whole number is delayed, so a share of 0.3
  // delays 3 calls in every 10, spread evenly.
  let slowCalls = 0;
  const delayThisCall = () => {
    slowCalls += 1;
    return Math.floor(slowCalls * state.slowShare) > Math.floor((slowCalls - 1) * state.slowShare);
  };
  const slowDelay = () => state.slowMinMs + Math.floor(Math.random() * (state.slowMs - state.slowMinMs + 1));
  const app = express();
  app.disable('x-powered-by');

  app.get('/health', (_req, res) => {
    res.json({ status: 'ok' });
  });

  app.post('/hooks', express.raw({ type: () => true, limit: BODY_LIMIT }), async (req: Request, res: Response) => {
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const text = raw.toString('utf8');
    const header = req.get(WEBHOOK_SIGNATURE_HEADER);
    const verdicts = state.secrets.map((s) => verifyWebhookSignature(s, header, raw, now()));
    const ok = verdicts.find((v) => v.ok);
    const refusal = ok ? null : (verdicts.find((v) => !v.ok && v.reason !== 'mismatch') ?? verdicts[0]);
    let event: { id?: unknown; type?: unknown; council?: unknown; data?: unknown } = {};
    try {
      event = JSON.parse(text) as typeof event;
    } catch {
      event = {};
    }
    const eventId = typeof event.id === 'string' ? event.id : (req.get(WEBHOOK_EVENT_ID_HEADER) ?? null);
    const call: ReceivedCall = {
      at: new Date(now()).toISOString(),
      eventId,
      type: typeof event.type === 'string' ? event.type : null,
      council: typeof event.council === 'string' ? event.council : null,
      verified: Boolean(ok),
      refusal: ok ? null : refusal && !refusal.ok ? refusal.reason : 'no_secret',
      repeat: Boolean(ok && eventId && accepted.has(eventId)),
      status: 0,
      delayedMs: 0,
      body: text.slice(0, 4_000),
    };
    received.unshift(call);
    received.length = Math.min(received.length, keep);
    const answer = (status: number, body: object) => {
      call.status = status;
      log.info({ eventId, type: call.type, status, verified: call.verified, mode: state.mode }, 'webhook received');
      res.status(status).json(body);
    };
    if (state.mode === 'down') {
      log.info({ eventId }, 'webhook dropped: down');
      req.socket.destroy();
      return;
    }
    if (state.mode === 'slow' && delayThisCall()) {
      call.delayedMs = slowDelay();
      await new Promise((resolve) => setTimeout(resolve, call.delayedMs));
    }
    if (!ok) return answer(400, { error: 'signature', reason: call.refusal });
    if (state.mode === 'fail') return answer(state.failStatus, { error: 'told to fail' });
    // Accepted, even when the sender gave up waiting meanwhile: a council's system that answers late has still
    // posted the event, and its next delivery is a repeat.
    if (eventId) {
      const known = accepted.get(eventId);
      if (known) known.arrivals += 1;
      else
        accepted.set(eventId, { id: eventId, type: call.type, council: call.council, data: event.data, arrivals: 1 });
    }
    answer(200, { received: true, repeat: call.repeat });
  });

  app.get('/control', (_req, res) => {
    res.json({
      mode: state.mode,
      failStatus: state.failStatus,
      slowMs: state.slowMs,
      slowMinMs: state.slowMinMs,
      slowShare: state.slowShare,
      secrets: state.secrets.length,
    });
  });
  app.post('/control/mode', express.json(), (req, res) => {
    const { mode, failStatus, slowMs, slowMinMs, slowShare } = (req.body ?? {}) as {
      mode?: unknown;
      failStatus?: unknown;
      slowMs?: unknown;
      slowMinMs?: unknown;
      slowShare?: unknown;
    };
    if (!RECEIVER_MODES.includes(mode as ReceiverMode)) {
      res.status(400).json({ error: `mode must be one of ${RECEIVER_MODES.join(', ')}` });
      return;
    }
    if (
      failStatus !== undefined &&
      !(Number.isInteger(failStatus) && (failStatus as number) >= 300 && (failStatus as number) <= 599)
    ) {
      res.status(400).json({ error: 'failStatus must be a status from 300 to 599' });
      return;
    }
    if (
      slowMs !== undefined &&
      !(Number.isInteger(slowMs) && (slowMs as number) >= 0 && (slowMs as number) <= 120_000)
    ) {
      res.status(400).json({ error: 'slowMs must be 0 to 120000' });
      return;
    }
    const newSlowMs = slowMs === undefined ? state.slowMs : (slowMs as number);
    if (
      slowMinMs !== undefined &&
      !(Number.isInteger(slowMinMs) && (slowMinMs as number) >= 0 && (slowMinMs as number) <= newSlowMs)
    ) {
      res.status(400).json({ error: 'slowMinMs must be 0 to slowMs' });
      return;
    }
    if (slowShare !== undefined && !(typeof slowShare === 'number' && slowShare >= 0 && slowShare <= 1)) {
      res.status(400).json({ error: 'slowShare must be a number from 0 to 1' });
      return;
    }
    state.mode = mode as ReceiverMode;
    if (failStatus !== undefined) state.failStatus = failStatus as number;
    state.slowMs = newSlowMs;
    // Without slowMinMs, every slow call waits slowMs (a shorter slowMs also lowers the minimum).
    state.slowMinMs = slowMinMs === undefined ? newSlowMs : (slowMinMs as number);
    if (slowShare !== undefined) state.slowShare = slowShare as number;
    log.info({ mode: state.mode, slowShare: state.slowShare }, 'mode changed');
    res.json({
      mode: state.mode,
      failStatus: state.failStatus,
      slowMs: state.slowMs,
      slowMinMs: state.slowMinMs,
      slowShare: state.slowShare,
    });
  });
  app.post('/control/secrets', express.json(), (req, res) => {
    const { secret } = (req.body ?? {}) as { secret?: unknown };
    if (typeof secret !== 'string' || !/^whsec_[A-Za-z0-9_-]{20,100}$/.test(secret)) {
      res.status(400).json({ error: 'secret must be an endpoint secret (whsec_…)' });
      return;
    }
    if (!state.secrets.includes(secret)) state.secrets.push(secret);
    // The secret itself is never logged.
    log.info({ secrets: state.secrets.length }, 'secret added');
    res.json({ secrets: state.secrets.length });
  });
  app.post('/control/reset', (_req, res) => {
    received.length = 0;
    accepted.clear();
    state.mode = 'ok';
    res.json({ ok: true });
  });
  app.get('/received', (_req, res) => {
    res.json(received);
  });
  app.get('/accepted', (_req, res) => {
    res.json({ count: accepted.size, events: [...accepted.values()] });
  });

  app.get('/', (_req, res) => {
    const rows = received
      .map(
        (c) =>
          `<tr data-event="${esc(c.eventId ?? '')}" data-status="${c.status}"><td>${esc(c.at)}</td><td>${esc(c.type ?? '')}</td>` +
          `<td>${esc(c.council ?? '')}</td><td><code>${esc(c.eventId ?? '')}</code></td>` +
          `<td>${c.verified ? 'verified' : `refused (${esc(c.refusal ?? '')})`}${c.repeat ? ', repeat' : ''}</td>` +
          `<td>${c.status === 0 ? 'no answer' : c.status}</td></tr>`,
      )
      .join('');
    res
      .type('html')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Council simulator</title>` +
          `<style>body{font:15px/1.5 system-ui,sans-serif;margin:1.5rem}table{border-collapse:collapse}` +
          `td,th{border-bottom:1px solid #ccc;padding:.25rem .5rem;text-align:left}</style></head><body>` +
          `<h1>Council simulator</h1><p>Receives CouncilPay's webhooks at <code>POST /hooks</code>. Mode: ` +
          `<strong data-testid="mode">${esc(state.mode)}</strong>; secrets known: ${state.secrets.length}.</p>` +
          `<h2>Received (${received.length})</h2><table data-testid="received"><thead><tr><th>At</th><th>Type</th>` +
          `<th>Council</th><th>Event</th><th>Signature</th><th>Answer</th></tr></thead><tbody>${rows}</tbody></table>` +
          `</body></html>`,
      );
  });

  return { app, received, accepted, state };
}
