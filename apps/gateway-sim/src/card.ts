/**
 * The simulated card gateway (signed redirect): the browser posts our signed request to /card/pay,
 * the payer fills in the card page (the card data stays here: never logged, never stored beyond brand
 * and last 4 digits), the outcome goes to the merchant's callbackURL server to server (retried until a
 * 2xx) and the browser returns to postURL with an auto-submitting form. /card/enquiry answers the status.
 *
 * Enquiry answers: '1' approved; '0' rejected, cancelled, or an invoice never received (errDesc
 * 'Transaction not found'); '6' while the payer is on the card page, pending, or abandoned (until the
 * control API settles it).
 */
import express, { type Request, type Response, type Router } from 'express';
import type { Logger } from 'pino';
import { CARD_METHODS, formatRinggit, isCardMethod, type CardScheme } from '@councilpay/domain';
import {
  CARD_CURRENCY,
  FpxInputError,
  buildCardEnquiryResponse,
  buildCardResponse,
  encodeFpxForm,
  verifyCardEnquiry,
  verifyCardRequest,
  type CardRequestMessage,
  type GatewayFields,
} from '@councilpay/fpx';
import { SimRequestError, randomDigits, tagRequest, type SimContext } from './context';
import { cardCallbackAcknowledged, newDeliveryRecord, type DeliveryRecord } from './delivery';
import { errorPage, esc, formPostPage, page, refuseRequest, sendHtml } from './html';
import { addHistory, type CardStatus, type CardTransaction } from './state';
import { TEST_CARDS, cardOutcome, checkCardForm, expiryYears, groupCardNumber, type CardForm } from './test-cards';

export type CardDecision = 'approve' | 'reject' | 'pending' | 'abandon' | 'cancel';
export type CardSettlement = 'approve' | 'reject';

export const CARD_DECISIONS: readonly CardDecision[] = ['approve', 'reject', 'pending', 'abandon', 'cancel'];

export const DEFAULT_CARD_DECLINE = 'Card declined';
export const CARD_CANCELLED = 'Cancelled by payer';
export const CARD_NOT_FOUND = 'Transaction not found';

const BRAND = 'Card gateway simulator';

export function isCardDecision(value: unknown): value is CardDecision {
  return typeof value === 'string' && (CARD_DECISIONS as readonly string[]).includes(value);
}

export function cardLog(ctx: SimContext, txn: Pick<CardTransaction, 'invoiceNo' | 'transId'>): Logger {
  return ctx.log.child({ gateway: 'card', invoiceNo: txn.invoiceNo, transId: txn.transId });
}

