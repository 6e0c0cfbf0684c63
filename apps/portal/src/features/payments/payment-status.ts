/**
 * How the status page follows a payment until it is final: it reads the payment every POLL_MS, and while
 * the bank has not answered it asks the gateway itself (POST requery) every REQUERY_EVERY_MS, the API's
 * limit being one requery per payment per 10 s. So a pending payment turns paid on screen without a
 * reload, without waiting for the worker's first scheduled requery.
 */
import { isFinal, type PaymentState } from '@councilpay/domain';

export const POLL_MS = 3_000;
export const FIRST_REQUERY_AFTER_MS = 5_000;
export const REQUERY_EVERY_MS = 10_500;

/** Whether the page keeps following the payment. */
export function isFollowed(status: PaymentState): boolean {
  return !isFinal(status);
}

/** Whether it is time to ask the gateway again: never before the first delay, then once per window. */
export function requeryDue(followedSince: number, lastRequeryAt: number | null, now: number): boolean {
  if (now - followedSince < FIRST_REQUERY_AFTER_MS) return false;
  return lastRequeryAt === null || now - lastRequeryAt >= REQUERY_EVERY_MS;
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
