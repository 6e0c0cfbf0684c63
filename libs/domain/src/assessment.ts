/**
 * Assessment (property rate) amounts and the payer's selection 1 to 4:
 * "1 pays until the assessment year's 4th instalment; 2 until the previous year's; 3 or full payment
 * until the current year's; 4 divides the amount by 100."
 *
 * Our reading, made explicit (the councils publish no formulas):
 * - An assessment is billed per assessment year (`asumYear`, the bill's asum_year and its "current year")
 *   in four instalments. `currentYearSen` is the whole of that year's four instalments still owed;
 *   `arrearsSen` is everything owed for earlier years (penalties included).
 * - `gstSen` is tax charged on the assessment year's charges, so it is due with them (selections 1, 3, 4)
 *   and not with arrears alone (selection 2, whose amounts already carry their own tax).
 * - The discount and the special discount are granted only for a full payment (selection 3, and 4 which
 *   derives from it); paying "until the 4th instalment" (selection 1) pays the same year without them.
 * - Selection 4 divides the full-payment amount by 100, rounded to the nearest sen with halves up
 *   (integer arithmetic, `divideSenRounded`). The old portal got this amount in a unit 100 times smaller
 *   than the one it displayed; we keep the rule as specified.
 * - Amounts are not clamped: a result of 0 or less is a valid answer, and such an item is skipped at
 *   payment (`payableItems` in payable-rules.ts).
 */
import { divideSenRounded, sen, sumSen, type Sen } from './money';

export const ASSESSMENT_SELECTIONS = [1, 2, 3, 4] as const;
export type AssessmentSelection = (typeof ASSESSMENT_SELECTIONS)[number];

/** Full payment is the natural default for a new cart item. */
export const DEFAULT_ASSESSMENT_SELECTION: AssessmentSelection = 3;

/** Number of instalments an assessment year is billed in. */
export const ASSESSMENT_INSTALMENTS_PER_YEAR = 4;

/** What the council's records say an assessment owes; the seed and the search answer carry this shape. */
export interface AssessmentAmounts {
  /** Assessment year (asum_year): the year whose instalments selections 1, 3 and 4 pay. */
  readonly asumYear: number;
  /** The assessment year's four instalments still owed, before discounts. */
  readonly currentYearSen: Sen;
  /** Everything owed for years before `asumYear`. */
  readonly arrearsSen: Sen;
  /** Discount for paying the year in full. */
  readonly discountSen: Sen;
  /** Special (campaign) discount for paying the year in full. */
  readonly specialDiscountSen: Sen;
  /** Tax on the assessment year's charges (0 for most accounts). */
  readonly gstSen: Sen;
}

export function isAssessmentSelection(value: unknown): value is AssessmentSelection {
  return typeof value === 'number' && (ASSESSMENT_SELECTIONS as readonly number[]).includes(value);
}

/** Selection 2: arrears only (until the previous year's 4th instalment). */
function arrearsOnlySen(a: AssessmentAmounts): Sen {
  return sen(a.arrearsSen);
}

/** Selection 1: arrears and the assessment year's four instalments with their tax, no discounts. */
function untilFourthInstalmentSen(a: AssessmentAmounts): Sen {
  return sumSen([a.arrearsSen, a.currentYearSen, a.gstSen]);
}

/** Selection 3: full payment, i.e. selection 1 less the discount and the special discount. */
function fullPaymentSen(a: AssessmentAmounts): Sen {
  return sumSen([untilFourthInstalmentSen(a), -sen(a.discountSen), -sen(a.specialDiscountSen)]);
}

/** The amount to pay for an assessment under the payer's selection. */
export function assessmentAmountFor(selection: AssessmentSelection, assessment: AssessmentAmounts): Sen {
  switch (selection) {
    case 1:
      return untilFourthInstalmentSen(assessment);
    case 2:
      return arrearsOnlySen(assessment);
    case 3:
      return fullPaymentSen(assessment);
    case 4:
      return divideSenRounded(fullPaymentSen(assessment), 100);
  }
}

/** Until which year and instalment a selection pays (shown on the cart line and the receipt). */
export function assessmentPaidUntil(
  selection: AssessmentSelection,
  assessment: Pick<AssessmentAmounts, 'asumYear'>,
): { year: number; instalment: number } {
  const year = selection === 2 ? assessment.asumYear - 1 : assessment.asumYear;
  return { year, instalment: ASSESSMENT_INSTALMENTS_PER_YEAR };
}

