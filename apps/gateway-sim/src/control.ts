/**
 * The control API (JSON) for tests and demos: decide what the payer does at the bank / card page or in
 * the QR app without a browser, settle transactions later, read what was recorded, take banks offline.
 *
 * With `returnBrowser` (default true) the simulator also posts the indirect AC / card response to the
 * merchant's return URL itself, once, as the browser's auto-submitting form would (redirects are not
 * followed; the answer's status and Location are reported). The form is always in the answer too.
 */
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import { FPX_BANKS } from '@councilpay/fpx';
import { SimRequestError, postFormLikeBrowser, tagRequest, type SimContext } from './context';
import { decideCard, isCardDecision, settleCard, type CardDecisionResult } from './card';
import { currentBanks, decideFpx, isFpxDecision, settleFpx, type FpxDecisionResult } from './fpx';
import { decideQr, expireDue, isQrDecision, notify } from './qr';

type Json = Record<string, unknown>;

function jsonBody(req: Request): Json {
  const value: unknown = req.body;
  if (value === undefined) return {};
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new SimRequestError(400, 'the body must be a JSON object');
  return value as Json;
}

function optionalString(body: Json, name: string): string | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new SimRequestError(400, `${name} must be a string`);
  return value;
}

function optionalBoolean(body: Json, name: string): boolean | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') throw new SimRequestError(400, `${name} must be true or false`);
  return value;
}

function settlement(body: Json): 'approve' | 'reject' {
  const action = body['action'];
  if (action === 'approve' || action === 'reject') return action;
  throw new SimRequestError(400, "action must be 'approve' or 'reject'");
}

async function browserReturn(
  ctx: SimContext,
  target: { url: string; fields: Record<string, string> } | null,
  post: boolean,
): Promise<Json | null> {
  if (target === null) return null;
  if (!post)
    return { url: target.url, fields: target.fields, posted: false, status: null, location: null, error: null };
  const result = await postFormLikeBrowser(target.url, target.fields, ctx.settings.retry.timeoutMs);
  return { url: target.url, fields: target.fields, ...result };
}

function fpxAnswer(result: FpxDecisionResult, indirect: Json | null): Json {
  return { transaction: result.transaction, ac: result.ac, direct: result.direct, indirect };
}

function cardAnswer(result: CardDecisionResult, browser: Json | null): Json {
  return {
    transaction: result.transaction,
    response: result.response,
    callback: result.callback,
    browserReturn: browser,
  };
}

type Handler = (req: Request<Record<string, string>>, res: Response) => Promise<void> | void;

/** Wraps a handler: SimRequestError becomes its status with `{ error }`. */
function route(
  handler: Handler,
): (req: Request<Record<string, string>>, res: Response, next: NextFunction) => Promise<void> {
  return async (req, res, next) => {
    try {
      await handler(req, res);
    } catch (error) {
      if (error instanceof SimRequestError) res.status(error.status).json({ error: error.message });
      else next(error);
    }
  };
}

function param(req: Request<Record<string, string>>, name: string): string {
  return req.params[name] ?? '';
}

