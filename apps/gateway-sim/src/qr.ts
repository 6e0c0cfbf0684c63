/**
 * The simulated DuitNow QR acquirer, after Opn Payments' (Omise) charges API (libs/fpx duitnow-acquirer.ts):
 *
 * - `POST /qr/charges` (JSON, HTTP Basic with the merchant's secret key): a pending charge with a dynamic code
 *   (the EMVCo payload with the amount and the merchant's reference) that may be paid until `expires_at`.
 * - `GET /qr/charges/:id` (same authentication): the charge as it stands, the merchant's enquiry.
 * - The payer's banking app: `GET /sim/qr/scan?payload=…` reads a code as an app's scanner would (CRC and all)
 *   and shows what the payer would confirm; `POST /sim/qr/:id` pays it, refuses it, or leaves it pending.
 * - When a charge ends (paid, failed, or expired unpaid) a signed `charge.complete` event is posted to the
 *   merchant, retried until a 2xx; a payment made after the code expired is still paid, and notified.
 */
import { randomBytes } from 'node:crypto';
import express, { type Request, type Response, type Router } from 'express';
import type { Logger } from 'pino';
import { formatRinggit } from '@councilpay/domain';
import {
  buildDuitNowQr,
  parseDuitNowQr,
  qrChargeRequestProblem,
  qrSecretKeyOf,
  QrPayloadError,
  QR_CURRENCY,
  QR_EVENT_COMPLETE,
  QR_SOURCE_TYPE,
  type QrCharge,
  type QrChargeRequest,
  type QrEvent,
} from '@councilpay/fpx';
import { randomDigits, SimRequestError, tagRequest, type SimContext } from './context';
import { newDeliveryRecord, qrNotificationAcknowledged } from './delivery';
import { errorPage, esc, page, sendHtml } from './html';
import { addHistory, type QrTransaction } from './state';

/** The acquirer's PayNet participant code on the codes it makes. */
export const SIM_QR_ACQUIRER_ID = '890061';
/** The merchant's id at the acquirer. */
export const SIM_QR_MERCHANT_ID = 'CPSIM0000001';

export type QrDecision = 'approve' | 'reject' | 'pending' | 'expire';
export const QR_DECISIONS: readonly QrDecision[] = ['approve', 'reject', 'pending', 'expire'];
export const QR_REJECTED = { code: 'payment_rejected', message: 'The payer rejected the payment in the app' };
export const QR_EXPIRED = { code: 'payment_expired', message: 'The code expired before it was paid' };

const BRAND = 'DuitNow QR acquirer simulator';
/** How often pending charges are checked for expiry. */
const EXPIRY_SWEEP_MS = 1000;

export function isQrDecision(value: unknown): value is QrDecision {
  return typeof value === 'string' && (QR_DECISIONS as readonly string[]).includes(value);
}

export function qrLog(ctx: SimContext, txn: QrTransaction): Logger {
  return ctx.log.child({ gateway: 'qr', chargeId: txn.charge.id, reference: txn.charge.reference });
}

/** The merchant's key must be on the call; anything else is refused as the acquirer would (401). */
function authenticate(ctx: SimContext, req: Request): void {
  if (qrSecretKeyOf(req.header('authorization')) !== ctx.settings.qr.secretKey) {
    throw new SimRequestError(401, 'authentication failed: the secret key is missing or not this merchant’s');
  }
}

/** Posts the charge's `charge.complete` event (a new delivery replaces one still being retried). */
export async function notify(ctx: SimContext, txn: QrTransaction): Promise<void> {
  const event: QrEvent = {
    object: 'event',
    id: `evnt_sim_${randomBytes(8).toString('hex')}`,
    key: QR_EVENT_COMPLETE,
    created_at: new Date().toISOString(),
    data: txn.charge,
  };
  txn.notification = newDeliveryRecord('qr-notification', txn.notifyUrl, JSON.stringify(event));
  addHistory(txn, 'notification', event.id);
  ctx.state.changed();
  await ctx.deliverer.start(`qr:${txn.charge.id}`, txn.notification, qrNotificationAcknowledged, qrLog(ctx, txn));
}

/**
 * What the payer (or time) did to a charge. A paid charge stays paid; a failed one stays failed; an expired one
 * may still be paid (a payment the payer's bank made as the code expired), never refused or expired again.
 * Returns whether the charge changed.
 */