/** What the account owes before any discount: its balance (arrears, the assessment year and its tax). */
export function assessmentOwedSen(a: AssessmentAmounts): Sen {
  return sumSen([a.arrearsSen, a.currentYearSen, a.gstSen]);
}

export interface AssessmentCredit {
  /** The account's amounts after the payment. */
  readonly amounts: AssessmentAmounts;
  /** How much the balance goes down by (more than paid when a discount was granted). */
  readonly creditSen: Sen;
}

/**
 * The effect of a paid assessment item on the account.
 * - Selections 1 and 3 settle arrears and the assessment year; selection 3's discounts are granted, so the
 *   balance drops by the whole owed amount although less was paid.
 * - Selection 2 settles the arrears only.
 * - Selection 4 is a part payment of what was paid: it reduces arrears first, then the year's instalments,
 *   then the tax.
 */
export function applyAssessmentCredit(
  a: AssessmentAmounts,
  selection: AssessmentSelection,
  paidSen: Sen,
): AssessmentCredit {
  const settled = { ...a, discountSen: 0, specialDiscountSen: 0 };
  switch (selection) {
    case 1:
    case 3:
      return { amounts: { ...settled, arrearsSen: 0, currentYearSen: 0, gstSen: 0 }, creditSen: assessmentOwedSen(a) };
    case 2:
      return { amounts: { ...a, arrearsSen: 0 }, creditSen: sen(a.arrearsSen) };
    case 4: {
      let left = sen(paidSen);
      const take = (owed: Sen): Sen => {
        const used = Math.max(0, Math.min(owed, left));
        left -= used;
        return owed - used;
      };
      const arrearsSen = take(a.arrearsSen);
      const currentYearSen = take(a.currentYearSen);
      const gstSen = take(a.gstSen);
      return { amounts: { ...a, arrearsSen, currentYearSen, gstSen }, creditSen: sen(paidSen) - left };
    }
  }
}

/** What a paid assessment item takes off each of the account's components, fixed when it is priced. */
export interface AssessmentBreakdown {
  readonly arrearsSen: Sen;
  readonly currentYearSen: Sen;
  readonly gstSen: Sen;
  readonly discountSen: Sen;
  readonly specialDiscountSen: Sen;
}

const BREAKDOWN_KEYS = ['arrearsSen', 'currentYearSen', 'gstSen', 'discountSen', 'specialDiscountSen'] as const;

/** The components a selection's payment settles, as priced on the account's amounts of that moment. */
export function assessmentBreakdown(
  a: AssessmentAmounts,
  selection: AssessmentSelection,
  paidSen: Sen,
): AssessmentBreakdown {
  const after = applyAssessmentCredit(a, selection, paidSen).amounts;
  const entries = BREAKDOWN_KEYS.map((k) => [k, Math.max(0, sen(a[k]) - sen(after[k]))] as const);
  return Object.fromEntries(entries) as unknown as AssessmentBreakdown;
}

export function isAssessmentBreakdown(value: unknown): value is AssessmentBreakdown {
  if (!value || typeof value !== 'object') return false;
  const record = value as Record<string, unknown>;
  return BREAKDOWN_KEYS.every((k) => Number.isSafeInteger(record[k]) && (record[k] as number) >= 0);
}

/**
 * Applies a priced breakdown to the account as it is now: each component goes down by what was priced for
 * it and never below zero. Whatever the council posted since (new arrears, a new year) stays owed, so the
 * balance never drops by more than the payment was priced to settle.
 */
export function applyAssessmentBreakdown(a: AssessmentAmounts, breakdown: AssessmentBreakdown): AssessmentAmounts {
  const next: { -readonly [K in keyof AssessmentAmounts]: AssessmentAmounts[K] } = { ...a };
  for (const k of BREAKDOWN_KEYS) next[k] = Math.max(0, sen(a[k]) - sen(breakdown[k]));
  return next;
}

/** The components that are owed (the balance); the discounts only lower what a full payment costs. */
const OWED_KEYS = ['arrearsSen', 'currentYearSen', 'gstSen'] as const;

/** What crediting a priced breakdown did to the account as it is now. */
export interface BreakdownCredit {
  /** The account's amounts after the credit. */
  readonly amounts: AssessmentAmounts;
  /** What each component actually went down by: what was priced for it, or less when it shrank since. */
  readonly taken: AssessmentBreakdown;
  /**
   * Paid money that found nothing to settle (an owed component was reduced between pricing and approval):
   * it is owed back to the payer, never dropped. At most what was paid.
   */
  readonly uncreditedSen: Sen;
}

