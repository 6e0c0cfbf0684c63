/**
 * Payments out: what CouncilPay tells a council's own systems, as signed webhook events. Every event is an
 * envelope (id, type, version, createdAt, council, data); `data` has one schema per type and version. A
 * receiver keys on `id` (delivery is at least once: the same id may arrive twice) and reads `data` by
 * `type` and `version`. Amounts in sen; times ISO 8601 in UTC; days (YYYY-MM-DD) are Malaysian days.
 *
 * The signature: header `CouncilPay-Signature: t=<unix seconds>,v1=<hex>` where hex is
 * HMAC-SHA256(endpoint secret, `${t}.${raw body}`). A receiver recomputes it over the body exactly as
 * received, compares in constant time, and refuses a `t` further than WEBHOOK_SIGNATURE_TOLERANCE_S from its
 * clock. Several v1 values may be present while a secret is being rotated: any one matching is enough.
 */
import type { PayableType } from '../payable-types';

/** The events a council endpoint may choose. */
export const WEBHOOK_EVENT_TYPES = [
  /** One paid item credited to its bill (one event per item: a cart of three bills is three events). */
  'bill.credited',
  /** A gateway approved a payment after we had called it failed, expired or cancelled. */
  'payment.late_approval',
  /** A refund was made (paid back): the items it names are no longer credited by that much. */
  'refund.made',
  /** A council admin signed a day off: its figures will not change. */
  'day.signed_off',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The version of every payload schema below; a change a receiver could trip on is a new version. */
export const WEBHOOK_EVENT_VERSION = 1;

export const WEBHOOK_SIGNATURE_HEADER = 'CouncilPay-Signature';
/** A signature whose timestamp is further than this from the receiver's clock is refused (replay). */
export const WEBHOOK_SIGNATURE_TOLERANCE_S = 300;
/** The id of the event, repeated as a header so a receiver can drop a duplicate before parsing. */
export const WEBHOOK_EVENT_ID_HEADER = 'CouncilPay-Event-Id';

/** `bill.credited`: one item of a paid payment, credited to its bill. */
export interface BillCreditedData {
  /** The council's receipt number for this item (unique across CouncilPay). */
  receiptNo: string;
  accountNo: string;
  payableType: PayableType;
  /** What the payer paid for this item. */
  amountSen: number;
  /** What the bill's balance went down by (more than amountSen when a discount was granted). */
  creditSen: number;
  /** CouncilPay's payment reference (several items share one). */
  paymentReference: string;
  /** The gateway's transaction id (FPX transaction id or the card gateway's). */
  gatewayTxnId: string | null;
  method: 'fpx' | 'card';
  paidAt: string;
  /** The bill was credited on a late approval (see payment.late_approval). */
  late: boolean;
  /** CouncilPay's id of the item: the key `refund.made` names items by. */
  itemId: string;
}

/** One item of a late-approved payment, and whether its bill could still be credited. */
export interface LateApprovalItem {
  itemId: string;
  accountNo: string;
  payableType: PayableType;
  amountSen: number;
  /** Credited now (a `bill.credited` follows); otherwise the bill was settled meanwhile and it is owed back. */
  credited: boolean;
  receiptNo: string | null;
  refundDueSen: number;
}

/** `payment.late_approval`: this council's items of the payment (another council's items are theirs). */
export interface LateApprovalData {
  paymentReference: string;
  gatewayTxnId: string | null;
  method: 'fpx' | 'card';
  /** What we had called it before the approval arrived. */
  previousStatus: 'failed' | 'expired' | 'cancelled';
  approvedAt: string;
  items: LateApprovalItem[];
}

export interface RefundMadeItem {
  itemId: string;
  receiptNo: string | null;
  accountNo: string;
  payableType: PayableType;
  amountSen: number;
}

/** `refund.made`: the part of a refund made that falls on this council's items. */
export interface RefundMadeData {
  refundId: string;
  paymentReference: string;
  /** This council's share of the refund (the sum of its items). */
  amountSen: number;
  /** The Malaysian day the refund counts on. */
  refundDay: string;
  madeAt: string;
  items: RefundMadeItem[];
}

/** `day.signed_off`: the day's figures as signed (the same definitions as the console's day close). */
export interface DaySignedOffData {
  day: string;
  signedAt: string;
  signedBy: string;
  paidSen: number;
  refundsMadeSen: number;
  netSen: number;
}

export interface WebhookEventDataByType {
  'bill.credited': BillCreditedData;
  'payment.late_approval': LateApprovalData;
  'refund.made': RefundMadeData;
  'day.signed_off': DaySignedOffData;
}

/** The body of every webhook call: JSON, UTF-8. */
export interface WebhookEvent<T extends WebhookEventType = WebhookEventType> {
  /** Unique per event (evt_ and 26 characters); the same on every delivery of it. */
  id: string;
  type: T;
  version: typeof WEBHOOK_EVENT_VERSION;
  createdAt: string;
  /** The council the event belongs to: an endpoint receives only its own council's events. */
  council: string;
  data: WebhookEventDataByType[T];
}

/** Why an endpoint no longer receives events. */
export const WEBHOOK_DISABLED_REASONS = [
  /** A staff member turned it off. */
  'staff',
  /** Every delivery failed for WEBHOOK_DISABLE_AFTER_MS: the council admins were told by email. */
  'failing',
] as const;
export type WebhookDisabledReason = (typeof WEBHOOK_DISABLED_REASONS)[number];

/** Retries of one delivery stop this long after its first attempt. */
export const WEBHOOK_RETRY_WINDOW_MS = 72 * 3600_000;
/** An endpoint whose deliveries have failed without a success for this long is turned off. */
export const WEBHOOK_DISABLE_AFTER_MS = 3 * 24 * 3600_000;
/** A receiver has this long to answer 2xx; anything else (or nothing) is retried. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** At most this much of a receiver's answer is read and kept (the console shows it). */
export const WEBHOOK_RESPONSE_EXCERPT_CHARS = 1_000;
/** Endpoints per council. */
export const WEBHOOK_MAX_ENDPOINTS_PER_COUNCIL = 10;
/** An endpoint URL's longest form. */
export const WEBHOOK_URL_MAX_CHARS = 2_000;

/** GET /api/admin/webhook-endpoints: one receiver of a council's events. The secret is never read back. */
export interface WebhookEndpoint {
  id: string;
  council: string;
  url: string;
  events: WebhookEventType[];
  description: string | null;
  enabled: boolean;
  disabledReason: WebhookDisabledReason | null;
  disabledAt: string | null;
  /** The secret's last four characters, to tell which one a receiver holds. */
  secretHint: string;
  secretRotatedAt: string;
  createdAt: string;
  updatedAt: string;
}

/** The answer to creating an endpoint or rotating its secret: the only time the secret is shown. */
export interface WebhookEndpointWithSecret extends WebhookEndpoint {
  /** whsec_ and 43 base64url characters: give it to the receiver now; it cannot be shown again. */
  secret: string;
}

export interface WebhookEndpointCreateRequest {
  council: string;
  url: string;
  events: WebhookEventType[];
  description?: string;
}

export interface WebhookEndpointUpdateRequest {
  url?: string;
  events?: WebhookEventType[];
  description?: string | null;
  /** true turns a disabled endpoint back on (its failure clock starts again); false turns it off. */
  enabled?: boolean;
}

/** Why an endpoint URL is refused (the same rule in the API's check and the delivery worker's). */
export const WEBHOOK_URL_PROBLEMS = [
  'malformed',
  /** Not https: (production). */
  'not_https',
  /** A user name or password in the URL (a secret in plain sight): use the signature instead. */
  'credentials',
  /** localhost, a loopback, link-local, private or otherwise non-public address (production). */
  'private_address',
  'too_long',
] as const;
export type WebhookUrlProblem = (typeof WEBHOOK_URL_PROBLEMS)[number];

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** GET /api/admin/webhook-endpoints/:id/deliveries: one event's delivery to the endpoint, newest first. */
export interface WebhookDeliveryRow {
  id: string;
  eventId: string;
  eventType: WebhookEventType;
  /** The event's order among the council's events. */
  eventSeq: string;
  status: WebhookDeliveryStatus;
  /** Calls made since it was made or last sent again. */
  attempts: number;
  lastAttemptAt: string | null;
  nextAttemptAt: string | null;
  lastStatusCode: number | null;
  lastError: string | null;
  responseExcerpt: string | null;
  deliveredAt: string | null;
  createdAt: string;
}

/** Deliveries listed at most per page. */
export const WEBHOOK_DELIVERIES_PAGE = 200;
/** Deliveries sent again at most in one request. */
export const WEBHOOK_REDELIVER_MAX = 10_000;

/**
 * POST /api/admin/webhook-endpoints/:id/redeliveries: send again the named deliveries, or every delivery of
 * events made from `from` to `to` (ISO times, both included). Exactly one of the two.
 */
export interface WebhookRedeliverRequest {
  deliveryIds?: string[];
  from?: string;
  to?: string;
}

export interface WebhookRedeliverResult {
  /** Deliveries put back to be sent now (their retry window starts again). */
  queued: number;
}
