/**
 * Test support, not a test file (vitest runs *.spec.ts; the app build excludes *.test.ts): keys made at
 * test time (never committed), a tiny merchant server receiving direct ACs and card callbacks, the
 * merchant side of the messages, and reading the forms out of the simulator's pages.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import { afterEach, beforeEach } from 'vitest';
import type { CardMethodCode } from '@councilpay/domain';
import {
  buildAuthorisationRequest,
  buildBankEnquiryRequest,
  buildCardEnquiry,
  buildCardRequest,
  buildEnquiryRequest,
  type FpxConfig,
  type FpxOrder,
  type GatewayFields,
} from '@councilpay/fpx';
import { createSimulator, type Simulator, type SimulatorOptions } from '../app';

export interface TestKeys {
  exchangePrivateKeyPem: string;
  exchangePublicKeyPem: string;
  sellerPrivateKeyPem: string;
  sellerPublicKeyPem: string;
  cardSecret: string;
}

function pair(): { privateKeyPem: string; publicKeyPem: string } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { privateKeyPem: privateKey, publicKeyPem: publicKey };
}

let cached: TestKeys | undefined;

/** Keys for the whole test file (generated once: RSA generation takes a moment). */
export function testKeys(): TestKeys {
  if (cached === undefined) {
    const exchange = pair();
    const seller = pair();
    cached = {
      exchangePrivateKeyPem: exchange.privateKeyPem,
      exchangePublicKeyPem: exchange.publicKeyPem,
      sellerPrivateKeyPem: seller.privateKeyPem,
      sellerPublicKeyPem: seller.publicKeyPem,
      cardSecret: randomBytes(32).toString('hex'),
    };
  }
  return cached;
}

export interface Received {
  path: string;
  fields: Record<string, string>;
  contentType: string;
}

export interface Merchant {
  url: string;
  directUrl: string;
  indirectUrl: string;
  callbackUrl: string;
  returnUrl: string;
  direct: Received[];
  indirect: Received[];
  callback: Received[];
  returned: Received[];
  /** Answers for the next direct ACs before the normal `OK` (e.g. [{status:500}, {status:200, body:'NOK'}]). */
  directFailures: { status: number; body?: string }[];
  /** Statuses for the next card callbacks before the normal 200. */
  callbackFailures: number[];
  qrNotifyUrl: string;
  /** QR notifications as posted: the raw body and the signature headers. */
  qr: { rawBody: string; signature: string; timestamp: string; contentType: string }[];
  /** Statuses for the next QR notifications before the normal 200. */
  qrFailures: number[];
  close(): Promise<void>;
}

/** The merchant's QR acquirer credentials in tests (made at test time, never committed). */
export const QR_TEST_KEYS = {
  secretKey: `skey_test_${randomBytes(12).toString('hex')}`,
  webhookSecret: randomBytes(32).toString('base64'),
};

function fieldsOf(body: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (typeof body === 'object' && body !== null) {
    for (const [key, value] of Object.entries(body)) if (typeof value === 'string') out[key] = value;
  }
  return out;
}

/** A merchant listening on 127.0.0.1 (random port): records what the simulator sends. */
export async function startMerchant(): Promise<Merchant> {
  const app = express();
  app.use(express.urlencoded({ extended: false }));
  const merchant: Omit<
    Merchant,
    'url' | 'directUrl' | 'indirectUrl' | 'callbackUrl' | 'returnUrl' | 'qrNotifyUrl' | 'close'
  > = {
    direct: [],
    indirect: [],
    callback: [],
    returned: [],
    directFailures: [],
    callbackFailures: [],
    qr: [],
    qrFailures: [],
  };
  app.post('/qr/notify', express.text({ type: '*/*' }), (req, res) => {
    merchant.qr.push({
      rawBody: typeof req.body === 'string' ? req.body : '',
      signature: req.get('omise-signature') ?? '',
      timestamp: req.get('omise-signature-timestamp') ?? '',
      contentType: req.get('content-type') ?? '',
    });
    res.status(merchant.qrFailures.shift() ?? 200).json({});
  });
  const record = (list: Received[], req: express.Request): void => {
    list.push({ path: req.path, fields: fieldsOf(req.body), contentType: req.get('content-type') ?? '' });
  };
  app.post('/direct', (req, res) => {
    record(merchant.direct, req);
    const failure = merchant.directFailures.shift();
    if (failure)
      res
        .status(failure.status)
        .type('text/plain')
        .send(failure.body ?? 'ERROR');
    else res.status(200).type('text/plain').send('OK');
  });
  app.post('/indirect', (req, res) => {
    record(merchant.indirect, req);
    res.redirect(302, '/#/payment-result');
  });
  app.post('/card/callback', (req, res) => {
    record(merchant.callback, req);
    const failure = merchant.callbackFailures.shift();
    res
      .status(failure ?? 200)
      .type('text/plain')
      .send(failure === undefined ? 'received' : 'error');
  });
  app.post('/card/return', (req, res) => {
    record(merchant.returned, req);
    res.redirect(302, '/#/payment-result');
  });
  const server: Server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return Object.assign(merchant, {
    url,
    directUrl: `${url}/direct`,
    indirectUrl: `${url}/indirect`,
    callbackUrl: `${url}/card/callback`,
    returnUrl: `${url}/card/return`,
    qrNotifyUrl: `${url}/qr/notify`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  });
}

