/**
 * The rules of money given back to a payer, shared by the API (which enforces them), the console (which shows
 * them before anything is sent) and the database guards (which refuse what breaks them).
 *
 * A refund is a record that is never edited or deleted. It is in one of three states:
 * - `made`: the money was given back; it counts (bills' credits reversed, status, the payer told);
 * - `awaiting_approval`: recorded above the approval limit; it counts for nothing yet, but reserves its
 *   amount (what is left to give back shrinks) until a second officer approves it (it becomes `made`) or
 *   declines it;
 * - `declined`: it never counts.
 * A mistaken refund that was made is corrected by a reversing entry: a new refund in state `made` that names
 * the refund it corrects (`correctsRefundId`), for its whole amount and the same items; it re-applies the credit
 * the original reversed. A refund is corrected at most once, and a correction is never itself corrected.
 */
import { malaysiaDay, MALAYSIA_UTC_OFFSET_MS } from './display';
import type { Sen } from './money';

export const REFUND_STATES = ['awaiting_approval', 'made', 'declined'] as const;
export type RefundState = (typeof REFUND_STATES)[number];

/**
 * The approval limit of a new database: once a payment's refunds would come to more than RM 1,000.00, a second
 * officer approves before the refund counts.
 */
export const DEFAULT_REFUND_APPROVAL_ABOVE_SEN = 100_000;
/** The highest limit that may be set: RM 1,000,000.00, more than any payment may be. */
export const MAX_REFUND_APPROVAL_ABOVE_SEN = 100_000_000;

/** What counting a refund needs to know of it. */
export interface CountedRefund {
  state: RefundState;
  correctsRefundId: string | null;
  amountSen: Sen;
}

/**
 * Refunds made, net of corrections: the refunds made that correct nothing, less the corrections made. A refund
 * awaiting approval or declined counts for nothing. The same sum over refund items counts an item's refunds or
 * the credit they reversed (`creditReversedSen` in place of `amountSen`).
 */
export function refundsMadeNetSen(refunds: readonly CountedRefund[]): Sen {
  let total = 0;
  for (const r of refunds) {
    if (r.state !== 'made') continue;
    total += r.correctsRefundId === null ? r.amountSen : -r.amountSen;
  }
  return total;
}

/** What refunds awaiting approval hold back: not given back yet, but no longer left to give back either. */
export function refundsAwaitingSen(refunds: readonly CountedRefund[]): Sen {
  return refunds.reduce((sum, r) => sum + (r.state === 'awaiting_approval' ? r.amountSen : 0), 0);
}

/** Made (net) and awaiting: what may no longer be given back. */
export function refundsReservedSen(refunds: readonly CountedRefund[]): Sen {
  return refundsMadeNetSen(refunds) + refundsAwaitingSen(refunds);
}

/**
 * Whether a new refund waits for a second officer's approval. The refunds of one payment add up: the refund that
 * takes what the payment's refunds come to (made, net of corrections, and awaiting approval; duplicate charges
 * too) above the limit needs approval, and so does every later one. Splitting a large refund into small ones
 * therefore never avoids it. A limit of 0 means every refund needs approval; there is no "off".
 */
export function refundNeedsApproval(input: { amountSen: Sen; reservedSen: Sen; approvalAboveSen: Sen }): boolean {
  return input.reservedSen + input.amountSen > input.approvalAboveSen;
}

/** Why a staff member may not approve or decline a refund. */
export type RefundDecisionRefusal =
  /** Only a refund awaiting approval is approved or declined, once. */
  | 'refund_not_awaiting'
  /** Only `_admin`, or a council admin of every council of the payment. */
  | 'forbidden'
  /** The officer who recorded a refund never approves it (they may withdraw it by declining it). */
  | 'refund_own_approval';

export interface RefundDecider {
  id: string;
  /** `_admin`: every council. */
  systemAdmin: boolean;
  /** The councils they administer (council admin). */
  councils: readonly string[];
}

/**
 * Who may decide a refund awaiting approval: `_admin`, or a council admin of every council of the payment (the
 * same people who may record one); never, for an approval, the officer who recorded it.
 */
