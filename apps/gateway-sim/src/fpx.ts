/**
 * The simulated FPX exchange: bank list enquiry (BE -> BC), authorisation request (AR, posted by the
 * browser; shows the bank page), the bank's decision (direct AC server to server, indirect AC through
 * the browser) and authorisation enquiry (AE -> AC answer).
 *
 * What an AE answers: '00' approved, the rejection code when rejected, '09' while the buyer is still on
 * the bank page, when the bank left it pending and when the buyer abandoned the bank session (real FPX
 * eventually times an abandoned one out with e.g. '1M' or 'OF'; here it stays '09' until the control
 * API settles it, so tests decide when), and '76' Transaction Not Found for an order never received.
 */
import express, { type Request, type Response, type Router } from 'express';
import type { Logger } from 'pino';
import { formatRinggit } from '@councilpay/domain';
import {
  FPX_APPROVED_CODE,
  FPX_BANKS,
  FPX_DEFAULTS,
  FPX_PENDING_CODES,
  bankDisplayName,
  buildAuthorisationConfirmation,
  buildBankListResponse,
  buildEnquiryResponse,
  encodeFpxForm,
  formatFpxTime,
  fpxReasonText,
  verifyAuthorisationRequest,
  verifyBankEnquiryRequest,
  verifyEnquiryRequest,
  type FpxRequestMessage,
  type GatewayFields,
} from '@councilpay/fpx';
import { SimRequestError, randomDigits, tagRequest, type SimContext } from './context';
import { fpxDirectAcknowledged, newDeliveryRecord, type DeliveryRecord } from './delivery';
import { errorPage, esc, formPostPage, page, refuseRequest, sendHtml } from './html';
import { addHistory, type FpxStatus, type FpxTransaction } from './state';

/** Rejection reasons offered on the bank page (the first is the default). */
export const FPX_REJECT_REASONS: readonly string[] = Object.freeze([
  '51',
  'BC',
  '1M',
  '1L',
  '57',
  '48',
  '65',
  '2A',
  '14',
  '90',
  '96',
  'OF',
]);

export const DEFAULT_FPX_REJECT_CODE = '51';

/** The code an offline bank's AR is answered with. */
export const FPX_BANK_OFFLINE_CODE = '90';

export type FpxDecision = 'approve' | 'reject' | 'pending' | 'abandon';
export type FpxSettlement = 'approve' | 'reject';

export const FPX_DECISIONS: readonly FpxDecision[] = ['approve', 'reject', 'pending', 'abandon'];

const BRAND = 'FPX simulator';

export function isFpxDecision(value: unknown): value is FpxDecision {
  return typeof value === 'string' && (FPX_DECISIONS as readonly string[]).includes(value);
}

/** Checks a rejection code: a known FPX code that is neither approval nor pending. Returns the problem, or null. */
export function rejectCodeProblem(code: string): string | null {
  const key = code.trim().toUpperCase();
  if (fpxReasonText(key) === undefined) return `'${code}' is not an FPX response code`;
  if (key === FPX_APPROVED_CODE || FPX_PENDING_CODES.includes(key)) return `'${code}' is not a rejection code`;
  return null;
}

/** The logger of one transaction: every line carries its order numbers. */
export function fpxLog(
  ctx: SimContext,
  txn: Pick<FpxTransaction, 'sellerOrderNo' | 'sellerExOrderNo' | 'fpxTxnId'>,
): Logger {
  return ctx.log.child({
    gateway: 'fpx',
    sellerOrderNo: txn.sellerOrderNo,
    sellerExOrderNo: txn.sellerExOrderNo,
    fpxTxnId: txn.fpxTxnId,
  });
}

function newFpxTxnId(ctx: SimContext): string {
  const taken = new Set([...ctx.state.fpx.values()].map((txn) => txn.fpxTxnId));
  for (;;) {
    // 16 digits like FPX's: yyMMddHHmmss (Malaysia time) and 4 random digits.
    const id = formatFpxTime(new Date()).slice(2) + randomDigits(4);
    if (!taken.has(id)) return id;
  }
}

