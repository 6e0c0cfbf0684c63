import type { GatewayRedirectDto } from '@councilpay/domain';
import type { GatewayFieldsInput } from '@councilpay/fpx';

/** What a gateway said about a payment, whichever way it arrived (browser, callback, enquiry). */
export interface GatewayAnswer {
  /** `unknown`: the gateway does not know the transaction (yet); nothing to apply. */
  outcome: 'approved' | 'pending' | 'rejected' | 'unknown';
  /** The gateway's own code (FPX debitAuthCode, card status). */
  code: string;
  reason: string;
  gatewayTxnId?: string;
  /** The message itself and the facts reconciliation needs, kept as a GatewayAnswer row. */
  facts?: AnswerFacts;
}

/** An answer as the timeline keeps it: the message itself lives in its GatewayAnswer row. */
export function timelineAnswer(answer: GatewayAnswer): {
  outcome: GatewayAnswer['outcome'];
  code: string;
  reason: string;
  gatewayTxnId?: string;
} {
  const { outcome, code, reason, gatewayTxnId } = answer;
  return { outcome, code, reason, ...(gatewayTxnId !== undefined ? { gatewayTxnId } : {}) };
}

/** Which way an answer came: FPX direct AC, FPX AC through the browser, our enquiry, card callback or return. */
export type AnswerChannel = 'direct' | 'browser' | 'enquiry' | 'card-callback' | 'card-browser';

export interface AnswerFacts {
  method: 'fpx' | 'card';
  /** Set by an enquiry; callbacks take theirs from the route they arrived on. */
  channel?: AnswerChannel;
  /** The message as received: the posted form (URL-encoded) or the enquiry answer's body. */
  raw: string;
  amountSen: number | null;
  currency: string | null;
  gatewayTxnTime: string | null;
  debitAuthNo?: string;
  creditAuthCode?: string;
  creditAuthNo?: string;
  authCode?: string;
}

/** A posted form as text, fields in the order received. */
export function formText(fields: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(fields))
    params.append(name, typeof value === 'string' ? value : String(value));
  return params.toString();
}

/** The facts of a payment a gateway message is built from. */
export interface GatewayPayment {
  reference: string;
  invoiceNo: string;
  amountSen: number;
  createdAt: Date;
  payerName: string;
  payerEmail: string;
  payerPhone: string;
  bankId: string | null;
  cardMethod: string | null;
}

/** A message a gateway sent on its own (callback or browser return), checked against the payment it names. */
export type VerifiedCallback =
  | {
      ok: true;
      answer: GatewayAnswer;
      /** When the gateway says the transaction happened (null when its messages carry no time). */
      gatewayTime: Date | null;
    }
  | { ok: false; code: string; reason: string };

export interface PaymentGateway {
  /** Verifies a callback or browser return (signature, fields, that it is about this payment). */
  verifyCallback(fields: GatewayFieldsInput, payment: GatewayPayment): VerifiedCallback;
  /** The signed form the browser posts to the gateway. */
  redirect(payment: GatewayPayment): GatewayRedirectDto;
  /** Asks the gateway for the payment's status (requery). Throws GatewayError when it cannot tell. */
  enquire(payment: GatewayPayment): Promise<GatewayAnswer>;
}