export function refundDecisionRefusal(
  decision: 'approve' | 'decline',
  refund: { state: RefundState; staffId: string },
  decider: RefundDecider,
  paymentCouncils: readonly string[],
): RefundDecisionRefusal | null {
  if (!decider.systemAdmin && !paymentCouncils.every((c) => decider.councils.includes(c))) return 'forbidden';
  if (refund.state !== 'awaiting_approval') return 'refund_not_awaiting';
  if (decision === 'approve' && refund.staffId === decider.id) return 'refund_own_approval';
  return null;
}

/** Why a refund cannot be corrected. */
export type RefundCorrectionRefusal =
  /** Only a refund made is corrected (one awaiting approval is declined instead; a declined one never counted). */
  | 'refund_not_made'
  /** A correction is final: it is never itself corrected. */
  | 'refund_is_correction'
  /** A refund is corrected once. */
  | 'refund_already_corrected';

export function refundCorrectionRefusal(refund: {
  state: RefundState;
  correctsRefundId: string | null;
  correctedByRefundId: string | null;
}): RefundCorrectionRefusal | null {
  if (refund.correctsRefundId !== null) return 'refund_is_correction';
  if (refund.state !== 'made') return 'refund_not_made';
  if (refund.correctedByRefundId !== null) return 'refund_already_corrected';
  return null;
}

/** An item of a refund as its correction mirrors it. */
export interface RefundItemLine {
  paymentItemId: string;
  amountSen: Sen;
  reverseCredit: boolean;
  creditReversedSen: Sen;
}

/**
 * The items of the correction of a refund: the same items for the same amounts; each re-applies the credit the
 * original reversed on it (`creditReversedSen` is that credit, now taken off the bill's balance again).
 */
export function correctionItems(original: readonly RefundItemLine[]): RefundItemLine[] {
  return original.map((i) => ({
    paymentItemId: i.paymentItemId,
    amountSen: i.amountSen,
    reverseCredit: i.reverseCredit,
    creditReversedSen: i.creditReversedSen,
  }));
}

/** Why a refund date is refused. */
export type RefundDateRefusal = 'refund_date_invalid' | 'refund_date_in_future' | 'refund_date_before_paid';

export type RefundDateResult =
  | { ok: true; at: Date }
  | {
      ok: false;
      code: RefundDateRefusal;
      /** The first day a refund of this payment may carry: the Malaysian day it was paid (YYYY-MM-DD). */
      earliestDay: string;
      /** The last: today in Malaysia (YYYY-MM-DD). */
      latestDay: string;
    };

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/;

/** The instant a Malaysian day (YYYY-MM-DD) begins, or null when it is no calendar day. */
export function malaysiaDayStart(day: string): Date | null {
  const m = DAY.exec(day);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const utc = Date.UTC(y, mo - 1, d);
  const check = new Date(utc);
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) return null;
  return new Date(utc - MALAYSIA_UTC_OFFSET_MS);
}

/**
 * The date money was given back, checked: a Malaysian day (YYYY-MM-DD) or an instant with its zone, from the
 * day the payment was paid to today in Malaysia (UTC+8); an instant also no later than now and no earlier than
 * the payment. A day is recorded as its first moment, or as the moment of payment on the day it was paid, so a
 * refund is never dated before its payment. Absent, it is now.
 */
export function resolveRefundDate(input: string | undefined | null, paidAt: Date, now: Date): RefundDateResult {
  const earliestDay = malaysiaDay(0, paidAt);
  const latestDay = malaysiaDay(0, now);
  const refuse = (code: RefundDateRefusal): RefundDateResult => ({ ok: false, code, earliestDay, latestDay });
  // No date: now, and never before the payment was paid (its paidAt may come from a clock a little ahead).
  if (input === undefined || input === null || input === '') return { ok: true, at: now < paidAt ? paidAt : now };
  if (DAY.test(input)) {
    const start = malaysiaDayStart(input);
    if (!start) return refuse('refund_date_invalid');
    // YYYY-MM-DD strings compare as days.
    if (input > latestDay) return refuse('refund_date_in_future');
    if (input < earliestDay) return refuse('refund_date_before_paid');
    return { ok: true, at: start < paidAt ? paidAt : start };
  }
  if (!TIME.test(input)) return refuse('refund_date_invalid');
  const at = new Date(input);
  if (Number.isNaN(at.getTime()) || malaysiaDayStart(input.slice(0, 10)) === null) {
    return refuse('refund_date_invalid');
  }
  if (at > now) return refuse('refund_date_in_future');
  if (at < paidAt) return refuse('refund_date_before_paid');
  return { ok: true, at };
}
