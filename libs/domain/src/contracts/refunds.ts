/**
 * The staff console's refund routes (/api/admin/payments/:reference/refunds...). Who may use them: `_admin`, or
 * a council admin of every council of the payment; the rules themselves are in ../refunds.ts.
 */
import type { PaymentState } from '../payment-state';
import type { RefundState } from '../refunds';

/**
 * One item of a payment, for recording a refund. What may still be given back of it is
 * `amountSen - refundedSen - awaitingSen`.
 */
export interface AdminRefundableItem {
  id: string;
  council: string;
  accountNo: string;
  amountSen: number;
  /** Given back of it: refunds made, net of corrections. */
  refundedSen: number;
  /** Held back by refunds awaiting approval. */
  awaitingSen: number;
  /** Its bill was credited (only then can a refund reverse the credit). */
  credited: boolean;
}

/** One item of a refund. */
export interface AdminRefundItemRow {
  itemId: string;
  councilCode: string;
  accountNo: string;
  amountSen: number;
  /** Staff chose to reverse the bill's credit. */
  reverseCredit: boolean;
  /**
   * The credit this item reverses: its bill's balance went back up by it (made), will when approved (awaiting
   * approval), never did (declined). On a correction: the credit it re-applied (the balance went back down).
   */
  creditReversedSen: number;
}

/** GET /api/admin/payments/:reference/refunds: the money given back, oldest first. */
export interface AdminRefundRow {
  id: string;
  reference: string;
  state: RefundState;
  amountSen: number;
  reason: string;
  staffEmail: string;
  gatewayReference: string | null;
  /** Set when it gives back a duplicate charge (that gateway answer's id); such a refund has no items. */
  gatewayAnswerId: string | null;
  /** When the money was given back (for one awaiting approval: the date the recorder gave). */
  refundedAt: string;
  createdAt: string;
  /** Set on a correction: the refund it reverses. */
  correctsRefundId: string | null;
  /** Set on a corrected refund: the correction that reversed it. */
  correctedByRefundId: string | null;
  /** Who approved or declined it, when, and why it was declined. */
  decidedByEmail: string | null;
  decidedAt: string | null;
  declineReason: string | null;
  items: AdminRefundItemRow[];
  /** What the caller may do with it now (the API checks again when they do). */
  mayApprove: boolean;
  mayDecline: boolean;
  mayCorrect: boolean;
}

/**
 * POST /api/admin/payments/:reference/refunds: records money given back. Either items (each at most what is
 * left of it; per item, whether the bill's credit is reversed) or `gatewayAnswerId` of a duplicate charge with
 * `amountSen`. Never more than what is left to give back (refunds awaiting approval hold theirs back).
 */
export interface AdminRecordRefundRequest {
  reason: string;
  gatewayReference?: string;
  /**
   * When the money was given back: a Malaysian day (YYYY-MM-DD) or an instant with its zone, from the day the
   * payment was paid to today (`resolveRefundDate`). The console always sends the day; absent, it is now.
   */
  refundedAt?: string;
  items?: { itemId: string; amountSen: number; reverseCredit: boolean }[];
  gatewayAnswerId?: string;
  amountSen?: number;
}

/** What a refund would do to one item and its bill. */
export interface AdminRefundPreviewItem {
  itemId: string;
  council: string;
  accountNo: string;
  amountSen: number;
  reverseCredit: boolean;
  /** The credit that would be reversed (0 when kept). */
  creditReversedSen: number;
  /** The bill's balance now, and once the refund counts (the same when its credit is kept). */
  balanceBeforeSen: number;
  balanceAfterSen: number;
}

/**
 * POST /api/admin/payments/:reference/refunds/preview (the same body as recording one): what recording it would
 * do, checked as recording checks it, with nothing written. The console's confirmation step shows it.
 */
export interface AdminRefundPreview {
  reference: string;
  paymentAmountSen: number;
  paidAt: string | null;
  status: PaymentState;
  amountSen: number;
  /** When it would be dated (for one needing approval: the date given; it is dated when approved). */
  refundedAt: string;
  items: AdminRefundPreviewItem[];
  /** Set for a duplicate charge's refund. */
  gatewayAnswerId: string | null;
  /** It would wait for a second officer's approval, counting for nothing until then. */
  needsApproval: boolean;
  approvalAboveSen: number;
  /** What may still be given back of the payment's own charge, before and after it. */
  refundableBeforeSen: number;
  refundableAfterSen: number;
  /** The payment's status once it counts. */
  statusAfter: PaymentState;
}

/** What POST /api/admin/payments/:reference/refunds (and its approve, decline and correct routes) did. */
export interface AdminRecordRefundResult {
  refund: AdminRefundRow;
  /** The payment's status after it (refunded once all of its charge is given back). */
  status: PaymentState;
  /** What may still be given back of the payment's own charge (refunds awaiting approval hold theirs back). */
  refundableSen: number;
}

/** POST /api/admin/payments/:reference/refunds/:refundId/decline body. */
export interface AdminDeclineRefundRequest {
  reason: string;
}

/** POST /api/admin/payments/:reference/refunds/:refundId/corrections body: why the refund was a mistake. */
export interface AdminCorrectRefundRequest {
  reason: string;
}
