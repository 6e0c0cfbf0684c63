/**
 * What a bill a council sends (by file or API) does to the ledger: a new bill, a change, nothing, a
 * withdrawal, or a refusal. The file import's preview and confirm and the bills API all plan with these rules,
 * so the preview is what confirm writes.
 *
 * The rules:
 * - A bill is identified by council, type, plan type and normalised account number (`billKey`).
 * - The same statement twice changes nothing: only the fields the layouts carry are compared, and a bill the
 *   council states exactly as the ledger holds it is unchanged (its import stamp is not touched either).
 * - A bill with a payment at the bank may change its amounts: that payment keeps the amount it was priced on
 *   (stored on its item), and a late approval credits what was priced against the amounts of that moment
 *   (`creditAssessmentBreakdown` and the balance crediting). It may not be withdrawn, nor moved to another
 *   licence, until the bank answers: the payment must find the bill it paid.
 * - A withdrawn bill cannot be found or paid; its payments and receipts stay. Stated again, it comes back.
 * - A dependent item's licence must be a licence (not itself a dependent) of the same council and type.
 */
import type { Sen } from '../money';
import type { PayableType } from '../payable-types';
import type { BillRecord } from './layouts';

/** Payable.status of a bill the council withdrew (settled at the counter, cancelled, issued in error). */
export const WITHDRAWN_STATUS = 'withdrawn';

/** The identity of a bill within the ledger. */
export function billKey(bill: { readonly type: PayableType; readonly planType: string; readonly accountNo: string }) {
  return `${bill.type}|${bill.planType}|${bill.accountNo}`;
}

/** The fields a statement compares with the ledger (the details key by key, besides these). */
/** A bill as the ledger holds it, with what the rules need to know about its payments. */
export interface LedgerBill extends Pick<BillRecord, (typeof COMPARED)[number]> {
  /** What the ledger keeps: the layouts' keys and any other. */
  readonly details: Readonly<Record<string, unknown>>;
  readonly status: string;
  /** A payment for it is at the bank (in progress or pending): its outcome is not known yet. */
  readonly paymentAtBank: boolean;
}

/** Where a dependent item's licence was found: in the ledger or the same batch, and whether it is a licence. */
export type ParentLookup = 'none' | 'licence' | 'dependent' | 'missing';

export type BillRefusal =
  /** Withdrawal or a move to another licence while a payment is at the bank. */
  | 'payment_at_bank'
  /** The dependent item's licence is neither in the ledger nor in the batch. */
  | 'parent_missing'
  /** The dependent item's licence is itself a dependent item. */
  | 'parent_is_dependent'
  /** The same account twice in one file or batch: neither is taken, since which one is right is unknown. */
  | 'duplicate_account'
  /** The licence reference belongs to another bill's licence (or twice in the batch): it keys one digital licence. */
  | 'licence_reference_taken';

export type BillOutcome =
  | { readonly outcome: 'new'; readonly balanceSen: Sen }
  | { readonly outcome: 'unchanged' }
  | {
      readonly outcome: 'changed';
      /** The layout fields that differ, e.g. ['balanceSen', 'details.arrearsSen']. */
      readonly fields: readonly string[];
      readonly balanceBeforeSen: Sen;
      readonly balanceAfterSen: Sen;
      /** The bill had been withdrawn and is stated again. */
      readonly reinstated: boolean;
    }
  | { readonly outcome: 'withdrawn'; readonly balanceBeforeSen: Sen }
  | { readonly outcome: 'refused'; readonly code: BillRefusal };

/**
 * An outcome as comparable text (keys in sorted order, whatever order stored JSON gives them back in): confirm
 * compares the outcomes it is about to write with those the officer saw in the preview.
 */
export function billOutcomeFingerprint(outcome: unknown): string {
  return stable(outcome);
}

/** Values compare by content: objects by their keys in sorted order, so stored JSON compares with parsed rows. */
function same(a: unknown, b: unknown): boolean {
  return stable(a) === stable(b);
}

function stable(value: unknown): string {
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  const record = value as Record<string, unknown>;
  return `{${Object.keys(record)
    .filter((k) => record[k] !== undefined && record[k] !== null)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${stable(record[k])}`)
    .join(',')}}`;
}

const COMPARED = [
  'displayNo',
  'ownerName',
  'ownerIdNo',
  'address',
  'balanceSen',
  'minimumPaymentSen',
  'paidUntilYear',
  'paidUntilMonth',
  'licence',
  'parentAccountNo',
] as const;

/** The fields a statement would change, the details key by key (keys the layouts do not carry are kept). */
export function changedBillFields(ledger: LedgerBill, incoming: BillRecord): string[] {
  const fields: string[] = COMPARED.filter((f) => !same(ledger[f], incoming[f]));
  for (const key of Object.keys(incoming.details).sort()) {
    if (!same(ledger.details[key], incoming.details[key])) fields.push(`details.${key}`);
  }
  return fields;
}

/** The details a changed bill stores: what the statement carries over what the ledger had. */
export function mergedBillDetails(ledger: LedgerBill | null, incoming: BillRecord): Record<string, unknown> {
  return { ...(ledger?.details ?? {}), ...incoming.details };
}

/** What stating `incoming` does to the bill the ledger holds under its key (`ledger`, or null for none). */
export function planBillStatement(ledger: LedgerBill | null, incoming: BillRecord, parent: ParentLookup): BillOutcome {
  if (parent === 'missing') return { outcome: 'refused', code: 'parent_missing' };
  if (parent === 'dependent') return { outcome: 'refused', code: 'parent_is_dependent' };
  if (!ledger) return { outcome: 'new', balanceSen: incoming.balanceSen };
  const fields = changedBillFields(ledger, incoming);
  const reinstated = ledger.status === WITHDRAWN_STATUS;
  if (!fields.length && !reinstated) return { outcome: 'unchanged' };
  if (ledger.paymentAtBank && fields.includes('parentAccountNo'))
    return { outcome: 'refused', code: 'payment_at_bank' };
  return {
    outcome: 'changed',
    fields,
    balanceBeforeSen: ledger.balanceSen,
    balanceAfterSen: incoming.balanceSen,
    reinstated,
  };
}

/** What withdrawing a bill does: nothing when it is withdrawn already, a refusal while a payment is at the bank. */
export function planBillWithdrawal(ledger: LedgerBill): BillOutcome {
  if (ledger.status === WITHDRAWN_STATUS) return { outcome: 'unchanged' };
  if (ledger.paymentAtBank) return { outcome: 'refused', code: 'payment_at_bank' };
  return { outcome: 'withdrawn', balanceBeforeSen: ledger.balanceSen };
}

/** Whether search and payment creation may offer a bill: never once it is withdrawn. */
export function isBillWithdrawn(bill: { readonly status: string }): boolean {
  return bill.status === WITHDRAWN_STATUS;
}

/** The counts an import or batch reports, one per outcome plus rows that could not be read. */
export interface BillOutcomeCounts {
  new: number;
  changed: number;
  unchanged: number;
  withdrawn: number;
  refused: number;
  invalid: number;
}

export function emptyBillCounts(): BillOutcomeCounts {
  return { new: 0, changed: 0, unchanged: 0, withdrawn: 0, refused: 0, invalid: 0 };
}
