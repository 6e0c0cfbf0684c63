/**
 * The gateway simulator as an Express app, so tests run it in-process (supertest) and main.ts listens.
 */
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import pino, { type Logger } from 'pino';
import { randomBytes } from 'node:crypto';
import { formatRinggit } from '@councilpay/domain';
import { qrNotificationHeaders, type KeyInput } from '@councilpay/fpx';
import {
  cardCallbackAcknowledged,
  Deliverer,
  DEFAULT_RETRY_POLICY,
  fpxDirectAcknowledged,
  qrNotificationAcknowledged,
  type RetryPolicy,
} from './delivery';
import { cardLog, cardRouter } from './card';
import { DEFAULT_OFFLINE_BANKS, SIM_DEFAULTS } from './config';
import { requestTags, type QrAcquirerSettings, type SimContext } from './context';
import { controlRouter } from './control';
import { fpxLog, fpxRouter } from './fpx';
import { qrLog, qrRouter, startExpirySweep } from './qr';
import { esc, page } from './html';
import { SimState } from './state';

export interface SimulatorOptions {
  /** Signs the AC, AE answers and BC (PEM or KeyObject). */
  exchangePrivateKey: KeyInput;
  /** Verifies the merchant's AR, AE and BE (PEM public key or certificate, or KeyObject). */
  sellerPublicKey: KeyInput;
  /** Card gateway HMAC secret shared with the merchant. */
  cardSecret: string;
  /**
   * The QR acquirer: the merchant's API key, the notification secret (base64) and where notifications go
   * (default http://localhost:3000/api/gateways/duitnow/notify), the merchant's name and city on the codes.
   * Unset keys are random (a test that pays by QR passes its own).
   */
  qr?: Partial<QrAcquirerSettings>;
  /** Default http://localhost:3000/api/gateways/fpx/direct. */
  fpxDirectAcUrl?: string;
  /** Default http://localhost:3000/api/gateways/fpx/indirect. */
  fpxIndirectAcUrl?: string;
  /** Default http://localhost:3100. */
  publicUrl?: string;
  /** Banks listed offline; default HSBC0223 and KFH0346. */
  offlineBanks?: readonly string[];
  /** Retry of the direct AC and card callback; unset parts use DEFAULT_RETRY_POLICY. */
  retry?: Partial<RetryPolicy>;
  /** JSON file keeping the transactions across restarts; null or unset: memory only (tests). */
  stateFile?: string | null;
  /** Default: a silent logger. */
  logger?: Logger;
}

export interface Simulator {
  app: Express;
  state: SimState;
  context: SimContext;
  /** Resolves when no direct AC / callback is being retried. */
  idle(): Promise<void>;
  /** Stops retries and saves the state. */
  close(): void;
}

function requestLogger(log: Logger) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      if (req.path === '/health') return;
      const ms = Number((process.hrtime.bigint() - started) / 1_000_000n);
      // Never the body: the card form's fields must not reach the logs.
      log.info({ ...requestTags(res), method: req.method, path: req.path, status: res.statusCode, ms }, 'request');
    });
    next();
  };
}

function indexPage(ctx: SimContext): string {
  const { fpx, card, qr } = ctx.state.list();
  const fpxRows = fpx
    .slice(0, 20)
    .map(
      (t) =>
        `<tr><td><a href="/sim/fpx/${esc(encodeURIComponent(t.sellerExOrderNo))}">${esc(t.sellerOrderNo)}</a></td><td>${esc(t.bankName)}</td><td>${esc(formatRinggit(t.amountSen))}</td><td>${esc(t.status)} (${esc(t.debitAuthCode)})</td></tr>`,
    )
    .join('');
  const cardRows = card
    .slice(0, 20)
    .map(
      (t) =>
        `<tr><td><a href="/sim/card/${esc(t.invoiceNo)}">${esc(t.invoiceNo)}</a></td><td>${esc(formatRinggit(t.amountSen))}</td><td>${esc(t.status)} (${esc(t.gatewayStatus)})</td></tr>`,
    )
    .join('');
  const qrRows = qr
    .slice(0, 20)
    .map(
      (t) =>
        `<tr><td>${esc(t.charge.reference)}</td><td>${esc(formatRinggit(t.charge.amount))}</td><td>${esc(t.charge.status)}</td><td><a href="/sim/qr/scan?payload=${esc(encodeURIComponent(t.charge.source.scannable_code.payload))}">Scan</a></td></tr>`,
    )
    .join('');
  const body = `<h1>Gateway simulator</h1>
<p>Stands in for the FPX exchange, the card gateway and a DuitNow QR acquirer. Base URL: <code>${esc(ctx.settings.publicUrl)}</code></p>
<p>The bank's answers (AC) go to <code>${esc(ctx.settings.fpxDirectAcUrl)}</code> and <code>${esc(ctx.settings.fpxIndirectAcUrl)}</code>.</p>
<h2>FPX: latest transactions</h2>
<table><thead><tr><th scope="col">Order no.</th><th scope="col">Bank</th><th scope="col">Amount</th><th scope="col">Status</th></tr></thead><tbody>${fpxRows || '<tr><td colspan="4">None yet</td></tr>'}</tbody></table>
<h2>Card: latest transactions</h2>
<table><thead><tr><th scope="col">Invoice no.</th><th scope="col">Amount</th><th scope="col">Status</th></tr></thead><tbody>${cardRows || '<tr><td colspan="3">None yet</td></tr>'}</tbody></table>
<h2>DuitNow QR: latest charges</h2>
<table><thead><tr><th scope="col">Reference</th><th scope="col">Amount</th><th scope="col">Status</th><th scope="col">Payer's app</th></tr></thead><tbody>${qrRows || '<tr><td colspan="4">None yet</td></tr>'}</tbody></table>
<p class="note">JSON: <a href="/sim/transactions">/sim/transactions</a>, <a href="/sim/fpx/banks">/sim/fpx/banks</a>, <a href="/health">/health</a>.</p>`;
  return page({ title: 'Gateway simulator', brand: 'Gateway simulator', body });
}

