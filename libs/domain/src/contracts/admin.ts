/**
 * The staff console's API (/api/admin/*), for `_admin` (everything) and council staff (within their councils, as
 * their role there allows: staff-roles.ts). Lists follow react-admin's json-server conventions: query params `_start`, `_end`
 * (exclusive), `_sort`, `_order` (ASC | DESC) and one param per filter; the answer is a JSON array of records
 * with an `id`, and the header `X-Total-Count` holds how many match in all.
 */
import type { PaymentState } from '../payment-state';
import type { PayableType } from '../payable-types';
import type { PaymentDto } from './payments';
import type { CouncilDto } from './public';
import type { Role } from './identity';
import type { CouncilGrant } from '../staff-roles';
import type { MoneyFigures } from './money';
import type { AdminRefundableItem } from './refunds';

export const TOTAL_COUNT_HEADER = 'X-Total-Count';
/** The most records one list request may ask for. */
export const ADMIN_MAX_PAGE_SIZE = 500;

export interface AdminListParams {
  _start?: number;
  _end?: number;
  _sort?: string;
  _order?: 'ASC' | 'DESC';
}

/** GET /api/admin/payments filters. `from`/`to` are ISO times or dates (YYYY-MM-DD, Malaysia time, `to` inclusive). */
export interface AdminPaymentFilter {
  council?: string;
  /** One status, or several (repeated): any of them. */
  status?: PaymentState | PaymentState[];
  method?: 'fpx' | 'card';
  reference?: string;
  from?: string;
  to?: string;
}

export const ADMIN_PAYMENT_SORTS = ['createdAt', 'finalAt', 'amountSen', 'status', 'method', 'reference'] as const;
export type AdminPaymentSort = (typeof ADMIN_PAYMENT_SORTS)[number];

/** A row of GET /api/admin/payments: `id` is the reference. Contact details are whole for staff. */
export interface AdminPaymentRow {
  id: string;
  reference: string;
  invoiceNo: string;
  status: PaymentState;
  late: boolean;
  method: 'fpx' | 'card';
  bankId: string | null;
  cardMethod: string | null;
  /** Card only: the code of the card's bank (CARD_BANKS). */
  cardBank: string | null;
  amountSen: number;
  /**
   * What the payment's items of the list's councils come to (the filtered council, else the staff member's;
   * the whole amount for `_admin`), and the refunds made of them (net of corrections).
   */
  shareSen: number;
  refundedSen: number;
  refundDueSen: number;
  payerName: string;
  payerEmail: string;
  payerPhone: string;
  /** The councils of its items: the payment belongs to each of them. */
  councils: string[];
  /** Made by a signed-in user. */
  signedIn: boolean;
  createdAt: string;
  finalAt: string | null;
}

/** GET /api/admin/payments/:reference: the payment with items and its whole timeline. */
export interface AdminPaymentDetail extends PaymentDto {
  id: string;
  payerPhone: string;
  councils: string[];
  gatewayTxnId: string | null;
  signedIn: boolean;
}

/** The answer of a requery: what the command did to the payment. */
export interface AdminPaymentActionResult {
  reference: string;
  outcome: 'move' | 'noop' | 'refused' | 'not_found';
  from: PaymentState | null;
  to: PaymentState | null;
  reason?: string;
}

/** GET /api/admin/councils: `id` is the code. A council admin sees their councils only. */
export type AdminCouncilRow = CouncilDto & { id: string };
export const ADMIN_COUNCIL_SORTS = ['code', 'active', 'isDefault'] as const;

/** GET and PUT /api/admin/configuration (`_admin` only): the one record, id `default`. */
export interface AdminConfiguration {
  id: 'default';
  serviceClosed: boolean;
  announcementMs: string;
  announcementEn: string;
  announcementZh: string;
  appVersion: string;
  /**
   * Refunds of a payment that come to more than this (sen) wait for a second officer's approval
   * (`refundNeedsApproval`); 0: every refund does.
   */
  refundApprovalAboveSen: number;
  updatedAt: string | null;
}