export function decideQr(ctx: SimContext, txn: QrTransaction, decision: QrDecision, now = new Date()): boolean {
  const { charge } = txn;
  if (decision === 'pending') return false;
  if (charge.status === 'successful' || charge.status === 'failed') return false;
  if (charge.status === 'expired' && decision !== 'approve') return false;
  if (decision === 'approve') {
    charge.status = 'successful';
    charge.paid_at = now.toISOString();
    charge.transaction = `trxn_sim_${randomDigits(12)}`;
    charge.failure_code = null;
    charge.failure_message = null;
  } else if (decision === 'reject') {
    charge.status = 'failed';
    charge.failure_code = QR_REJECTED.code;
    charge.failure_message = QR_REJECTED.message;
  } else {
    charge.status = 'expired';
    charge.failure_code = QR_EXPIRED.code;
    charge.failure_message = QR_EXPIRED.message;
  }
  addHistory(txn, decision, charge.status);
  qrLog(ctx, txn).info({ decision, status: charge.status }, 'charge decided');
  ctx.state.changed();
  return true;
}

/** Expires every pending charge past its time, notifying the merchant of each. */
export function expireDue(ctx: SimContext, now = new Date()): QrTransaction[] {
  const expired: QrTransaction[] = [];
  for (const txn of ctx.state.qr.values()) {
    if (txn.charge.status === 'pending' && Date.parse(txn.charge.expires_at) <= now.getTime()) {
      if (decideQr(ctx, txn, 'expire', now)) expired.push(txn);
    }
  }
  for (const txn of expired) void notify(ctx, txn);
  return expired;
}

/** Starts the expiry sweep; returns its stop function. */
export function startExpirySweep(ctx: SimContext): () => void {
  const timer = setInterval(() => expireDue(ctx), EXPIRY_SWEEP_MS);
  timer.unref();
  return () => clearInterval(timer);
}

function createCharge(ctx: SimContext, request: QrChargeRequest): QrTransaction {
  const now = new Date();
  const payload = buildDuitNowQr({
    acquirerId: SIM_QR_ACQUIRER_ID,
    merchantId: SIM_QR_MERCHANT_ID,
    merchantName: ctx.settings.qr.merchantName,
    merchantCity: ctx.settings.qr.merchantCity,
    amountSen: request.amount,
    reference: request.reference,
  });
  const charge: QrCharge = {
    object: 'charge',
    id: `chrg_sim_${randomBytes(10).toString('hex')}`,
    amount: request.amount,
    currency: QR_CURRENCY,
    status: 'pending',
    reference: request.reference,
    source: { type: QR_SOURCE_TYPE, scannable_code: { type: 'qr', payload } },
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + request.expires_in * 1000).toISOString(),
    paid_at: null,
    transaction: null,
    failure_code: null,
    failure_message: null,
  };
  const txn: QrTransaction = {
    kind: 'qr',
    charge,
    notifyUrl: ctx.settings.qr.notifyUrl,
    notification: null,
    createdAt: charge.created_at,
    updatedAt: charge.created_at,
    history: [],
  };
  addHistory(txn, 'created', `${formatRinggit(charge.amount)}, expires ${charge.expires_at}`);
  ctx.state.qr.set(charge.id, txn);
  ctx.state.changed();
  qrLog(ctx, txn).info({ amountSen: charge.amount, expiresAt: charge.expires_at }, 'charge created');
  return txn;
}

/** The payer's app after scanning: who is paid, how much, for what; pay, refuse, or leave it. */
function appPage(txn: QrTransaction, scanned: ReturnType<typeof parseDuitNowQr>): string {
  const { charge } = txn;
  const actions =
    charge.status === 'pending'
      ? `<form method="post" action="/sim/qr/${esc(encodeURIComponent(charge.id))}" class="actions">
<button class="approve" name="decision" value="approve">Pay ${esc(formatRinggit(charge.amount))}</button>
<button class="reject" name="decision" value="reject">Reject</button>
<button class="pending" name="decision" value="pending">Leave pending</button>
</form>`
      : `<p data-testid="qr-status">This payment is ${esc(charge.status)}.</p>`;
  const body = `<h1>Pay with DuitNow QR</h1>
<p class="note">This page plays the payer's banking or e-wallet app after scanning the code.</p>
<dl>
<dt>Pay to</dt><dd data-testid="qr-merchant">${esc(scanned.merchantName)}, ${esc(scanned.merchantCity)}</dd>
<dt>Amount</dt><dd class="amount" data-testid="qr-amount">${esc(formatRinggit(scanned.amountSen ?? 0))}</dd>
<dt>Reference</dt><dd data-testid="qr-reference">${esc(scanned.reference ?? '')}</dd>
<dt>Expires</dt><dd>${esc(charge.expires_at)}</dd>
</dl>
${actions}`;
  return page({ title: 'DuitNow QR', brand: BRAND, body });
}