function errorStatus(error: unknown): number {
  if (typeof error === 'object' && error !== null && 'status' in error) {
    const status = (error as { status: unknown }).status;
    if (typeof status === 'number' && status >= 400 && status < 500) return status;
  }
  return 500;
}

/** Builds the simulator. Nothing listens: mount `app` in a server (main.ts) or hand it to supertest. */
export function createSimulator(options: SimulatorOptions): Simulator {
  const log = options.logger ?? pino({ level: 'silent' });
  const state = new SimState(options.stateFile ?? null, log);
  const qr: QrAcquirerSettings = {
    secretKey: options.qr?.secretKey ?? `skey_sim_${randomBytes(16).toString('hex')}`,
    webhookSecret: options.qr?.webhookSecret ?? randomBytes(32).toString('base64'),
    notifyUrl: options.qr?.notifyUrl ?? SIM_DEFAULTS.QR_NOTIFY_URL,
    merchantName: options.qr?.merchantName ?? SIM_DEFAULTS.SIM_QR_MERCHANT_NAME,
    merchantCity: options.qr?.merchantCity ?? SIM_DEFAULTS.SIM_QR_MERCHANT_CITY,
  };
  // QR notifications are signed at each attempt, so a retry carries a fresh time.
  const deliverer = new Deliverer(
    { ...DEFAULT_RETRY_POLICY, ...options.retry },
    () => state.changed(),
    (record) => (record.kind === 'qr-notification' ? qrNotificationHeaders(qr.webhookSecret, record.body) : {}),
  );
  const ctx: SimContext = {
    settings: {
      exchangePrivateKey: options.exchangePrivateKey,
      sellerPublicKey: options.sellerPublicKey,
      cardSecret: options.cardSecret,
      fpxDirectAcUrl: options.fpxDirectAcUrl ?? SIM_DEFAULTS.FPX_DIRECT_AC_URL,
      fpxIndirectAcUrl: options.fpxIndirectAcUrl ?? SIM_DEFAULTS.FPX_INDIRECT_AC_URL,
      publicUrl: options.publicUrl ?? SIM_DEFAULTS.SIM_PUBLIC_URL,
      retry: { ...DEFAULT_RETRY_POLICY, ...options.retry },
      qr,
    },
    state,
    deliverer,
    log,
    offlineBanks: new Set(options.offlineBanks ?? DEFAULT_OFFLINE_BANKS),
  };

  state.load();
  for (const txn of state.fpx.values()) {
    if (txn.direct) deliverer.resume(`fpx:${txn.sellerExOrderNo}`, txn.direct, fpxDirectAcknowledged, fpxLog(ctx, txn));
  }
  for (const txn of state.card.values()) {
    if (txn.callback)
      deliverer.resume(`card:${txn.invoiceNo}`, txn.callback, cardCallbackAcknowledged, cardLog(ctx, txn));
  }
  for (const txn of state.qr.values()) {
    if (txn.notification)
      deliverer.resume(`qr:${txn.charge.id}`, txn.notification, qrNotificationAcknowledged, qrLog(ctx, txn));
  }
  const stopExpirySweep = startExpirySweep(ctx);

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', false);
  app.use(requestLogger(log));
  app.use((_req, res, next) => {
    res.set('referrer-policy', 'no-referrer');
    res.set('x-content-type-options', 'nosniff');
    next();
  });
  app.get('/health', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/', (_req, res) => {
    res.set('cache-control', 'no-store').type('html').send(indexPage(ctx));
  });
  app.use(fpxRouter(ctx));
  app.use(cardRouter(ctx));
  app.use(qrRouter(ctx));
  app.use(controlRouter(ctx));
  app.use((req, res) => {
    if (req.path.startsWith('/sim/')) res.status(404).json({ error: `no route ${req.method} ${req.path}` });
    else res.status(404).type('text/plain').send('Not found');
  });
  app.use((error: unknown, req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    const status = errorStatus(error);
    if (status >= 500) log.error({ err: error, method: req.method, path: req.path }, 'request failed');
    const message = status >= 500 ? 'internal error' : error instanceof Error ? error.message : 'bad request';
    if (req.path.startsWith('/sim/')) res.status(status).json({ error: message });
    else res.status(status).type('text/plain').send(message);
  });

  return {
    app,
    state,
    context: ctx,
    idle: () => deliverer.idle(),
    close: () => {
      stopExpirySweep();
      deliverer.close();
      state.flush();
    },
  };
}