/** PUT /api/admin/configuration body; a field left out stays as it is. */
export type AdminConfigurationUpdate = Omit<AdminConfiguration, 'id' | 'updatedAt' | 'refundApprovalAboveSen'> & {
  refundApprovalAboveSen?: number;
};

/** GET /api/admin/users (`_admin` only; never a password hash). Filters: `q` (email or name), `role`. */
export interface AdminUserRow {
  id: string;
  email: string;
  fullName: string;
  phone: string | null;
  /** Masked except the last 4 digits. */
  nric: string | null;
  /** `user`, `_admin`, and every council role held in some council. */
  roles: Role[];
  /** Every council the account holds a role in. */
  councils: string[];
  /** The role held in each council. */
  grants: CouncilGrant[];
  type: string;
  emailVerified: boolean;
  /** Staff: whether a second factor is on (off after an `_admin` reset it, until they enrol again). */
  secondFactorEnabled: boolean;
  createdAt: string;
}

/**
 * POST /api/admin/users/:id/second-factor/reset (`_admin`, audited as `user_second_factor_reset`): turns a staff
 * member's second factor off and voids their recovery codes; they enrol again at their next sign-in, and a
 * session they have open must enrol before it may go on. Answers 200 AdminUserRow.
 */

export const ADMIN_USER_SORTS = ['createdAt', 'email', 'fullName'] as const;

/**
 * Lists over tables that grow without bound (payments, notifications, the staff audit) never count every
 * match: they count up to ADMIN_COUNT_CAP, send X-Total-Count only when the count is exact (below the cap),
 * and always say in X-Has-Next-Page (`true` | `false`) whether a record follows the page.
 */
export const HAS_NEXT_PAGE_HEADER = 'X-Has-Next-Page';
export const ADMIN_COUNT_CAP = 10_000;

/** GET /api/admin/payments filters beyond AdminPaymentFilter's (booleans as `true` | `false`). */
export interface AdminPaymentSearch extends AdminPaymentFilter {
  /**
   * The one search box: a fragment (3 characters or more, any case) of the reference, invoice number, payer's
   * name, email or phone, or an item's account number; 1 or 2 characters: the beginning of a reference or invoice.
   */
  q?: string;
  /** FPX buyer bank id, or the card method code (48, 49). */
  bank?: string;
  /** The invoice number or its beginning. */
  invoiceNo?: string;
  payerEmail?: string;
  payerPhone?: string;
  /** An item's account number (normalised as searched). */
  accountNo?: string;
  late?: boolean;
  /** Only payments with money taken that could not be credited. */
  refundDue?: boolean;
  /** Paid from this day or time (Malaysian days, as `from`): the payments a day's "paid" figure counts. */
  paidFrom?: string;
  /** Paid up to this time, or to the end of this day. */
  paidTo?: string;
}

/**
 * GET /api/admin/payments/status-counts (the list's filters but `status`): how many payments of each status they
 * match, for the status tabs. A count above `cap` means more than `cap` ("10,000+"); null: not counted in time.
 */
export interface AdminPaymentStatusCounts {
  cap: number;
  counts: Record<PaymentState, number | null>;
}

/** A staff member's action, as recorded in the staff audit. */
export const STAFF_ACTIONS = [
  'payment_requery',
  'payment_resend',
  'payment_refund',
  'payment_refund_approve',
  'payment_refund_decline',
  'payment_refund_correct',
  'notification_resend',
  'configuration_update',
  'council_update',
  'user_roles_update',
  'user_second_factor_reset',
  'payments_export',
  'settlement_import',
  'settlement_resolve',
  'day_signed_off',
  'webhook_endpoint_create',
  'webhook_endpoint_update',
  'webhook_endpoint_rotate_secret',
  'webhook_redeliver',
  'bill_import_confirm',
  'council_api_key_create',
  'council_api_key_rotate',
  'council_api_key_revoke',
  'staff_role_update',
  'staff_invite',
  'staff_invitation_resend',
  'staff_invitation_revoke',
  'staff_invitation_accept',
] as const;
export type StaffAction = (typeof STAFF_ACTIONS)[number];
export const STAFF_AUDIT_TARGETS = [
  'payment',
  'notification',
  'configuration',
  'council',
  'user',
  'payments_export',
  'settlement_file',
  'settlement_line',
  'day_close',
  'webhook_endpoint',
  'bill_import',
  'council_api_key',
  'staff_invitation',
] as const;
export type StaffAuditTarget = (typeof STAFF_AUDIT_TARGETS)[number];

