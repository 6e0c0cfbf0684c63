/** What every part of the simulator shares: configuration, state, deliveries, logger. */
import { randomInt } from 'node:crypto';
import type { Logger } from 'pino';
import type { KeyInput } from '@councilpay/fpx';
import type { Deliverer, RetryPolicy } from './delivery';
import type { SimState } from './state';

export interface SimulatorSettings {
  exchangePrivateKey: KeyInput;
  sellerPublicKey: KeyInput;
  cardSecret: string;
  fpxDirectAcUrl: string;
  fpxIndirectAcUrl: string;
  publicUrl: string;
  retry: RetryPolicy;
  qr: QrAcquirerSettings;
}

/** The QR acquirer's side of one merchant: its API key, its notification secret and URL, its name on codes. */
export interface QrAcquirerSettings {
  secretKey: string;
  /** Base64: notifications are signed with its decoded bytes. */
  webhookSecret: string;
  notifyUrl: string;
  merchantName: string;
  merchantCity: string;
}

export interface SimContext {
  settings: SimulatorSettings;
  state: SimState;
  deliverer: Deliverer;
  log: Logger;
  /** Bank ids listed offline ('B'); changeable at run time through the control API. */
  offlineBanks: Set<string>;
}

/** `count` random decimal digits. */
export function randomDigits(count: number): string {
  let text = '';
  for (let i = 0; i < count; i += 1) text += String(randomInt(10));
  return text;
}

/** The message of an unknown thrown value. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A problem the caller can fix, with the HTTP status to answer. */
export class SimRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'SimRequestError';
  }
}

/** Emulates a browser posting a form (what the auto-submitting page does): one POST, redirects not followed. */
export async function postFormLikeBrowser(
  url: string,
  fields: Readonly<Record<string, string>>,
  timeoutMs: number,
): Promise<{ posted: boolean; status: number | null; location: string | null; error: string | null }> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(Object.entries(fields)).toString(),
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.arrayBuffer();
    return { posted: true, status: response.status, location: response.headers.get('location'), error: null };
  } catch (error) {
    return { posted: false, status: null, location: null, error: errorMessage(error) };
  }
}

const LOG_FIELDS = 'simLogFields';

/** Adds the transaction's numbers to the request's access log line. */
export function tagRequest(res: { locals: Record<string, unknown> }, fields: Readonly<Record<string, string>>): void {
  const current = res.locals[LOG_FIELDS];
  res.locals[LOG_FIELDS] = { ...(typeof current === 'object' && current !== null ? current : {}), ...fields };
}

/** The fields added by tagRequest (empty when none). */
export function requestTags(res: { locals: Record<string, unknown> }): Record<string, unknown> {
  const current = res.locals[LOG_FIELDS];
  return typeof current === 'object' && current !== null ? { ...current } : {};
}
