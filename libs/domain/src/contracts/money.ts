/**
 * One way of counting money, for every screen, file and event of the console. Each figure is of one council
 * (a payment of several councils counts for each with its own items: the council's share), one Malaysian day
 * (UTC+8) and one method, and is dated by what happened that day:
 *
 * - paid (gross): the council's share of the payments that became paid that day (by when they were paid),
 *   whatever happened to them afterwards: a refund later is counted on its own day, never taken back here.
 * - refunds made: the council's share of the money given back that day (by the refund's date), a correction
 *   of a mistaken refund counted as money coming back on the day it was recorded; a refund awaiting a second
 *   officer's approval, or declined, counts for nothing. A duplicate charge given back is shared over the
 *   payment's councils as its items are.
 * - net: paid - refunds made.
 * - credited: the council's items that reduced their bills that day (what the payer paid for them).
 * - credit reversed: what refunds made that day put back on the bills (the bills' balances went up by it).
 * - refunds due: money taken that day that must go back — items whose bill was settled first (not credited)
 *   and duplicate charges — whether or not it has been given back since.
 * - the council's share of a payment: the sum of its own items.
 */
export interface MoneyFigures {
  paymentsPaid: number;
  paidSen: number;
  refundsMade: number;
  refundsMadeSen: number;
  netSen: number;
  itemsCredited: number;
  creditedSen: number;
  creditReversedSen: number;
  refundsDueSen: number;
}

export const MONEY_FIGURE_KEYS = [
  'paymentsPaid',
  'paidSen',
  'refundsMade',
  'refundsMadeSen',
  'netSen',
  'itemsCredited',
  'creditedSen',
  'creditReversedSen',
  'refundsDueSen',
] as const satisfies readonly (keyof MoneyFigures)[];

export function noMoney(): MoneyFigures {
  return Object.fromEntries(MONEY_FIGURE_KEYS.map((k) => [k, 0])) as unknown as MoneyFigures;
}

/** The figures of several rows added up (a totals row); net stays paid - refunds made. */
export function sumMoney(rows: readonly MoneyFigures[]): MoneyFigures {
  const total = noMoney();
  for (const row of rows) for (const key of MONEY_FIGURE_KEYS) total[key] += row[key];
  return total;
}

/** The figures of one council, Malaysian day (YYYY-MM-DD) and method. */
export interface MoneyRow extends MoneyFigures {
  council: string;
  day: string;
  method: 'fpx' | 'card';
}

/**
 * GET /api/admin/payments/totals (the payments list's filters): the totals row of the whole filter, not the
 * page. `shareSen` is the councils' share (the list's council, else the staff member's councils; every item
 * for `_admin`); `refundedSen` the refunds made of that share (net of corrections), whenever they were made.
 */
export interface AdminPaymentTotals {
  payments: number;
  amountSen: number;
  shareSen: number;
  refundedSen: number;
  netSen: number;
}