function body(req: Request): Record<string, unknown> {
  const value: unknown = req.body;
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

function text(fields: Record<string, unknown>, name: string): string {
  const value = fields[name];
  return typeof value === 'string' ? value : '';
}

/** How the gateway's pages and logs name a card scheme. */
const SCHEME_NAMES: Readonly<Record<CardScheme, string>> = { visa: 'Visa', mastercard: 'Mastercard' };

function methodName(paymentId: string): string {
  return isCardMethod(paymentId) ? SCHEME_NAMES[CARD_METHODS[paymentId]] : paymentId;
}

/** Checks an errDesc given through the control API (display text on the wire: no '|' or control characters). */
export function errDescProblem(errDesc: string): string | null {
  // eslint-disable-next-line no-control-regex
  if (errDesc.includes('|') || /[\u0000-\u001f\u007f]/.test(errDesc))
    return "errDesc must not contain '|' or control characters";
  if (errDesc.length > 200) return 'errDesc must be at most 200 characters';
  return null;
}

/** The signed response for the transaction's current status. */
export function buildResponse(ctx: SimContext, txn: CardTransaction): GatewayFields {
  try {
    return buildCardResponse({
      merchantCode: txn.merchantId,
      paymentId: txn.paymentId,
      refNo: txn.invoiceNo,
      amount: txn.amount,
      currency: txn.currency,
      status: txn.gatewayStatus,
      transId: txn.transId,
      authCode: txn.authCode,
      remark: txn.card ? `${txn.card.brand} ending ${txn.card.last4}` : '',
      errDesc: txn.errDesc,
      secret: ctx.settings.cardSecret,
    });
  } catch (error) {
    if (error instanceof FpxInputError) throw new SimRequestError(400, error.message);
    throw error;
  }
}

function apply(txn: CardTransaction, status: CardStatus, errDesc = ''): void {
  txn.status = status;
  txn.gatewayStatus = status === 'approved' ? '1' : status === 'rejected' || status === 'cancelled' ? '0' : '6';
  txn.authCode = status === 'approved' ? randomDigits(6) : '';
  txn.errDesc = errDesc;
}

async function sendCallback(
  ctx: SimContext,
  txn: CardTransaction,
  response: GatewayFields,
  log: Logger,
): Promise<DeliveryRecord | null> {
  if (txn.callbackUrl === '') {
    log.info('no callbackURL in the request; callback not sent');
    return null;
  }
  const record = newDeliveryRecord('card-callback', txn.callbackUrl, encodeFpxForm(response));
  txn.callback = record;
  addHistory(txn, 'callback sent', `status ${txn.gatewayStatus}`);
  ctx.state.changed();
  return ctx.deliverer.start(`card:${txn.invoiceNo}`, record, cardCallbackAcknowledged, log);
}

export interface CardDecisionResult {
  transaction: CardTransaction;
  /** The signed response (null for abandon). */
  response: GatewayFields | null;
  /** The callback after its first attempt (null when not sent). */
  callback: DeliveryRecord | null;
  /** The form the browser carries back to postURL (null for abandon or when not returning the browser). */
  browserReturn: { url: string; fields: GatewayFields } | null;
}

/**
 * The outcome of a transaction the payer is on the card page for: approve, reject (errDesc, default
 * 'Card declined'), pending (status 6), cancel (status 0 'Cancelled by payer') or abandon (nothing sent).
 */
export async function decideCard(
  ctx: SimContext,
  txn: CardTransaction,
  decision: CardDecision,
  options: {
    errDesc?: string;
    card?: { brand: string; last4: string };
    sendCallback?: boolean;
    returnBrowser?: boolean;
    via: string;
  },
): Promise<CardDecisionResult> {
  if (txn.status !== 'awaiting') {
    throw new SimRequestError(409, `invoice ${txn.invoiceNo} is ${txn.status}, not awaiting the payer (use settle)`);
  }
  const errDesc = options.errDesc?.trim();
  if (errDesc !== undefined) {
    const problem = errDescProblem(errDesc);
    if (problem !== null) throw new SimRequestError(400, problem);
  }
  const log = cardLog(ctx, txn);
  if (options.card) txn.card = { brand: options.card.brand, last4: options.card.last4 };
  if (decision === 'abandon') {
    apply(txn, 'abandoned');
    addHistory(txn, 'abandoned', `via ${options.via}`);
    log.info({ via: options.via }, 'payer abandoned the card page; nothing sent');
    ctx.state.changed();
    return { transaction: txn, response: null, callback: null, browserReturn: null };
  }
  if (decision === 'approve') apply(txn, 'approved');
  else if (decision === 'pending') apply(txn, 'pending');
  else if (decision === 'cancel') apply(txn, 'cancelled', CARD_CANCELLED);
  else apply(txn, 'rejected', errDesc || DEFAULT_CARD_DECLINE);
  addHistory(txn, txn.status, `status ${txn.gatewayStatus}${txn.errDesc ? ` ${txn.errDesc}` : ''} via ${options.via}`);
  log.info(
    { via: options.via, status: txn.status, gatewayStatus: txn.gatewayStatus, card: txn.card },
    `card outcome: ${decision}`,
  );
  const response = buildResponse(ctx, txn);
  txn.lastResponse = response;
  ctx.state.changed();
  const callback = options.sendCallback === false ? null : await sendCallback(ctx, txn, response, log);
  const browserReturn = options.returnBrowser === false ? null : { url: txn.returnUrl, fields: response };
  return { transaction: txn, response, callback, browserReturn };
}

/** Settles a card transaction with no final answer (awaiting, pending, abandoned); callback only when asked. */
export async function settleCard(
  ctx: SimContext,
  txn: CardTransaction,
  settlement: CardSettlement,
  options: { errDesc?: string; sendCallback?: boolean },
): Promise<CardDecisionResult> {
  if (txn.status === 'approved' || txn.status === 'rejected' || txn.status === 'cancelled') {
    throw new SimRequestError(409, `invoice ${txn.invoiceNo} is already ${txn.status}`);
  }
  const errDesc = options.errDesc?.trim();
  if (errDesc !== undefined) {
    const problem = errDescProblem(errDesc);
    if (problem !== null) throw new SimRequestError(400, problem);
  }
  const log = cardLog(ctx, txn);
  const before = txn.status;
  if (settlement === 'approve') apply(txn, 'approved');
  else apply(txn, 'rejected', errDesc || DEFAULT_CARD_DECLINE);
  addHistory(txn, `settled ${txn.status}`, `status ${txn.gatewayStatus} (was ${before})`);
  log.info({ from: before, status: txn.status, gatewayStatus: txn.gatewayStatus }, 'transaction settled');
  const response = buildResponse(ctx, txn);
  txn.lastResponse = response;
  ctx.state.changed();
  const callback = options.sendCallback === true ? await sendCallback(ctx, txn, response, log) : null;
  return { transaction: txn, response, callback, browserReturn: null };
}

function newTransaction(message: CardRequestMessage): CardTransaction {
  const now = new Date().toISOString();
  const txn: CardTransaction = {
    kind: 'card',
    invoiceNo: message.invoiceNo,
    merchantId: message.merID,
    amount: message.amount,
    amountSen: message.amountSen,
    currency: message.currency,
    paymentId: message.paymentId,
    returnUrl: message.postURL,
    callbackUrl: message.callbackURL,
    payer: { name: message.UserName, email: message.UserEmail, contact: message.UserContact },
    transId: `SIM${randomDigits(12)}`,
    status: 'awaiting',
    gatewayStatus: '6',
    authCode: '',
    errDesc: '',
    card: null,
    createdAt: now,
    updatedAt: now,
    lastResponse: null,
    callback: null,
    history: [],
  };
  addHistory(txn, 'request received', `${message.amount} ${message.currency} ${methodName(message.paymentId)}`);
  return txn;
}

function urlProblem(name: string, value: string): string | null {
  try {
    const url = new URL(value);
    if (url.protocol === 'http:' || url.protocol === 'https:') return null;
  } catch {
    // reported below
  }
  return `${name} '${value}' is not an http(s) URL`;
}

function requestProblems(message: CardRequestMessage): string[] {
  const problems: string[] = [];
  if (message.currency !== CARD_CURRENCY)
    problems.push(`currency is '${message.currency}', expected '${CARD_CURRENCY}'`);
  const post = urlProblem('postURL', message.postURL);
  if (post !== null) problems.push(post);
  if (message.callbackURL !== '') {
    const callback = urlProblem('callbackURL', message.callbackURL);
    if (callback !== null) problems.push(callback);
  }
  return problems;
}

interface CardPageInput {
  errors?: { field: keyof CardForm; message: string }[];
  cardName?: string;
  expMonth?: string;
  expYear?: string;
}

function fieldError(errors: CardPageInput['errors'], field: keyof CardForm): string | undefined {
  return errors?.find((e) => e.field === field)?.message;
}

function input(
  errors: CardPageInput['errors'],
  field: keyof CardForm,
  label: string,
  attrs: string,
  value = '',
): string {
  const error = fieldError(errors, field);
  const described = error ? ` aria-invalid="true" aria-describedby="${field}-error"` : '';
  const message = error ? `<p id="${field}-error" class="note" role="alert">${esc(error)}</p>` : '';
  return `<label for="${field}">${esc(label)}</label><input id="${field}" name="${field}" ${attrs}${described} value="${esc(value)}">${message}`;
}

function select(
  errors: CardPageInput['errors'],
  field: keyof CardForm,
  label: string,
  values: number[],
  chosen: string,
  pad: boolean,
): string {
  const error = fieldError(errors, field);
  const described = error ? ` aria-invalid="true" aria-describedby="${field}-error"` : '';
  const message = error ? `<p id="${field}-error" class="note" role="alert">${esc(error)}</p>` : '';
  const options = values
    .map((v) => {
      const text = pad ? String(v).padStart(2, '0') : String(v);
      return `<option value="${v}"${String(v) === chosen || text === chosen ? ' selected' : ''}>${text}</option>`;
    })
    .join('');
  return `<div><label for="${field}">${esc(label)}</label><select id="${field}" name="${field}" required${described}><option value="">--</option>${options}</select>${message}</div>`;
}

function cardPage(txn: CardTransaction, state: CardPageInput = {}): string {
  const errors = state.errors ?? [];
  const summary =
    errors.length > 0
      ? `<div class="error" role="alert"><p>The card could not be charged:</p><ul>${errors.map((e) => `<li><a href="#${e.field}">${esc(e.message)}</a></li>`).join('')}</ul></div>`
      : '';
  const testCards = TEST_CARDS.map(
    (card) =>
      `<tr><td><code>${esc(groupCardNumber(card.number))}</code></td><td>${esc(card.brand)}</td><td>${esc(card.description)}</td></tr>`,
  ).join('');
  const amount = formatRinggit(txn.amountSen);
  const body = `<h1>Pay by card</h1>
${summary}
<dl>
<dt>Amount</dt><dd class="amount">${esc(amount)}</dd>
<dt>Invoice no.</dt><dd>${esc(txn.invoiceNo)}</dd>
<dt>Merchant</dt><dd>${esc(txn.merchantId)}</dd>
<dt>Card type</dt><dd>${esc(methodName(txn.paymentId))}</dd>
</dl>
<form method="post" action="/card/pay/${esc(encodeURIComponent(txn.invoiceNo))}" autocomplete="off" novalidate>
${input(errors, 'cardNumber', 'Card number', 'type="text" inputmode="numeric" autocomplete="cc-number" maxlength="23" required')}
${input(errors, 'cardName', 'Name on card', 'type="text" autocomplete="cc-name" maxlength="60" required', state.cardName ?? txn.payer.name)}
<fieldset><legend>Expiry date</legend><div class="row">
${select(
  errors,
  'expMonth',
  'Month',
  Array.from({ length: 12 }, (_, i) => i + 1),
  state.expMonth ?? '',
  true,
)}
${select(errors, 'expYear', 'Year', expiryYears(), state.expYear ?? '', false)}
</div></fieldset>
${input(errors, 'cvv', 'Security code (CVV)', 'type="password" inputmode="numeric" autocomplete="cc-csc" maxlength="4" required')}
<div class="actions">
<button type="submit" name="action" value="pay" class="approve">Pay ${esc(amount)}</button>
<button type="submit" name="action" value="cancel" class="secondary" formnovalidate>Cancel</button>
</div>
</form>
<section class="testcards" aria-labelledby="test-cards-heading">
<h2 id="test-cards-heading">Test cards</h2>
<p class="note">Any expiry date in the future and any 3-digit CVV. Other valid numbers are approved.</p>
<table><thead><tr><th scope="col">Number</th><th scope="col">Brand</th><th scope="col">Result</th></tr></thead><tbody>${testCards}</tbody></table>
</section>`;
  return page({ title: `Pay ${amount} by card`, brand: BRAND, body });
}

function returnPage(txn: CardTransaction, url: string, fields: GatewayFields): string {
  const heading =
    txn.status === 'approved'
      ? 'Payment approved'
      : txn.status === 'pending'
        ? 'Payment pending'
        : txn.status === 'cancelled'
          ? 'Payment cancelled'
          : 'Payment declined';
  return formPostPage({
    title: heading,
    brand: BRAND,
    heading,
    message: txn.errDesc ? `${heading}: ${txn.errDesc}.` : `${heading}.`,
    action: url,
    fields,
    autoSubmit: true,
  });
}

/** POST /card/pay: verifies the signed request, records it and shows the card page. */
function handlePay(ctx: SimContext, req: Request, res: Response): void {
  const verified = verifyCardRequest(body(req), ctx.settings.cardSecret);
  if (!verified.ok) {
    ctx.log.warn({ gateway: 'card', code: verified.code, reason: verified.reason }, 'card request refused');
    refuseRequest(res, BRAND, 'The payment request could not be verified.', [verified.reason]);
    return;
  }
  const message = verified.message;
  tagRequest(res, { invoiceNo: message.invoiceNo });
  const log = ctx.log.child({ gateway: 'card', invoiceNo: message.invoiceNo });
  const problems = requestProblems(message);
  if (problems.length > 0) {
    log.warn({ problems }, 'card request refused');
    refuseRequest(res, BRAND, 'The payment request is not valid.', problems);
    return;
  }
  const existing = ctx.state.card.get(message.invoiceNo);
  if (existing !== undefined) {
    if (existing.status === 'awaiting' && existing.amount === message.amount && existing.merchantId === message.merID) {
      log.info('card request posted again while awaiting the payer; showing the card page again');
      sendHtml(res, 200, cardPage(existing));
      return;
    }
    log.warn({ status: existing.status }, 'card request refused: duplicate invoice number');
    refuseRequest(res, BRAND, 'Duplicate invoice number.', [
      `invoice ${message.invoiceNo} was already received (${existing.status})`,
    ]);
    return;
  }
  const txn = newTransaction(message);
  ctx.state.card.set(txn.invoiceNo, txn);
  ctx.state.changed();
  cardLog(ctx, txn).info({ amountSen: txn.amountSen, method: methodName(txn.paymentId) }, 'card request received');
  sendHtml(res, 200, cardPage(txn));
}

/** POST /card/pay/:invoiceNo: the card page's Pay and Cancel buttons. */
async function handleSubmit(ctx: SimContext, req: Request<{ invoiceNo: string }>, res: Response): Promise<void> {
  const txn = ctx.state.card.get(req.params.invoiceNo);
  if (txn === undefined) {
    sendHtml(
      res,
      404,
      errorPage({ title: 'Unknown transaction', brand: BRAND, message: 'This payment session does not exist.' }),
    );
    return;
  }
  tagRequest(res, { invoiceNo: txn.invoiceNo });
  if (txn.status !== 'awaiting') {
    sendHtml(
      res,
      409,
      errorPage({ title: 'Already done', brand: BRAND, message: `This payment is already ${txn.status}.` }),
    );
    return;
  }
  const fields = body(req);
  const action = text(fields, 'action');
  const log = cardLog(ctx, txn);
  let result: CardDecisionResult;
  if (action === 'cancel') {
    result = await decideCard(ctx, txn, 'cancel', { via: 'card page' });
  } else if (action === 'pay') {
    const form: CardForm = {
      cardNumber: text(fields, 'cardNumber'),
      cardName: text(fields, 'cardName'),
      expMonth: text(fields, 'expMonth'),
      expYear: text(fields, 'expYear'),
      cvv: text(fields, 'cvv'),
    };
    const check = checkCardForm(form);
    if (check.errors.length > 0) {
      // Which fields were wrong, never their values.
      log.info({ invalid: check.errors.map((e) => e.field) }, 'card form refused');
      sendHtml(
        res,
        422,
        cardPage(txn, {
          errors: check.errors,
          cardName: form.cardName,
          expMonth: form.expMonth,
          expYear: form.expYear,
        }),
      );
      return;
    }
    const card = { brand: check.brand, last4: check.last4 };
    const outcome = cardOutcome(check.digits);
    if (outcome.kind === 'approve') result = await decideCard(ctx, txn, 'approve', { card, via: 'card page' });
    else if (outcome.kind === 'pending') result = await decideCard(ctx, txn, 'pending', { card, via: 'card page' });
    else result = await decideCard(ctx, txn, 'reject', { card, errDesc: outcome.errDesc, via: 'card page' });
  } else {
    sendHtml(res, 400, errorPage({ title: 'Unknown action', brand: BRAND, message: 'Choose Pay or Cancel.' }));
    return;
  }
  if (result.browserReturn === null) throw new Error('a card decision made on the page returns the browser');
  sendHtml(res, 200, returnPage(txn, result.browserReturn.url, result.browserReturn.fields));
}

/** POST /card/enquiry: the merchant's requery, answered with the signed status. */
function handleEnquiry(ctx: SimContext, req: Request, res: Response): void {
  const verified = verifyCardEnquiry(body(req), ctx.settings.cardSecret);
  if (!verified.ok) {
    ctx.log.warn({ gateway: 'card', code: verified.code, reason: verified.reason }, 'card enquiry refused');
    res.status(400).type('text/plain; charset=utf-8').send(`ERROR: ${verified.reason}`);
    return;
  }
  const message = verified.message;
  tagRequest(res, { invoiceNo: message.invoiceNo });
  const txn = ctx.state.card.get(message.invoiceNo);
  if (txn === undefined || txn.merchantId !== message.merID) {
    const answer = buildCardEnquiryResponse({
      merchantCode: message.merID,
      paymentId: '',
      refNo: message.invoiceNo,
      amount: message.amount,
      currency: message.currency,
      status: '0',
      errDesc: CARD_NOT_FOUND,
      secret: ctx.settings.cardSecret,
    });
    ctx.log.info(
      { gateway: 'card', invoiceNo: message.invoiceNo, gatewayStatus: '0' },
      'card enquiry answered: transaction not found',
    );
    res.status(200).type('text/plain; charset=utf-8').send(answer.body);
    return;
  }
  const log = cardLog(ctx, txn);
  if (txn.amountSen !== message.amountSen)
    log.warn({ enquiryAmount: message.amount }, 'card enquiry amount differs from the request; answering the request');
  const fields = buildResponse(ctx, txn);
  addHistory(txn, 'enquiry answered', `status ${txn.gatewayStatus}`);
  ctx.state.changed();
  log.info({ status: txn.status, gatewayStatus: txn.gatewayStatus }, 'card enquiry answered');
  res.status(200).type('text/plain; charset=utf-8').send(encodeFpxForm(fields));
}

export function cardRouter(ctx: SimContext): Router {
  const router = express.Router();
  const form = express.urlencoded({ extended: false, limit: '64kb' });
  router.post('/card/pay', form, (req, res) => handlePay(ctx, req, res));
  router.post('/card/pay/:invoiceNo', form, (req, res) => handleSubmit(ctx, req, res));
  router.post('/card/enquiry', form, (req, res) => handleEnquiry(ctx, req, res));
  return router;
}
