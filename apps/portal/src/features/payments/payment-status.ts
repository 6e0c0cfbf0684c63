/**
 * How the status page follows a payment until it is final: it reads the payment every POLL_MS, and while
 * the bank has not answered it asks the gateway itself (POST requery): every REQUERY_EVERY_MS (just over the
 * API's one-per-payment window) for the first FAST_REQUERY_FOR_MS, then every SLOW_REQUERY_EVERY_MS. So a
 * pending payment turns paid on screen without a reload or waiting for the worker's first scheduled requery,
 * and a receipt left open for hours does not use up its address's allowance of payer actions
 * (PAYMENT_ACTIONS_PER_ADDRESS), which the payer's own "Ask the bank again" and other payers behind the same
 * address need.
 */
import { isFinal, PAYER_REQUERY_WINDOW_MS, type PaymentState } from '@councilpay/domain';

export const POLL_MS = 3_000;
export const FIRST_REQUERY_AFTER_MS = 5_000;
export const REQUERY_EVERY_MS = PAYER_REQUERY_WINDOW_MS + 500;
export const FAST_REQUERY_FOR_MS = 2 * 60_000;
export const SLOW_REQUERY_EVERY_MS = 60_000;

/** Whether the page keeps following the payment. */
export function isFollowed(status: PaymentState): boolean {
  return !isFinal(status);
}

/** How long after its last ask the page asks the gateway again, the payment followed for `followedFor` ms. */
export function requeryInterval(followedFor: number): number {
  return followedFor < FAST_REQUERY_FOR_MS ? REQUERY_EVERY_MS : SLOW_REQUERY_EVERY_MS;
}

/** Whether it is time to ask the gateway again: never before the first delay, then once per interval. */
export function requeryDue(followedSince: number, lastRequeryAt: number | null, now: number): boolean {
  if (now - followedSince < FIRST_REQUERY_AFTER_MS) return false;
  return lastRequeryAt === null || now - lastRequeryAt >= requeryInterval(now - followedSince);
}

export type StatusTone = 'success' | 'error' | 'warning' | 'info';

/** The colour a status is shown in. */
export function statusTone(status: PaymentState): StatusTone {
  switch (status) {
    case 'paid':
      return 'success';
    case 'failed':
      return 'error';
    case 'cancelled':
    case 'expired':
    case 'refunded':
      return 'warning';
    case 'in_progress':
    case 'pending':
      return 'info';
  }
}
