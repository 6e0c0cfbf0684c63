/**
 * The cart's rules, independent of where items are stored: what an item costs (the assessment selection,
 * a part payment of at least the minimum, the charge form), which items are paid, and the lines sent to
 * POST /api/payments. What an item holds, adding and removing are in cart-contents.ts (re-exported).
 */
import {
  checkItemAmount,
  DEFAULT_ASSESSMENT_SELECTION,
  payableItems,
  sumSen,
  type AssessmentSelection,
  type AssessmentSelectionAmountDto,
  type ItemAmountError,
  type PaymentItemRequest,
  type RuleResult,
  type SearchResultDto,
  type Sen,
} from '@councilpay/domain';
import { cartKey, type CartItem, type ChargeDetails } from './cart-contents';

export * from './cart-contents';

/** The amount of an assessment selection as the API computed it (0 when the API sent none). */
export function selectionAmountSen(
  selections: readonly AssessmentSelectionAmountDto[] | null,
  selection: AssessmentSelection,
): Sen {
  return selections?.find((option) => option.selection === selection)?.amountSen ?? 0;
}

/**
 * A new cart item from a search result: assessments start at full payment (selection 3), or, without an
 * instalment breakdown (the API sends no selections), at their balance as one amount; bills with a
 * minimum payment at their balance (the payer may lower it to the minimum); a local government charge at
 * the amount of its form; anything else at its balance.
 */
export function cartItemFromResult(
  result: SearchResultDto,
  addedAt: number,
  charge: { details: ChargeDetails; amountSen: Sen } | null = null,
): CartItem {
  const selection = result.type === 'assessment' && result.selections !== null ? DEFAULT_ASSESSMENT_SELECTION : null;
  const amountSen =
    selection !== null ? selectionAmountSen(result.selections, selection) : (charge?.amountSen ?? result.balanceSen);
  return {
    id: result.id,
    council: result.council,
    type: result.type,
    accountNo: result.accountNo,
    displayNo: result.displayNo,
    planType: result.planType,
    ownerName: result.ownerName,
    ownerIdNo: result.ownerIdNo,
    address: result.address,
    balanceSen: result.balanceSen,
    minimumPaymentSen: result.minimumPaymentSen,
    amountSen,
    selection,
    selections: result.selections,
    charge: charge?.details ?? null,
    paidUntilYear: result.paidUntilYear,
    paidUntilMonth: result.paidUntilMonth,
    details: result.details,
    licence: result.licence,
    addedAt,
    parentId: result.parentId,
  };
}

/** The item with another assessment selection, and the amount that selection pays. */
export function withSelection(item: CartItem, selection: AssessmentSelection): CartItem {
  return { ...item, selection, amountSen: selectionAmountSen(item.selections, selection) };
}

/** True where the payer chooses how much to pay (a bill with a minimum payment). */
export function takesPartPayment(item: Pick<CartItem, 'minimumPaymentSen'>): boolean {
  return item.minimumPaymentSen !== null;
}

/**
 * Whether the amount of an item can be paid as it is: for part payments, at least the minimum ('Cannot be
 * less than minimum payment') and at most the balance. Other items are not checked: an amount of 0 or less
 * only means the item is skipped at payment.
 */
export function checkCartItemAmount(item: CartItem): RuleResult<ItemAmountError> {
  if (!takesPartPayment(item)) return { ok: true };
  return checkItemAmount({
    amountSen: item.amountSen,
    balanceSen: item.balanceSen,
    minimumPaymentSen: item.minimumPaymentSen,
  });
}

/** The items that are paid: amounts of 0 or less are skipped. */
export function itemsToPay(items: readonly CartItem[]): CartItem[] {
  return payableItems(items);
}

export function cartTotalSen(items: readonly CartItem[]): Sen {
  return sumSen(itemsToPay(items).map((item) => item.amountSen));
}

/**
 * The line POST /api/payments takes for an item: assessments send their selection, part payments their
 * amount, a local government charge its form; for anything else the server computes the amount.
 */
export function paymentItemRequest(item: CartItem): PaymentItemRequest {
  if (item.type === 'assessment')
    return { payableId: item.id, selection: item.selection ?? DEFAULT_ASSESSMENT_SELECTION };
  if (item.charge) {
    const { customerName, totalNoOfPeople, startDate, endDate } = item.charge;
    return { payableId: item.id, charge: { customerName, totalNoOfPeople, startDate, endDate } };
  }
  if (takesPartPayment(item)) return { payableId: item.id, amountSen: item.amountSen };
  return { payableId: item.id };
}

/** The cart items a paid payment settled (matched by council, type and account). */
export function settledIds(
  items: readonly CartItem[],
  paid: ReadonlyArray<Pick<CartItem, 'council' | 'type' | 'accountNo'>>,
): string[] {
  const keys = new Set(paid.map(cartKey));
  return items.filter((item) => keys.has(cartKey(item))).map((item) => item.id);
}