export function controlRouter(ctx: SimContext): Router {
  const router = express.Router();
  router.use('/sim', express.json({ limit: '16kb' }));

  const fpxTxn = (req: Request<Record<string, string>>, res: Response) => {
    const txn = ctx.state.findFpx(param(req, 'orderNo'));
    if (txn === undefined)
      throw new SimRequestError(404, `no FPX transaction with order number ${param(req, 'orderNo')}`);
    tagRequest(res, { sellerOrderNo: txn.sellerOrderNo, sellerExOrderNo: txn.sellerExOrderNo });
    return txn;
  };
  const cardTxn = (req: Request<Record<string, string>>, res: Response) => {
    const txn = ctx.state.findCard(param(req, 'invoiceNo'));
    if (txn === undefined)
      throw new SimRequestError(404, `no card transaction with invoice number ${param(req, 'invoiceNo')}`);
    tagRequest(res, { invoiceNo: txn.invoiceNo });
    return txn;
  };

  const qrTxn = (req: Request<Record<string, string>>, res: Response) => {
    const txn = ctx.state.findQr(param(req, 'id'));
    if (txn === undefined) throw new SimRequestError(404, `no QR charge with id or reference ${param(req, 'id')}`);
    tagRequest(res, { chargeId: txn.charge.id, reference: txn.charge.reference });
    return txn;
  };

  // A QR charge decided without the app: approve (also after expiry: a late payment), reject, expire now, or
  // leave pending. The merchant is notified when the charge changed; `notify: true` notifies again even when it
  // did not (a duplicate notification, as acquirers send).
  router.post(
    '/sim/qr/:id/decide',
    route(async (req, res) => {
      const txn = qrTxn(req, res);
      const body = jsonBody(req);
      const decision = body['decision'];
      if (!isQrDecision(decision))
        throw new SimRequestError(400, 'decision must be approve, reject, pending or expire');
      const again = optionalBoolean(body, 'notify') ?? false;
      expireDue(ctx);
      const changed = decideQr(ctx, txn, decision);
      if (changed || again) await notify(ctx, txn);
      res.json({ charge: txn.charge, changed, notification: txn.notification });
    }),
  );

  router.get(
    '/sim/transactions',
    route((_req, res) => {
      res.json(ctx.state.list());
    }),
  );

  router.get(
    '/sim/fpx/banks',
    route((_req, res) => {
      res.json({ banks: currentBanks(ctx) });
    }),
  );

  router.put(
    '/sim/fpx/banks',
    route((req, res) => {
      const offline = jsonBody(req)['offline'];
      if (!Array.isArray(offline) || !offline.every((id): id is string => typeof id === 'string')) {
        throw new SimRequestError(400, 'offline must be an array of bank ids');
      }
      const known = new Set(FPX_BANKS.map((bank) => bank.id));
      const unknown = offline.filter((id) => !known.has(id));
      if (unknown.length > 0) throw new SimRequestError(400, `unknown bank ids: ${unknown.join(', ')}`);
      ctx.offlineBanks.clear();
      for (const id of offline) ctx.offlineBanks.add(id);
      ctx.log.info({ gateway: 'fpx', offline }, 'offline banks changed');
      res.json({ banks: currentBanks(ctx) });
    }),
  );

  router.get(
    '/sim/fpx/:orderNo',
    route((req, res) => {
      res.json(fpxTxn(req, res));
    }),
  );

  router.post(
    '/sim/fpx/:orderNo/decide',
    route(async (req, res) => {
      const txn = fpxTxn(req, res);
      const body = jsonBody(req);
      const action = body['action'];
      if (!isFpxDecision(action))
        throw new SimRequestError(400, "action must be 'approve', 'reject', 'pending' or 'abandon'");
      const returnBrowser = optionalBoolean(body, 'returnBrowser') ?? true;
      const result = await decideFpx(ctx, txn, action, {
        code: optionalString(body, 'code'),
        sendDirect: optionalBoolean(body, 'sendDirect') ?? true,
        returnBrowser: true,
        via: 'control API',
      });
      res.json(fpxAnswer(result, await browserReturn(ctx, result.indirect, returnBrowser)));
    }),
  );

  router.post(
    '/sim/fpx/:orderNo/settle',
    route(async (req, res) => {
      const txn = fpxTxn(req, res);
      const body = jsonBody(req);
      const result = await settleFpx(ctx, txn, settlement(body), {
        code: optionalString(body, 'code'),
        sendDirect: optionalBoolean(body, 'sendDirect') ?? false,
      });
      res.json(fpxAnswer(result, null));
    }),
  );

  router.get(
    '/sim/card/:invoiceNo',
    route((req, res) => {
      res.json(cardTxn(req, res));
    }),
  );

  router.post(
    '/sim/card/:invoiceNo/decide',
    route(async (req, res) => {
      const txn = cardTxn(req, res);
      const body = jsonBody(req);
      const action = body['action'];
      if (!isCardDecision(action))
        throw new SimRequestError(400, "action must be 'approve', 'reject', 'pending', 'cancel' or 'abandon'");
      const returnBrowser = optionalBoolean(body, 'returnBrowser') ?? true;
      const result = await decideCard(ctx, txn, action, {
        errDesc: optionalString(body, 'errDesc'),
        sendCallback: optionalBoolean(body, 'sendCallback') ?? optionalBoolean(body, 'sendDirect') ?? true,
        returnBrowser: true,
        via: 'control API',
      });
      res.json(cardAnswer(result, await browserReturn(ctx, result.browserReturn, returnBrowser)));
    }),
  );

  router.post(
    '/sim/card/:invoiceNo/settle',
    route(async (req, res) => {
      const txn = cardTxn(req, res);
      const body = jsonBody(req);
      const result = await settleCard(ctx, txn, settlement(body), {
        errDesc: optionalString(body, 'errDesc'),
        sendCallback: optionalBoolean(body, 'sendCallback') ?? optionalBoolean(body, 'sendDirect') ?? false,
      });
      res.json(cardAnswer(result, null));
    }),
  );

  return router;
}
