/**
 * Settlement checks (/api/admin/settlements): a gateway's settlement file for one Malaysian day, checked both
 * ways against our records and kept. Every line is matched to our payment by its order number (our invoice
 * number); every payment of the checker's councils paid with us that day by that gateway and named by no line
 * is a mismatch too. Amounts in sen.
 */
import type { PaymentState } from '../payment-state';

/** The gateways whose settlement files are read, each in its own layout (see SETTLEMENT_LAYOUTS). */
export const SETTLEMENT_GATEWAYS = ['fpx', 'card'] as const;
export type SettlementGateway = (typeof SETTLEMENT_GATEWAYS)[number];

/**
 * The columns of each gateway's file, in order (the first line names them, in these words or any case):
 * - FPX: the transaction day, the seller order no (our invoice no), the FPX transaction id, the amount in RM,
 *   the bank's status (its two-digit FPX code or a word; 00 or "approved" is an approval).
 * - Card: the transaction day, the merchant reference (our invoice no), the card gateway's transaction id, the
 *   amount in RM, the status (1 or "approved" is an approval; 0 / "declined" / "failed" is not), the
 *   authorisation code (may be empty), the card brand (visa or mastercard).
 */
export const SETTLEMENT_LAYOUTS: Record<SettlementGateway, readonly string[]> = {
  fpx: ['date', 'seller order no', 'fpx transaction id', 'amount', 'status'],
  card: ['date', 'merchant reference', 'transaction id', 'amount', 'status', 'auth code', 'card'],
};

/**
 * At most this many lines and characters in one file (a day of a busy state's payments, with room; a line is
 * about 60 characters). Its route alone takes a body this large.
 */
export const SETTLEMENT_MAX_LINES = 20_000;
export const SETTLEMENT_MAX_CHARS = 1_600_000;
/** Lines in one page of a check's answer (the lines needing a look come first). */
export const SETTLEMENT_PAGE_LINES = 200;

/** What is wrong with one line of a file: any of them refuses the whole file, and nothing is stored. */
export const SETTLEMENT_LINE_ERRORS = [
  /** The file has no line after its header. */
  'empty',
  /** The first line does not name the gateway's columns. */
  'header',
  /** Not the gateway's number of columns. */
  'columns',
  'date',
  /** A day after today (Malaysian time). */
  'future_date',
  /** Another day than the file's first line: one file settles one day. */
  'other_day',
  'order_no',
  'txn_id',
  'amount',
  /** An amount written with a thousands separator (1,234.50): write 1234.50. */
  'thousands_separator',
  'status',
  'auth_code',
  'card',
  /** The same order no and transaction id twice. */
  'duplicate',
  /** A payment of a council that is not the checker's. */
  'other_council',
] as const;
export type SettlementLineErrorCode = (typeof SETTLEMENT_LINE_ERRORS)[number];

export interface SettlementLineError {
  /** 1-based line of the file. */
  line: number;
  code: SettlementLineErrorCode;
  /** The text found there (cut short). */
  value: string;
}

/**
 * A line against our records, or one of our payments the file leaves out:
 * - matched: both agree (order no, transaction id, amount, day, approved on both sides or on neither);
 * - amount_differs: the bank settled another amount than the payment's;
 * - txn_id_differs: another transaction id than the one the gateway gave us for the payment;
 * - date_differs: a day outside the payment's life (from the day it was made to the day it was paid);
 * - unknown_order: no payment of ours has that order no;
 * - approved_not_ours: the bank approved it, our payment is not paid (its approval never reached us);
 * - not_approved_by_bank: our payment is paid, the bank's line is not an approval;
 * - missing_from_file: our payment was paid that day with this gateway and no line names it.
 */
export const SETTLEMENT_RESULTS = [
  'matched',
  'amount_differs',
  'txn_id_differs',
  'date_differs',
  'unknown_order',
  'approved_not_ours',
  'not_approved_by_bank',
  'missing_from_file',
] as const;
export type SettlementResult = (typeof SETTLEMENT_RESULTS)[number];

/** How a mismatch was put right: the bank asked again (requery), explained in a note, settled by a refund. */
export const SETTLEMENT_RESOLUTIONS = ['requeried', 'explained', 'refund'] as const;
export type SettlementResolution = (typeof SETTLEMENT_RESOLUTIONS)[number];

/** POST /api/admin/settlements body: the file as text. */
export interface SettlementCheckRequest {
  gateway: SettlementGateway;
  fileName: string;
  content: string;
}

/** A stored check: what the file said and what we have, for its day. */
export interface SettlementCheckSummary {
  id: string;
  gateway: SettlementGateway;
  fileName: string;
  sha256: string;
  /** The Malaysian day the file settles, YYYY-MM-DD. */
  day: string;
  /** The councils it covered; empty: every council. */
  councils: string[];
  checkedAt: string;
  checkedBy: string;
  /** Lines of the file (missing payments are not lines). */
  fileLines: number;
  counts: Record<SettlementResult, number>;
  /** Approvals in the file that day, and our payments paid that day with this gateway (whole amounts). */
  bankTotalSen: number;
  ourTotalSen: number;
  /** bankTotalSen - ourTotalSen. */
  differenceSen: number;
  /** Mismatches nobody has resolved yet. */
  unresolved: number;
}

export interface SettlementLineResolution {
  kind: SettlementResolution;
  note: string | null;
  refundId: string | null;
  by: string;
  at: string;
}

/** A line of a check (`line` null: a payment of ours the file does not name). */
export interface SettlementCheckLine {
  id: string;
  line: number | null;
  result: SettlementResult;
  date: string | null;
  orderNo: string;
  txnId: string | null;
  amountSen: number | null;
  bankStatus: string | null;
  bankApproved: boolean | null;
  reference: string | null;
  paymentStatus: PaymentState | null;
  paymentAmountSen: number | null;
  paymentTxnId: string | null;
  paidDay: string | null;
  councils: string[];
  resolution: SettlementLineResolution | null;
}

/**
 * POST /api/admin/settlements (201 a new check; 200 the stored check of the same file) and
 * GET /api/admin/settlements/:id: the check and its first page of lines, the ones needing a look first.
 * More lines: GET /api/admin/settlements/:id/lines (`_start`, `_end`, `result`).
 */
export interface SettlementCheckAnswer {
  check: SettlementCheckSummary;
  lines: SettlementCheckLine[];
  /** More lines than this page. */
  more: boolean;
  /** The same file had been checked before: this is that check. */
  reopened: boolean;
}

/** POST /api/admin/settlements/:id/lines/:lineId/resolution body. */
export interface SettlementResolveRequest {
  /** requery: ask the gateway now (its signed answer moves the payment); note: explain; refund: name the refund. */
  kind: 'requery' | 'note' | 'refund';
  note?: string;
  refundId?: string;
}