/** GET /api/admin/audit: who did what to which record, when, with the record before and after. */
export interface StaffAuditRow {
  id: string;
  staffId: string;
  staffEmail: string;
  action: StaffAction;
  targetType: StaffAuditTarget;
  targetId: string;
  councils: string[];
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  createdAt: string;
}

export interface StaffAuditFilter {
  action?: StaffAction;
  targetType?: StaffAuditTarget;
  targetId?: string;
  staffEmail?: string;
}

export const NOTIFICATION_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];
export const NOTIFICATION_CHANNELS = ['email', 'sms'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/**
 * GET /api/admin/notifications: one message to one recipient and how its delivery went. Messages about a
 * payment belong to the payment's councils; the others (codes, links) are `_admin`'s only.
 */
export interface AdminNotificationRow {
  id: string;
  channel: NotificationChannel;
  recipient: string;
  template: string;
  language: string;
  status: NotificationStatus;
  attempts: number;
  lastError: string | null;
  subject: string | null;
  /** The payment it tells of, if any. */
  reference: string | null;
  councils: string[];
  createdAt: string;
  sentAt: string | null;
}

export interface AdminNotificationFilter {
  /** One status, or several (repeated): any of them. */
  status?: NotificationStatus | NotificationStatus[];
  channel?: NotificationChannel;
  template?: string;
  recipient?: string;
  reference?: string;
}

export const ADMIN_NOTIFICATION_SORTS = ['createdAt', 'status', 'attempts'] as const;

/** What a staff member's resend did: the message queued (a new one, or the failed one again). */
export interface AdminResendResult {
  notificationId: string;
  channel: NotificationChannel;
  recipient: string;
  status: NotificationStatus;
}

/** POST /api/admin/payments/:reference/resend body: tell the payer the outcome again, by email or SMS. */
export interface AdminResendOutcomeRequest {
  channel: NotificationChannel;
}

/** GET /api/admin/payments/:reference for staff: the detail, its messages and what staff did to it. */
export interface AdminPaymentView extends AdminPaymentDetail {
  notifications: AdminNotificationRow[];
  audit: StaffAuditRow[];
  /** The items as a refund names them (in the order of `items`), with what was already given back of each. */
  refundItems: AdminRefundableItem[];
  /** The import that last changed each item's bill (in the order of `items`); null when none did. */
  billImports: (AdminBillImportStamp | null)[];
}

/** Which bill import last changed a bill: a council's file, the bills API or the demo seed. */
export interface AdminBillImportStamp {
  id: string;
  councilCode: string;
  type: PayableType;
  source: string;
  fileName: string | null;
  /** When it was confirmed (written). */
  at: string;
}

/** GET /api/admin/dashboard: the morning's view, within the caller's councils. Days are Malaysian days. */
export interface AdminDashboard {
  /** Today in Malaysia, YYYY-MM-DD. */
  day: string;
  /** Today's money per council and method (contracts/money.ts), and added up. */
  takings: (MoneyFigures & { council: string; method: 'fpx' | 'card' })[];
  takingsTotal: MoneyFigures;
  /**
   * Mismatches nobody has resolved yet: lines of kept settlement checks, and reconciliation's mismatches of the
   * last 7 days.
   */
  mismatches: { settlement: number; reconciliation: number };
  /** Payments waiting for their bank (in_progress or pending). */
  pending: { count: number; oldestAt: string | null; oldestReference: string | null };
  /** Messages not sent yet (queued, sending or failed). */
  unsent: { count: number; failed: number; oldestAt: string | null };
  /** Failed jobs per queue: `_admin` only (null for a council admin, or while Redis cannot be asked). */
  failedJobs: Record<string, number> | null;
}

/**
 * GET /api/admin/councils/:code adds what staff edit: the officer printed on licences and the images printed
 * on documents, as the PNG data URLs stored for documents (an upload is checked and redrawn as a PNG), so the
 * edit form shows them. Only this staff detail carries the images: the list and the audit do not (the audit
 * holds fingerprints).
 */
export interface AdminCouncilDetail extends AdminCouncilRow {
  signatureOfficerName: string | null;
  signatureOfficerPost: string | null;
  /** The logo printed on receipts and licences, or null when there is none. */
  logoImage: string | null;
  /** The officer's signature printed on licences, or null when there is none. */
  signatureImage: string | null;
}

/** The image types a council's document images may be. */
export const DOCUMENT_IMAGE_TYPES = ['image/png', 'image/svg+xml'] as const;
export type DocumentImageType = (typeof DOCUMENT_IMAGE_TYPES)[number];
/** The most a document image may weigh, in bytes of the image itself (before base64). */
export const DOCUMENT_IMAGE_MAX_BYTES = 20 * 1024;
/**
 * The most pixels a document image may have (width x height, 2,000 x 2,000): a PNG's header is read before its
 * pixels are, and a bigger one is refused unread. An SVG is drawn at most DOCUMENT_IMAGE_STORED_PX wide.
 */
export const DOCUMENT_IMAGE_MAX_PIXELS = 4_000_000;
/** The longest side of the PNG stored for documents (a logo prints at about 2 cm, so about 650 dpi). */
export const DOCUMENT_IMAGE_STORED_PX = 512;
/** The most elements an SVG may have, and the most it may draw once every `<use>` is counted as what it repeats. */
export const DOCUMENT_IMAGE_SVG_MAX_ELEMENTS = 1_000;
export const DOCUMENT_IMAGE_SVG_MAX_DRAWN = 5_000;
/** How deep `<use>` may repeat what itself repeats something. */
export const DOCUMENT_IMAGE_SVG_MAX_USE_DEPTH = 3;
/** Why a document image was refused (`details.reason` of a 400 image_invalid). */
export const DOCUMENT_IMAGE_REFUSALS = [
  'not_png_or_svg',
  'empty',
  'too_large',
  'unreadable',
  'too_many_pixels',
  'svg_not_plain',
  'svg_too_complex',
] as const;
export type DocumentImageRefusal = (typeof DOCUMENT_IMAGE_REFUSALS)[number];

/** PUT /api/admin/councils/:code body (`_admin`). */
export interface AdminCouncilUpdate {
  active: boolean;
  /** A path under the API origin (`/api/...` or `/assets/...`), or null for the default logo. */
  logoUrl: string | null;
  signatureOfficerName: string | null;
  signatureOfficerPost: string | null;
  /**
   * The logo printed on receipts and licences, and the officer's signature printed on licences: a base64 data
   * URL of a PNG or SVG of at most 20 KB; null removes it, absent leaves it as it is. It is stored as a PNG.
   */
  logoImage?: string | null;
  signatureImage?: string | null;
}

/** PUT /api/admin/users/:id/roles body (`_admin`): grant or remove council admin, for these councils. */
export interface AdminUserRolesUpdate {
  councilAdmin: boolean;
  councils: string[];
}

/** Which way a gateway answer came. */
export const GATEWAY_ANSWER_SOURCES = ['direct', 'browser', 'enquiry', 'card-callback', 'card-browser'] as const;
export type GatewayAnswerSource = (typeof GATEWAY_ANSWER_SOURCES)[number];

/**
 * What was made of a gateway answer: applied (moved the payment), duplicate (the same fact again),
 * duplicate_charge (a second approval under another gateway transaction id: money taken twice, owed back),
 * refused (contradicts the payment's state), unknown (the gateway does not know the transaction), not_found
 * (no such payment), invalid (did not verify), error (applying it failed), recorded (the browser's copy, kept).
 */
export const GATEWAY_ANSWER_VERDICTS = [
  'applied',
  'duplicate',
  'duplicate_charge',
  'refused',
  'unknown',
  'not_found',
  'invalid',
  'error',
  /** Brought back by the payer's browser: kept, never applied (an enquiry of ours decides). */
  'recorded',
] as const;
export type GatewayAnswerVerdict = (typeof GATEWAY_ANSWER_VERDICTS)[number];

/** What a gateway answered: its outcome, or `invalid` for a message that did not verify. */
export const GATEWAY_ANSWER_OUTCOMES = ['approved', 'pending', 'rejected', 'unknown', 'invalid'] as const;
export type GatewayAnswerOutcome = (typeof GATEWAY_ANSWER_OUTCOMES)[number];

/** GET /api/admin/payments/:reference/gateway-answers: every answer about the payment, oldest first. */
export interface AdminGatewayAnswerRow {
  id: string;
  reference: string | null;
  invoiceNo: string;
  source: GatewayAnswerSource;
  method: 'fpx' | 'card';
  outcome: GatewayAnswerOutcome;
  responseCode: string;
  /** What the code means, in the gateway's (English) words, when the gateway's list has it. */
  reason: string | null;
  amountSen: number | null;
  currency: string | null;
  gatewayTxnId: string | null;
  gatewayTxnTime: string | null;
  debitAuthNo: string | null;
  creditAuthCode: string | null;
  creditAuthNo: string | null;
  authCode: string | null;
  verdict: GatewayAnswerVerdict;
  /** A duplicate charge's amount, owed back to the payer. */
  refundDueSen: number;
  /** The signed message as received. */
  rawMessage: string;
  receivedAt: string;
}

/** GET /api/admin/reconciliation query: dates (YYYY-MM-DD, Malaysia time, both inclusive), council, method. */
export interface ReconciliationQuery {
  from: string;
  to: string;
  council?: string;
  method?: 'fpx' | 'card';
}

/** Why a record does not reconcile. */
export const MISMATCH_CAUSES = [
  'late_approval',
  'amount_mismatch',
  'duplicate_charge',
  'approval_without_payment',
  'payment_without_approval',
] as const;
export type MismatchCause = (typeof MISMATCH_CAUSES)[number];

/** One council, one Malaysian day, one method: its money (contracts/money.ts), then what else happened. */
export interface ReconciliationRow extends MoneyFigures {
  council: string;
  /** YYYY-MM-DD, Malaysia time (UTC+8). */
  day: string;
  method: 'fpx' | 'card';
  approvedAnswers: number;
  approvedSen: number;
  /**
   * Payments made that day (by createdAt) that are still pending at the bank, failed, or expired, and those
   * refunded (by the day they were made): counts and what their items of this council come to.
   */
  paymentsPending: number;
  pendingSen: number;
  paymentsFailed: number;
  failedSen: number;
  paymentsExpired: number;
  expiredSen: number;
  paymentsRefunded: number;
  refundedSen: number;
}

export interface ReconciliationMismatch {
  cause: MismatchCause;
  reference: string | null;
  invoiceNo: string | null;
  councils: string[];
  day: string;
  method: 'fpx' | 'card';
  /** The payment's amount, or the answer's for an approval without a payment. */
  amountSen: number;
  /** What the gateway approved, where it differs. */
  approvedSen?: number;
  gatewayTxnId?: string | null;
}

/** GET /api/admin/reconciliation. */
export interface ReconciliationReport {
  from: string;
  to: string;
  rows: ReconciliationRow[];
  /** Every row's money added up. */
  totals: MoneyFigures;
  mismatches: ReconciliationMismatch[];
}