function outcomePage(txn: QrTransaction): string {
  const { charge } = txn;
  const said =
    charge.status === 'successful'
      ? `Paid ${esc(formatRinggit(charge.amount))} (transaction ${esc(charge.transaction ?? '')}).`
      : charge.status === 'pending'
        ? 'Left pending: nothing was paid yet.'
        : `Not paid: ${esc(charge.failure_message ?? charge.status)}.`;
  const body = `<h1>DuitNow QR</h1><p data-testid="qr-outcome">${said}</p>
<p class="note">Go back to the merchant's page: it learns the outcome from the acquirer.</p>`;
  return page({ title: 'DuitNow QR', brand: BRAND, body });
}

export function qrRouter(ctx: SimContext): Router {
  const router = express.Router();
  const json = express.json({ limit: '8kb' });
  const form = express.urlencoded({ extended: false, limit: '4kb', parameterLimit: 10 });

  const chargeOf = (res: Response, id: string): QrTransaction => {
    const txn = ctx.state.qr.get(id);
    if (txn === undefined) throw new SimRequestError(404, `no charge ${id}`);
    tagRequest(res, { chargeId: txn.charge.id, reference: txn.charge.reference });
    return txn;
  };

  router.post('/qr/charges', json, (req, res) => {
    authenticate(ctx, req);
    const problem = qrChargeRequestProblem(req.body);
    if (problem !== null) throw new SimRequestError(400, problem);
    const txn = createCharge(ctx, req.body as QrChargeRequest);
    tagRequest(res, { chargeId: txn.charge.id, reference: txn.charge.reference });
    res.json(txn.charge);
  });

  router.get('/qr/charges/:id', (req: Request<{ id: string }>, res) => {
    authenticate(ctx, req);
    expireDue(ctx);
    res.json(chargeOf(res, req.params.id).charge);
  });

  router.get('/sim/qr/scan', (req, res) => {
    const payload = typeof req.query['payload'] === 'string' ? req.query['payload'] : '';
    let scanned: ReturnType<typeof parseDuitNowQr>;
    try {
      scanned = parseDuitNowQr(payload);
    } catch (error) {
      const reason = error instanceof QrPayloadError ? error.message : 'unreadable';
      sendHtml(res, 400, errorPage({ brand: BRAND, title: 'Not a DuitNow code', message: reason }));
      return;
    }
    const txn = scanned.reference === undefined ? undefined : ctx.state.findQr(scanned.reference);
    if (txn === undefined || txn.charge.source.scannable_code.payload !== payload) {
      sendHtml(
        res,
        404,
        errorPage({ brand: BRAND, title: 'Unknown code', message: 'This acquirer made no such code.' }),
      );
      return;
    }
    expireDue(ctx);
    tagRequest(res, { chargeId: txn.charge.id, reference: txn.charge.reference });
    sendHtml(res, 200, appPage(txn, scanned));
  });

  router.post('/sim/qr/:id', form, async (req: Request<{ id: string }>, res) => {
    const txn = chargeOf(res, req.params.id);
    const decision = (req.body as Record<string, unknown>)['decision'];
    if (!isQrDecision(decision) || decision === 'expire') {
      throw new SimRequestError(400, 'decision must be approve, reject or pending');
    }
    expireDue(ctx);
    // The app offers nothing once the code has expired: only the control API makes a late payment.
    if (txn.charge.status === 'pending' && decideQr(ctx, txn, decision)) await notify(ctx, txn);
    sendHtml(res, 200, outcomePage(txn));
  });

  router.use('/qr', (error: unknown, _req: Request, res: Response, next: (e?: unknown) => void) => {
    if (!(error instanceof SimRequestError)) return next(error);
    // The acquirer's error object, as its API answers one.
    res.status(error.status).json({
      object: 'error',
      code: error.status === 401 ? 'authentication_failure' : 'bad_request',
      message: error.message,
    });
  });
  return router;
}