/** The sum of the owed components of a breakdown: what its credit took off the balance. */
export function breakdownOwedSen(b: AssessmentBreakdown): Sen {
  return sumSen(OWED_KEYS.map((k) => b[k]));
}

/**
 * Credits a priced breakdown to the account as it is now (`applyAssessmentBreakdown`), and says what each
 * component took and how much of the payment found nothing left to settle.
 */
export function creditAssessmentBreakdown(
  a: AssessmentAmounts,
  breakdown: AssessmentBreakdown,
  paidSen: Sen,
): BreakdownCredit {
  const amounts = applyAssessmentBreakdown(a, breakdown);
  const taken = Object.fromEntries(
    BREAKDOWN_KEYS.map((k) => [k, sen(a[k]) - sen(amounts[k])] as const),
  ) as unknown as AssessmentBreakdown;
  const shortSen = breakdownOwedSen(breakdown) - breakdownOwedSen(taken);
  return { amounts, taken, uncreditedSen: Math.max(0, Math.min(sen(paidSen), shortSen)) };
}

/** What a credit reversed so far gives back to each owed component: the tax first, then the year, then arrears. */
function restoredShares(taken: AssessmentBreakdown, reversedSen: Sen): Record<(typeof OWED_KEYS)[number], Sen> {
  let left = Math.max(0, sen(reversedSen));
  const share = (k: (typeof OWED_KEYS)[number]): Sen => {
    const back = Math.min(sen(taken[k]), left);
    left -= back;
    return back;
  };
  const gstSen = share('gstSen');
  const currentYearSen = share('currentYearSen');
  const arrearsSen = share('arrearsSen');
  return { arrearsSen, currentYearSen, gstSen };
}

/**
 * Reverses (part of) an assessment item's credit on the account: the components it took go back up, exactly
 * what was taken and no more. `reversedBeforeSen` is what earlier refunds of the item reversed already and
 * `reversingSen` what this one reverses (both counted in owed sen, at most `breakdownOwedSen(taken)`): a part
 * goes back to the tax first, then the year, then the arrears; the discounts the credit granted are restored
 * by the reversal that completes it, since a full-payment discount stands only with the full payment.
 */
export function restoreAssessmentCredit(
  a: AssessmentAmounts,
  taken: AssessmentBreakdown,
  reversedBeforeSen: Sen,
  reversingSen: Sen,
): AssessmentAmounts {
  const total = breakdownOwedSen(taken);
  const before = restoredShares(taken, reversedBeforeSen);
  const after = restoredShares(taken, reversedBeforeSen + reversingSen);
  const next: { -readonly [K in keyof AssessmentAmounts]: AssessmentAmounts[K] } = { ...a };
  for (const k of OWED_KEYS) next[k] = sen(a[k]) + after[k] - before[k];
  if (reversedBeforeSen < total && reversedBeforeSen + reversingSen >= total) {
    next.discountSen = sen(a.discountSen) + sen(taken.discountSen);
    next.specialDiscountSen = sen(a.specialDiscountSen) + sen(taken.specialDiscountSen);
  }
  return next;
}

/**
 * Re-applies credit a refund had reversed (the refund is corrected: the money was never given back): the
 * inverse of `restoreAssessmentCredit`. `reversedBeforeSen` is what the item's refunds have reversed so far and
 * `reapplyingSen` what the correction takes back (at most that); the components that reversal gave back go down
 * again, the arrears first, then the year, then the tax, and the discounts go when the credit is whole again.
 * Null when the account no longer owes what would be taken (it was paid again since): nothing is taken then.
 */
export function reapplyAssessmentCredit(
  a: AssessmentAmounts,
  taken: AssessmentBreakdown,
  reversedBeforeSen: Sen,
  reapplyingSen: Sen,
): AssessmentAmounts | null {
  const total = breakdownOwedSen(taken);
  const before = restoredShares(taken, reversedBeforeSen);
  const after = restoredShares(taken, reversedBeforeSen - reapplyingSen);
  const next: { -readonly [K in keyof AssessmentAmounts]: AssessmentAmounts[K] } = { ...a };
  for (const k of OWED_KEYS) {
    next[k] = sen(a[k]) - (before[k] - after[k]);
    if (next[k] < 0) return null;
  }
  if (reversedBeforeSen >= total && reversedBeforeSen - reapplyingSen < total) {
    next.discountSen = Math.max(0, sen(a.discountSen) - sen(taken.discountSen));
    next.specialDiscountSen = Math.max(0, sen(a.specialDiscountSen) - sen(taken.specialDiscountSen));
  }
  return next;
}

