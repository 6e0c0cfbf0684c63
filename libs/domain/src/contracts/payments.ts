import type { Language } from '../language';
import type { PayableType } from '../payable-types';
import type { PaymentState } from '../payment-state';

/** One line of a checkout: a payable found by search, and what the payer chose for it. */
export interface PaymentItemRequest {
  payableId: string;
  /** Required where the payer chooses the amount (a payable with a minimum payment); otherwise the server computes it. */
  amountSen?: number;
  /** Assessment only: selection 1-4. */
  selection?: number;
  /** Local government charge only: the charge form. */
  charge?: LocalGovernmentChargeRequest;
}

export interface LocalGovernmentChargeRequest {
  customerName: string;
  totalNoOfPeople: number;
  startDate: string;
  endDate: string;
}

export interface PayerRequest {
  name: string;
  email: string;
  phone: string;
}

/**
 * FPX with its bank (GET /api/banks); a card with its scheme (48 Visa, 49 Mastercard) and its bank (a code of
 * CARD_BANK_LIST: the portal always sends it; a client that does not is still taken, the bank then unknown).
 */
export type PaymentMethodRequest =
  { type: 'fpx'; bankId: string } | { type: 'card'; cardMethod: '48' | '49'; cardBank?: string };

/** POST /api/payments body. Send an `Idempotency-Key` header so a retried request makes one payment. */
export interface CreatePaymentRequest {
  items: PaymentItemRequest[];
  payer: PayerRequest;
  method: PaymentMethodRequest;
  language?: Language;
  /**
   * The payer saw that an earlier payment for the same bills is still waiting for its bank and chose to pay
   * again anyway.
   */
  confirmRetry?: boolean;
}

/** The form the browser posts to the gateway, in the same window. */
export interface GatewayRedirectDto {
  action: string;
  method: 'POST';
  fields: Record<string, string>;
}

/**
 * The header that carries a payment's token: the proof, for someone not signed in as its owner, of being the
 * one who made the payment (to cancel it, ask the bank again, or see it whole). Without it: 404.
 */
export const PAYMENT_TOKEN_HEADER = 'X-Payment-Token';

/**
 * POST /api/payments/:reference/requery by a payer: the bank is asked about one payment at most once per this
 * window. Inside it the answer is 429 with `RequeryAskedRecently` details: the bank was asked about this payment
 * moments ago (by another tab, or by the status page following it), so the status already shown is the latest.
 */
export const PAYER_REQUERY_WINDOW_MS = 10_000;

/**
 * Payer actions on payments (cancel, ask the bank) one client address may take: [how many, per window in ms].
 * Beyond it the API answers 429 without looking at the payment, so tokens cannot be guessed at speed. A page
 * following a payment by itself must stay well inside it: several payers may share one address.
 */
export const PAYMENT_ACTIONS_PER_ADDRESS = [60, 10 * 60_000] as const;

export interface RequeryAskedRecently {
  askedRecently: true;
  retryAfterSeconds: number;
}

/** Whether a 429's details say the bank was just asked about this payment (not that the caller was throttled). */
export function isRequeryAskedRecently(details: unknown): details is RequeryAskedRecently {
  return (
    typeof details === 'object' && details !== null && (details as Partial<RequeryAskedRecently>).askedRecently === true
  );
}

export interface CreatePaymentResponse {
  reference: string;
  /**
   * The payment's secret token (256 random bits), given once, to the request that created the payment (a
   * replay with the same Idempotency-Key does not carry it). The server keeps only its hash; the portal keeps
   * it for this browser tab and sends it back in PAYMENT_TOKEN_HEADER.
   */
  paymentToken?: string;
  invoiceNo: string;
  status: PaymentState;
  amountSen: number;
  /**
   * The signed form the browser posts to the gateway; only while the payment is `in_progress`. A replay of a
   * payment that has moved on answers with its state and no form: the browser goes to its receipt instead.
   */
  redirect: GatewayRedirectDto | null;
}

export interface PaymentItemDto {
  council: string;
  type: PayableType;
  accountNo: string;
  displayNo: string;
  amountSen: number;
  selection: number | null;
  receiptNo: string | null;
  credited: boolean;
}

/** Every fact a payment's timeline records (payment_event.type): the API writes no other. */
export const PAYMENT_EVENT_TYPES = [
  'created',
  'status_changed',
  'paid_late',
  'credited',
  'credit_refused',
  'credit_short',
  'answer_repeated',
  'transition_refused',
  'requery_failed',
  'bank_silent',
  'gateway_unknown',
  'callback_rejected',
  'browser_returned',
  'duplicate_charge',
  'cancel_requested',
  'refund_recorded',
  'refund_corrected',
] as const;
export type PaymentEventType = (typeof PAYMENT_EVENT_TYPES)[number];

/** Where a timeline's fact came from (payment_event.source). */
export const PAYMENT_EVENT_SOURCES = ['browser', 'callback', 'requery', 'payer', 'admin', 'system'] as const;
export type PaymentEventSource = (typeof PAYMENT_EVENT_SOURCES)[number];

export interface PaymentEventDto {
  type: PaymentEventType;
  fromStatus: PaymentState | null;
  toStatus: PaymentState | null;
  source: PaymentEventSource;
  at: string;
  /** A short reason (the bank's text for a rejection, why a transition was refused ...). */
  reason: string | null;
}

/**
 * What a caller may see of a payment: `public` to whoever holds only its reference (payer name and email
 * masked), `full` to the holder of its token and to its signed-in owner.
 */
export type PaymentView = 'public' | 'full';

/** GET /api/payments/:reference. */
export interface PaymentDto {
  reference: string;
  view: PaymentView;
  invoiceNo: string;
  status: PaymentState;
  late: boolean;
  method: 'fpx' | 'card';
  bankId: string | null;
  cardMethod: string | null;
  /** Card only: the code of the card's bank (CARD_BANKS); null for payments made before it was asked. */
  cardBank: string | null;
  amountSen: number;
  refundDueSen: number;
  /** Masked in the public view (the reference alone is enough to see a payment's status). */
  payerName: string;
  /** Masked in the public view, short addresses too. */
  payerEmail: string;
  gatewayCode: string | null;
  gatewayReason: string | null;
  createdAt: string;
  finalAt: string | null;
  /** When it was paid: set once, kept after a refund (which moves finalAt). */
  paidAt: string | null;
  /**
   * Money given back of its own charge (refunds made, net of corrections; a duplicate charge given back is not
   * part of it). All of it when the status is `refunded`.
   */
  refundedSen: number;
  items: PaymentItemDto[];
  events: PaymentEventDto[];
  /**
   * The bank's display name: FPX's bank (its id when the bank is not known), or the card's bank (null for a card
   * payment made before the card's bank was asked).
   */
  bankName: string | null;
}

/** GET /api/banks: FPX banks in display order; offline ones are shown and cannot be chosen. */
export interface BankDto {
  id: string;
  name: string;
  online: boolean;
}

export interface BankListDto {
  banks: BankDto[];
  /** When FPX gave this list (ISO time). */
  asOf: string;
}