function body(req: Request): Record<string, unknown> {
  const value: unknown = req.body;
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

function sendText(res: Response, status: number, text: string): void {
  res.status(status).type('text/plain; charset=utf-8').send(text);
}

/** The signed AC for the transaction's current answer. */
export function buildAc(ctx: SimContext, txn: FpxTransaction): GatewayFields {
  return buildAuthorisationConfirmation({
    request: txn.request,
    debitAuthCode: txn.debitAuthCode,
    debitAuthNo: txn.debitAuthNo,
    creditAuthNo: txn.creditAuthNo,
    fpxTxnId: txn.fpxTxnId,
    fpxTxnTime: txn.fpxTxnTime,
    exchangePrivateKeyPem: ctx.settings.exchangePrivateKey,
  });
}

function apply(txn: FpxTransaction, status: FpxStatus, code: string): void {
  txn.status = status;
  txn.debitAuthCode = code;
  txn.reason = fpxReasonText(code) ?? code;
  txn.fpxTxnTime = formatFpxTime(new Date());
  if (status === 'approved') {
    txn.debitAuthNo = randomDigits(8);
    txn.creditAuthNo = randomDigits(8);
  } else {
    txn.debitAuthNo = '';
    txn.creditAuthNo = '';
  }
}

function resolveRejectCode(code: string | undefined): string {
  const chosen = (code ?? DEFAULT_FPX_REJECT_CODE).trim().toUpperCase();
  const problem = rejectCodeProblem(chosen);
  if (problem !== null) throw new SimRequestError(400, problem);
  return chosen;
}

async function sendDirect(
  ctx: SimContext,
  txn: FpxTransaction,
  ac: GatewayFields,
  log: Logger,
): Promise<DeliveryRecord> {
  const record = newDeliveryRecord('fpx-direct-ac', ctx.settings.fpxDirectAcUrl, encodeFpxForm(ac));
  txn.direct = record;
  addHistory(txn, 'direct AC sent', `debitAuthCode ${txn.debitAuthCode}`);
  ctx.state.changed();
  return ctx.deliverer.start(`fpx:${txn.sellerExOrderNo}`, record, fpxDirectAcknowledged, log);
}

export interface FpxDecisionResult {
  transaction: FpxTransaction;
  /** The AC (null for abandon). */
  ac: GatewayFields | null;
  /** The direct AC delivery after its first attempt (null when not sent). */
  direct: DeliveryRecord | null;
  /** The indirect AC the browser carries back (null for abandon or when not returning the browser). */
  indirect: { url: string; fields: GatewayFields } | null;
}

/**
 * The bank's decision on a transaction awaiting the buyer (what the bank page's buttons do): approve,
 * reject (code, default '51'), leave pending ('09') or abandon (nothing sent). Sends the direct AC
 * (first attempt awaited, retries in the background) unless `sendDirect` is false.
 */
export async function decideFpx(
  ctx: SimContext,
  txn: FpxTransaction,
  decision: FpxDecision,
  options: { code?: string; sendDirect?: boolean; returnBrowser?: boolean; via: string },
): Promise<FpxDecisionResult> {
  if (txn.status !== 'awaiting') {
    throw new SimRequestError(
      409,
      `transaction ${txn.sellerExOrderNo} is ${txn.status}, not awaiting the buyer (use settle)`,
    );
  }
  const log = fpxLog(ctx, txn);
  if (decision === 'abandon') {
    apply(txn, 'abandoned', '09');
    addHistory(txn, 'abandoned', `via ${options.via}`);
    log.info({ via: options.via }, 'buyer abandoned the bank session; nothing sent');
    ctx.state.changed();
    return { transaction: txn, ac: null, direct: null, indirect: null };
  }
  if (decision === 'approve') apply(txn, 'approved', FPX_APPROVED_CODE);
  else if (decision === 'pending') apply(txn, 'pending', '09');
  else apply(txn, 'rejected', resolveRejectCode(options.code));
  addHistory(txn, txn.status, `${txn.debitAuthCode} ${txn.reason} via ${options.via}`);
  log.info({ via: options.via, status: txn.status, debitAuthCode: txn.debitAuthCode }, `bank decision: ${decision}`);
  const ac = buildAc(ctx, txn);
  txn.lastAc = ac;
  ctx.state.changed();
  const direct = options.sendDirect === false ? null : await sendDirect(ctx, txn, ac, log);
  if (direct === null) log.info('direct AC not sent (sendDirect false)');
  const indirect = options.returnBrowser === false ? null : { url: ctx.settings.fpxIndirectAcUrl, fields: ac };
  return { transaction: txn, ac, direct, indirect };
}

/**
 * Settles a transaction that has no final answer yet (awaiting, pending or abandoned): later AEs
 * answer the new status. The direct AC is sent only when `sendDirect` is true (default false, so that
 * the merchant has to requery).
 */
export async function settleFpx(
  ctx: SimContext,
  txn: FpxTransaction,
  settlement: FpxSettlement,
  options: { code?: string; sendDirect?: boolean },
): Promise<FpxDecisionResult> {
  if (txn.status === 'approved' || txn.status === 'rejected') {
    throw new SimRequestError(409, `transaction ${txn.sellerExOrderNo} is already ${txn.status}`);
  }
  const log = fpxLog(ctx, txn);
  const before = txn.status;
  if (settlement === 'approve') apply(txn, 'approved', FPX_APPROVED_CODE);
  else apply(txn, 'rejected', resolveRejectCode(options.code));
  addHistory(txn, `settled ${txn.status}`, `${txn.debitAuthCode} ${txn.reason} (was ${before})`);
  log.info({ from: before, status: txn.status, debitAuthCode: txn.debitAuthCode }, 'transaction settled');
  const ac = buildAc(ctx, txn);
  txn.lastAc = ac;
  ctx.state.changed();
  const direct = options.sendDirect === true ? await sendDirect(ctx, txn, ac, log) : null;
  return { transaction: txn, ac, direct, indirect: null };
}

function newTransaction(ctx: SimContext, message: FpxRequestMessage): FpxTransaction {
  const now = new Date();
  const txn: FpxTransaction = {
    kind: 'fpx',
    sellerExOrderNo: message.sellerExOrderNo,
    sellerOrderNo: message.sellerOrderNo,
    sellerExId: message.sellerExId,
    sellerId: message.sellerId,
    bankId: message.buyerBankId,
    bankName: bankDisplayName(message.buyerBankId),
    amountSen: message.amountSen,
    request: message,
    fpxTxnId: newFpxTxnId(ctx),
    status: 'awaiting',
    debitAuthCode: '09',
    reason: 'Awaiting the buyer at the bank',
    debitAuthNo: '',
    creditAuthNo: '',
    fpxTxnTime: formatFpxTime(now),
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
    lastAc: null,
    direct: null,
    history: [],
  };
  addHistory(txn, 'AR received', `${message.txnAmount} ${message.txnCurrency} at ${message.buyerBankId}`);
  return txn;
}

const KNOWN_BANKS = new Set(FPX_BANKS.map((bank) => bank.id));

/** Checks on a verified AR beyond its checksum; returns the problems (empty when acceptable). */
function requestProblems(message: FpxRequestMessage): string[] {
  const problems: string[] = [];
  if (message.msgToken !== FPX_DEFAULTS.msgToken)
    problems.push(`fpx_msgToken is '${message.msgToken}': only '01' (B2C) is simulated`);
  if (message.version !== FPX_DEFAULTS.version)
    problems.push(`fpx_version is '${message.version}', expected '${FPX_DEFAULTS.version}'`);
  if (message.txnCurrency !== FPX_DEFAULTS.txnCurrency)
    problems.push(`47 Invalid Currency: fpx_txnCurrency is '${message.txnCurrency}'`);
  if (!KNOWN_BANKS.has(message.buyerBankId))
    problems.push(`31 Invalid Bank: fpx_buyerBankId '${message.buyerBankId}' is not an FPX bank`);
  return problems;
}

function bankPage(txn: FpxTransaction): string {
  const r = txn.request;
  const options = FPX_REJECT_REASONS.map(
    (code) =>
      `<option value="${esc(code)}"${code === DEFAULT_FPX_REJECT_CODE ? ' selected' : ''}>${esc(code)} ${esc(fpxReasonText(code) ?? '')}</option>`,
  ).join('');
  const buyer = r.buyerName ? `<dt>Buyer</dt><dd>${esc(r.buyerName)}</dd>` : '';
  const email = r.buyerEmail ? `<dt>Email</dt><dd>${esc(r.buyerEmail)}</dd>` : '';
  const body = `<h1>${esc(txn.bankName)}</h1>
<p>Confirm the payment to the merchant below.</p>
<dl>
<dt>Amount</dt><dd class="amount">${esc(formatRinggit(txn.amountSen))}</dd>
<dt>Seller order no.</dt><dd>${esc(r.sellerOrderNo)}</dd>
<dt>Exchange order no.</dt><dd>${esc(r.sellerExOrderNo)}</dd>
<dt>FPX transaction id</dt><dd>${esc(txn.fpxTxnId)}</dd>
<dt>Seller</dt><dd>${esc(r.sellerId)} (${esc(r.productDesc)})</dd>
${buyer}${email}
</dl>
<form method="post" action="/fpx/bank/${esc(encodeURIComponent(txn.sellerExOrderNo))}">
<div class="actions"><button type="submit" name="action" value="approve" class="approve">Approve</button></div>
<fieldset>
<legend>Reject</legend>
<label for="code">Reason code</label>
<select id="code" name="code">${options}</select>
<div class="actions"><button type="submit" name="action" value="reject" class="reject">Reject</button></div>
</fieldset>
<div class="actions">
<button type="submit" name="action" value="pending" class="pending">Leave pending (09)</button>
<button type="submit" name="action" value="abandon" class="abandon">Abandon (close without returning)</button>
</div>
</form>
<p class="note">Approve, Reject and Leave pending send the direct AC to the merchant and return you with the indirect AC.</p>`;
  return page({
    title: `${txn.bankName}: confirm payment ${txn.sellerOrderNo}`,
    brand: `${txn.bankName} (FPX simulator)`,
    body,
  });
}

function returnPage(
  txn: FpxTransaction,
  url: string,
  fields: GatewayFields,
  autoSubmit: boolean,
  message: string,
): string {
  return formPostPage({
    title: `${txn.bankName}: ${txn.reason}`,
    brand: `${txn.bankName} (FPX simulator)`,
    heading:
      txn.status === 'approved'
        ? 'Payment approved'
        : txn.status === 'pending'
          ? 'Payment pending'
          : 'Payment not approved',
    message,
    action: url,
    fields,
    autoSubmit,
  });
}

/** POST /fpx/ar: verifies the AR, records the transaction and shows the bank page. */
async function handleAr(ctx: SimContext, req: Request, res: Response): Promise<void> {
  const verified = verifyAuthorisationRequest(body(req), ctx.settings.sellerPublicKey);
  if (!verified.ok) {
    ctx.log.warn({ gateway: 'fpx', code: verified.code, reason: verified.reason }, 'AR refused');
    refuseRequest(res, BRAND, 'The payment request could not be verified.', [verified.reason]);
    return;
  }
  const message = verified.message;
  tagRequest(res, { sellerOrderNo: message.sellerOrderNo, sellerExOrderNo: message.sellerExOrderNo });
  const log = ctx.log.child({
    gateway: 'fpx',
    sellerOrderNo: message.sellerOrderNo,
    sellerExOrderNo: message.sellerExOrderNo,
  });
  const problems = requestProblems(message);
  if (problems.length > 0) {
    log.warn({ problems }, 'AR refused');
    refuseRequest(res, BRAND, 'The payment request is not valid.', problems);
    return;
  }
  const existing = ctx.state.fpx.get(message.sellerExOrderNo);
  if (existing !== undefined) {
    if (existing.status === 'awaiting' && existing.request.checkSum === message.checkSum) {
      log.info('AR posted again while awaiting the buyer; showing the bank page again');
      sendHtml(res, 200, bankPage(existing));
      return;
    }
    log.warn({ status: existing.status }, 'AR refused: duplicate seller exchange order number');
    refuseRequest(res, BRAND, 'XN Transaction Rejected Due To Duplicate Seller Exchange Order Number.', [
      `fpx_sellerExOrderNo ${message.sellerExOrderNo} was already received (${existing.status})`,
    ]);
    return;
  }
  const txn = newTransaction(ctx, message);
  ctx.state.fpx.set(txn.sellerExOrderNo, txn);
  ctx.state.changed();
  const txnLog = fpxLog(ctx, txn);
  txnLog.info({ amountSen: txn.amountSen, bankId: txn.bankId }, 'AR received');
  if (ctx.offlineBanks.has(txn.bankId)) {
    apply(txn, 'rejected', FPX_BANK_OFFLINE_CODE);
    addHistory(txn, 'rejected', `${txn.debitAuthCode} ${txn.reason}: bank offline`);
    txnLog.info({ debitAuthCode: txn.debitAuthCode }, 'bank is offline; transaction rejected');
    const ac = buildAc(ctx, txn);
    txn.lastAc = ac;
    await sendDirect(ctx, txn, ac, txnLog);
    sendHtml(
      res,
      200,
      returnPage(
        txn,
        ctx.settings.fpxIndirectAcUrl,
        ac,
        false,
        `${txn.bankName} is offline at the moment (${txn.debitAuthCode} ${txn.reason}).`,
      ),
    );
    return;
  }
  sendHtml(res, 200, bankPage(txn));
}

/** POST /fpx/bank/:orderNo: the bank page's buttons. */
async function handleBankDecision(ctx: SimContext, req: Request<{ orderNo: string }>, res: Response): Promise<void> {
  const txn = ctx.state.fpx.get(req.params.orderNo);
  if (txn === undefined) {
    sendHtml(
      res,
      404,
      errorPage({ title: 'Unknown transaction', brand: BRAND, message: 'This bank session does not exist.' }),
    );
    return;
  }
  tagRequest(res, { sellerOrderNo: txn.sellerOrderNo, sellerExOrderNo: txn.sellerExOrderNo });
  const fields = body(req);
  const action = fields['action'];
  if (!isFpxDecision(action)) {
    sendHtml(
      res,
      400,
      errorPage({
        title: 'Unknown action',
        brand: BRAND,
        message: 'Choose Approve, Reject, Leave pending or Abandon.',
      }),
    );
    return;
  }
  const code = typeof fields['code'] === 'string' ? fields['code'] : undefined;
  let result: FpxDecisionResult;
  try {
    result = await decideFpx(ctx, txn, action, { code, via: 'bank page' });
  } catch (error) {
    if (!(error instanceof SimRequestError)) throw error;
    sendHtml(
      res,
      error.status,
      errorPage({ title: 'Cannot do that', brand: `${txn.bankName} (FPX simulator)`, message: error.message }),
    );
    return;
  }
  if (result.indirect === null) {
    sendHtml(
      res,
      200,
      page({
        title: 'Session closed',
        brand: `${txn.bankName} (FPX simulator)`,
        body: `<h1>Session closed</h1><p role="status">You closed the bank session. Nothing was sent to the merchant; an enquiry (AE) answers 09 pending until the transaction is settled through the simulator's control API.</p>`,
      }),
    );
    return;
  }
  sendHtml(
    res,
    200,
    returnPage(txn, result.indirect.url, result.indirect.fields, true, `${txn.debitAuthCode} ${txn.reason}.`),
  );
}

/** POST /fpx/ae: the merchant's enquiry, answered with a signed AC body. */
function handleAe(ctx: SimContext, req: Request, res: Response): void {
  const verified = verifyEnquiryRequest(body(req), ctx.settings.sellerPublicKey);
  if (!verified.ok) {
    ctx.log.warn({ gateway: 'fpx', code: verified.code, reason: verified.reason }, 'AE refused');
    sendText(res, 400, `ERROR: ${verified.reason}`);
    return;
  }
  const message = verified.message;
  tagRequest(res, { sellerOrderNo: message.sellerOrderNo, sellerExOrderNo: message.sellerExOrderNo });
  const txn = ctx.state.fpx.get(message.sellerExOrderNo);
  if (txn === undefined || txn.sellerExId !== message.sellerExId) {
    const answer = buildEnquiryResponse({
      request: message,
      debitAuthCode: '76',
      fpxTxnId: '',
      fpxTxnTime: new Date(),
      exchangePrivateKeyPem: ctx.settings.exchangePrivateKey,
    });
    ctx.log.info(
      {
        gateway: 'fpx',
        sellerOrderNo: message.sellerOrderNo,
        sellerExOrderNo: message.sellerExOrderNo,
        debitAuthCode: '76',
      },
      'AE answered: transaction not found',
    );
    sendText(res, 200, answer.body);
    return;
  }
  const log = fpxLog(ctx, txn);
  if (txn.sellerOrderNo !== message.sellerOrderNo || txn.amountSen !== message.amountSen) {
    log.warn(
      { aeSellerOrderNo: message.sellerOrderNo, aeTxnAmount: message.txnAmount },
      'AE does not match the AR it asks about; answering the AR',
    );
  }
  const answer = buildEnquiryResponse({
    request: txn.request,
    debitAuthCode: txn.debitAuthCode,
    debitAuthNo: txn.debitAuthNo,
    creditAuthNo: txn.creditAuthNo,
    fpxTxnId: txn.fpxTxnId,
    fpxTxnTime: txn.fpxTxnTime,
    exchangePrivateKeyPem: ctx.settings.exchangePrivateKey,
  });
  addHistory(txn, 'AE answered', txn.debitAuthCode);
  ctx.state.changed();
  log.info({ status: txn.status, debitAuthCode: txn.debitAuthCode }, 'AE answered');
  sendText(res, 200, answer.body);
}

/** The bank list as the BC carries it: every FPX bank, offline ones as 'B'. */
export function currentBanks(ctx: SimContext): { id: string; name: string; online: boolean }[] {
  return FPX_BANKS.map((bank) => ({ id: bank.id, name: bank.name, online: !ctx.offlineBanks.has(bank.id) }));
}

/** POST /fpx/be: the bank list enquiry, answered with a signed BC body. */
function handleBe(ctx: SimContext, req: Request, res: Response): void {
  const verified = verifyBankEnquiryRequest(body(req), ctx.settings.sellerPublicKey);
  if (!verified.ok) {
    ctx.log.warn({ gateway: 'fpx', code: verified.code, reason: verified.reason }, 'BE refused');
    sendText(res, 400, `ERROR: ${verified.reason}`);
    return;
  }
  const answer = buildBankListResponse({
    sellerExId: verified.message.sellerExId,
    msgToken: verified.message.msgToken,
    banks: currentBanks(ctx),
    exchangePrivateKeyPem: ctx.settings.exchangePrivateKey,
  });
  ctx.log.info(
    { gateway: 'fpx', sellerExId: verified.message.sellerExId, offline: [...ctx.offlineBanks] },
    'BE answered',
  );
  sendText(res, 200, answer.body);
}

export function fpxRouter(ctx: SimContext): Router {
  const router = express.Router();
  const form = express.urlencoded({ extended: false, limit: '64kb' });
  router.post('/fpx/be', form, (req, res) => handleBe(ctx, req, res));
  router.post('/fpx/ar', form, (req, res) => handleAr(ctx, req, res));
  router.post('/fpx/ae', form, (req, res) => handleAe(ctx, req, res));
  router.post('/fpx/bank/:orderNo', form, (req, res) => handleBankDecision(ctx, req, res));
  return router;
}