/** The keys of an assessment's instalment breakdown on its bill (`details`). */
export const ASSESSMENT_AMOUNT_KEYS = [
  'asumYear',
  'currentYearSen',
  'arrearsSen',
  'discountSen',
  'specialDiscountSen',
  'gstSen',
] as const;

/** How an assessment bill is priced, from what its `details` hold. */
export type AssessmentBill =
  /** A whole breakdown: the payer chooses selection 1 to 4. */
  | { readonly kind: 'breakdown'; readonly amounts: AssessmentAmounts }
  /** No breakdown at all: the bill's balance is one amount, paid whole (no selection). */
  | { readonly kind: 'balance' }
  /** Part of a breakdown, or components that are not whole sen: the bill cannot be priced. */
  | { readonly kind: 'unpriceable' };

function isComponent(key: (typeof ASSESSMENT_AMOUNT_KEYS)[number], value: unknown): boolean {
  if (!Number.isSafeInteger(value)) return false;
  const n = value as number;
  if (key === 'asumYear') return n >= 1900 && n <= 2999;
  // Arrears may be a credit (negative); the year, its tax and the discounts never are.
  return key === 'arrearsSen' || n >= 0;
}

/**
 * Reads an assessment bill's breakdown. A bill that carries none of its keys is owed as one amount, its
 * balance: it is paid whole, as a full payment, with no instalment choice. A bill with some keys missing or a
 * component that is not whole sen is refused rather than priced from a guess.
 */
export function readAssessmentBill(details: unknown): AssessmentBill {
  const record = (details && typeof details === 'object' ? details : {}) as Record<string, unknown>;
  const present = ASSESSMENT_AMOUNT_KEYS.filter((k) => record[k] !== undefined && record[k] !== null);
  if (present.length === 0) return { kind: 'balance' };
  if (present.length < ASSESSMENT_AMOUNT_KEYS.length || !present.every((k) => isComponent(k, record[k]))) {
    return { kind: 'unpriceable' };
  }
  const amounts = Object.fromEntries(ASSESSMENT_AMOUNT_KEYS.map((k) => [k, record[k]])) as unknown as AssessmentAmounts;
  return { kind: 'breakdown', amounts };
}

/** What one assessment line costs, or why it cannot be priced (codes double as i18n keys). */
export type AssessmentCharge =
  | {
      readonly ok: true;
      readonly amountSen: Sen;
      /** What the bill's balance goes down by (more than paid when a discount is granted). */
      readonly creditSen: Sen;
      /** Null for a bill without a breakdown: it is paid whole, on its balance. */
      readonly selection: AssessmentSelection | null;
      readonly breakdown: AssessmentBreakdown | null;
    }
  | { readonly ok: false; readonly code: 'bill_unpriceable' | 'selection_unavailable' | 'selection_invalid' };

/**
 * Prices one assessment line: with a breakdown, by the payer's selection (full payment when none is sent);
 * without one, the balance as one amount, which only a full payment (selection 3, or none) can pay.
 */
export function assessmentCharge(
  details: unknown,
  balanceSen: Sen,
  selection: unknown = DEFAULT_ASSESSMENT_SELECTION,
): AssessmentCharge {
  const bill = readAssessmentBill(details);
  if (bill.kind === 'unpriceable') return { ok: false, code: 'bill_unpriceable' };
  const chosen = selection ?? DEFAULT_ASSESSMENT_SELECTION;
  if (!isAssessmentSelection(chosen)) return { ok: false, code: 'selection_invalid' };
  if (bill.kind === 'balance') {
    if (chosen !== DEFAULT_ASSESSMENT_SELECTION) return { ok: false, code: 'selection_unavailable' };
    const amountSen = sen(balanceSen);
    return { ok: true, amountSen, creditSen: Math.max(amountSen, 0), selection: null, breakdown: null };
  }
  const amountSen = assessmentAmountFor(chosen, bill.amounts);
  const { creditSen } = applyAssessmentCredit(bill.amounts, chosen, amountSen);
  return {
    ok: true,
    amountSen,
    creditSen,
    selection: chosen,
    breakdown: assessmentBreakdown(bill.amounts, chosen, amountSen),
  };
}
