/**
 * Rules on what may be paid: item amounts, the minimum payment, FPX per-transaction
 * limits, the cart's capacity and the card payment methods. Error codes double as i18n keys.
 */
import { sen, type Sen } from './money';

/** The outcome of a rule: ok, or the code of the first rule that failed. */
export type RuleResult<Code extends string> = { readonly ok: true } | { readonly ok: false; readonly code: Code };

const OK = Object.freeze({ ok: true } as const);
function fail<Code extends string>(code: Code): RuleResult<Code> {
  return { ok: false, code };
}

export type ItemAmountError =
  /** 0 or less: the item is skipped at payment. */
  | 'amount_not_positive'
  /** 'Cannot be less than minimum payment'. */
  | 'below_minimum_payment'
  /** More than the account owes. */
  | 'exceeds_balance';

export interface ItemAmountInput {
  readonly amountSen: Sen;
  /** What the account owes; absent for fixed fees with no balance. */
  readonly balanceSen?: Sen | null;
  /** Smallest part payment the council accepts; absent when any amount is accepted. */
  readonly minimumPaymentSen?: Sen | null;
}

/**
 * The minimum that actually applies: never more than the balance, so an account owing less than the
 * minimum can still be settled in full.
 */
export function effectiveMinimumSen(
  minimumPaymentSen: Sen | null | undefined,
  balanceSen: Sen | null | undefined,
): Sen {
  const minimum = minimumPaymentSen == null ? 0 : sen(minimumPaymentSen);
  return balanceSen == null ? minimum : Math.min(minimum, sen(balanceSen));
}

/** Checks the amount a payer typed for one cart item, in this order: positive, minimum, balance. */
export function checkItemAmount(input: ItemAmountInput): RuleResult<ItemAmountError> {
  const amount = sen(input.amountSen);
  if (amount <= 0) return fail('amount_not_positive');
  if (amount < effectiveMinimumSen(input.minimumPaymentSen, input.balanceSen)) return fail('below_minimum_payment');
  if (input.balanceSen != null && amount > sen(input.balanceSen)) return fail('exceeds_balance');
  return OK;
}

/** The items that are paid: those with an amount of 0 or less are skipped (licences and permits too). */
export function payableItems<T extends { readonly amountSen: Sen }>(items: readonly T[]): T[] {
  return items.filter((item) => sen(item.amountSen) > 0);
}

/** FPX limits per transaction for personal (B2C) internet banking: RM 1.00 to RM 30,000.00. */
export const FPX_MIN_SEN = 100;
export const FPX_MAX_SEN = 3_000_000;

export type FpxAmountError = 'fpx_below_minimum' | 'fpx_above_maximum';

/**
 * The most one amount may be: PostgreSQL's 4-byte integer, the type of every sen column. Every amount and
 * product of amounts is checked against it (or a lower limit) before it reaches the database.
 */
export const MAX_AMOUNT_SEN = 2_147_483_647;

export type CardAmountError = 'card_above_maximum';

/** Checks a checkout total against the card gateway's per-transaction maximum (configured, inclusive). */
export function checkCardAmount(totalSen: Sen, maximumSen: Sen): RuleResult<CardAmountError> {
  return sen(totalSen) > Math.min(sen(maximumSen), MAX_AMOUNT_SEN) ? fail('card_above_maximum') : OK;
}

/** Checks a checkout total against the FPX per-transaction limits (inclusive). */
export function checkFpxAmount(totalSen: Sen): RuleResult<FpxAmountError> {
  const total = sen(totalSen);
  if (total < FPX_MIN_SEN) return fail('fpx_below_minimum');
  if (total > FPX_MAX_SEN) return fail('fpx_above_maximum');
  return OK;
}

/**
 * How many items the cart holds. The spec says the cart has a capacity but not its size; 10 is our
 * choice (one checkout stays readable on a phone and well within one gateway transaction).
 */
export const CART_CAPACITY = 10;

export type CartAdditionError =
  /** 'Your cart is full, kindly checkout for your payment.' */
  | 'cart_full'
  /** '... already exist in cart.' */
  | 'already_in_cart';

/** Whether an item identified by `key` (e.g. council + type + account id) may be added to the cart. */
export function checkCartAddition(cartKeys: readonly string[], key: string): RuleResult<CartAdditionError> {
  if (cartKeys.includes(key)) return fail('already_in_cart');
  if (cartKeys.length >= CART_CAPACITY) return fail('cart_full');
  return OK;
}

/** Card payment methods by gateway code. Other method codes are FPX bank codes (online banking). */
export const CARD_METHODS = { '48': 'visa', '49': 'mastercard' } as const;
export type CardMethodCode = keyof typeof CARD_METHODS;
export type CardScheme = (typeof CARD_METHODS)[CardMethodCode];

/** The card payment method defaults to 48 (Visa). */
export const DEFAULT_PAYMENT_METHOD: CardMethodCode = '48';

/** True for a card method code (48, 49); false for FPX bank codes and anything else. */
export function isCardMethod(code: unknown): code is CardMethodCode {
  return typeof code === 'string' && Object.prototype.hasOwnProperty.call(CARD_METHODS, code);
}

/**
 * Months a tenancy is in arrears as the bill stands now: the months its balance still covers (whole months of
 * rent, a part month counting as one), never more than the council's record says. A part payment that covered
 * some months lowers the count; a paid-up tenancy has none.
 */
export function tenancyArrearsMonths(balanceSen: number, monthlyRentSen: number, recordedMonths: number): number {
  if (balanceSen <= 0 || recordedMonths <= 0) return 0;
  if (!(monthlyRentSen > 0)) return recordedMonths;
  return Math.min(recordedMonths, Math.ceil(balanceSen / monthlyRentSen));
}