/** The simulator wired to the merchant, with fast retries and no persistence. */
export function startSimulator(merchant: Merchant, overrides: Partial<SimulatorOptions> = {}): Simulator {
  const keys = testKeys();
  return createSimulator({
    exchangePrivateKey: keys.exchangePrivateKeyPem,
    sellerPublicKey: keys.sellerPublicKeyPem,
    cardSecret: keys.cardSecret,
    fpxDirectAcUrl: merchant.directUrl,
    fpxIndirectAcUrl: merchant.indirectUrl,
    offlineBanks: ['HSBC0223', 'KFH0346'],
    retry: { delaysMs: [20, 40], maxAttempts: 6, timeoutMs: 2000 },
    stateFile: null,
    qr: { ...QR_TEST_KEYS, notifyUrl: merchant.qrNotifyUrl },
    ...overrides,
  });
}

/** The merchant's FPX configuration (what the API holds). */
export function merchantFpxConfig(): FpxConfig {
  const keys = testKeys();
  return {
    sellerExId: 'EX00012345',
    sellerId: 'SE00054321',
    sellerPrivateKeyPem: keys.sellerPrivateKeyPem,
    exchangePublicKeyPem: keys.exchangePublicKeyPem,
    arUrl: '/fpx/ar',
    aeUrl: '/fpx/ae',
    beUrl: '/fpx/be',
  };
}

let orderCounter = 0;

/** A fresh order (unique numbers) with sensible defaults. */
export function testOrder(overrides: Partial<FpxOrder> = {}): FpxOrder {
  orderCounter += 1;
  const n = `${Date.now()}${String(orderCounter).padStart(3, '0')}`;
  return {
    sellerExOrderNo: `EX${n}`,
    sellerOrderNo: `ORD${n}`,
    sellerTxnTime: new Date(),
    amountSen: 12_345,
    buyerEmail: 'payer@example.com',
    buyerName: 'Siti Aminah',
    buyerBankId: 'MB2U0227',
    ...overrides,
  };
}

export function arFields(order: FpxOrder): GatewayFields {
  return buildAuthorisationRequest({ config: merchantFpxConfig(), order }).fields;
}

export function aeBody(order: FpxOrder): string {
  return buildEnquiryRequest({ config: merchantFpxConfig(), order }).body;
}

export function beBody(): string {
  return buildBankEnquiryRequest(merchantFpxConfig()).body;
}

let invoiceCounter = 0;

export function nextInvoiceNo(): string {
  invoiceCounter += 1;
  return `${Date.now()}${String(invoiceCounter).padStart(4, '0')}`.padStart(20, '0');
}

export function cardRequestFields(
  merchant: Merchant,
  options: { invoiceNo?: string; amountSen?: number; method?: CardMethodCode } = {},
): GatewayFields {
  return buildCardRequest({
    gatewayUrl: '/card/pay',
    merchantId: 'MDPG0001',
    invoiceNo: options.invoiceNo ?? nextInvoiceNo(),
    amountSen: options.amountSen ?? 5_000,
    payer: { name: 'Tan Ah Kow', email: 'tan@example.com', contact: '012-345 6789' },
    method: options.method ?? '48',
    returnUrl: merchant.returnUrl,
    callbackUrl: merchant.callbackUrl,
    secret: testKeys().cardSecret,
  }).fields;
}

export function cardEnquiryBody(invoiceNo: string, amountSen = 5_000): string {
  return buildCardEnquiry({
    enquiryUrl: '/card/enquiry',
    merchantId: 'MDPG0001',
    invoiceNo,
    amountSen,
    secret: testKeys().cardSecret,
  }).body;
}

export function formBody(fields: Readonly<Record<string, string>>): string {
  return new URLSearchParams(Object.entries(fields)).toString();
}

function unescapeHtml(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** The first POST form of a page: its action and hidden fields. */
export function readForm(html: string): { action: string; fields: Record<string, string> } {
  const form = /<form\b[^>]*\baction="([^"]*)"[^>]*>([\s\S]*?)<\/form>/.exec(html);
  if (!form) throw new Error('no form in the page');
  const fields: Record<string, string> = {};
  for (const input of (form[2] ?? '').matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)) {
    fields[unescapeHtml(input[1] ?? '')] = unescapeHtml(input[2] ?? '');
  }
  return { action: unescapeHtml(form[1] ?? ''), fields };
}

/** The merchant and the simulator delivering to it that one test uses (a test may swap the simulator). */
export interface TestWorld {
  merchant: Merchant;
  sim: Simulator;
}

/** A fresh merchant and simulator for each test of the calling file, both closed after the test. */
export function simulatorForEachTest(): TestWorld {
  const world = {} as TestWorld;
  beforeEach(async () => {
    world.merchant = await startMerchant();
    world.sim = startSimulator(world.merchant);
  });
  afterEach(async () => {
    world.sim.close();
    await world.merchant.close();
  });
  return world;
}
