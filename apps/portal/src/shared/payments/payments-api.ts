import {
  isRequeryAskedRecently,
  PAYMENT_TOKEN_HEADER,
  type HistoryRowDto,
  type Page,
  type PaymentDto,
} from '@councilpay/domain';
import { FETCH_MIN_DELAY_MS } from '../constants';
import { api, ApiError } from '../api/client';
import { paymentTokenFor } from './payment-tokens';

/** The payment's token when this tab made it: the proof a guest's actions need (a signed-in owner needs none). */
function proof(reference: string): Record<string, string> {
  const token = paymentTokenFor(reference);
  return token ? { [PAYMENT_TOKEN_HEADER]: token } : {};
}

/** GET /api/payments/:reference: status, items with receipt numbers, events (the payer masked unless `view` is full). */
export function getPayment(reference: string, signal?: AbortSignal): Promise<PaymentDto> {
  return api.request<PaymentDto>(`/payments/${encodeURIComponent(reference)}`, { signal, headers: proof(reference) });
}

/** What a payer's "ask the bank" came to: asked now, or asked moments ago (inside the API's window). */
export type RequeryOutcome = 'asked' | 'asked_recently';

/**
 * POST /api/payments/:reference/requery: ask the gateway now. Inside the one-per-payment window the API answers
 * 429 with `askedRecently`: the bank was just asked about this payment, which is an answer, not a failure.
 * Anything else (the address throttled, 404 without proof, the gateway down) is thrown.
 */
export async function requeryPayment(reference: string): Promise<RequeryOutcome> {
  try {
    await api.request<unknown>(`/payments/${encodeURIComponent(reference)}/requery`, {
      method: 'POST',
      headers: proof(reference),
    });
    return 'asked';
  } catch (caught) {
    if (caught instanceof ApiError && caught.status === 429 && isRequeryAskedRecently(caught.details)) {
      return 'asked_recently';
    }
    throw caught;
  }
}

/**
 * POST /api/payments/:reference/cancel: the bank is asked first; 409 cancel_not_allowed once it has the
 * payment; `requested` when it could not be asked yet (the next enquiry settles the cancel); 404 without proof.
 */
export async function cancelPayment(reference: string): Promise<{ outcome: string }> {
  return api.request<{ outcome: string }>(`/payments/${encodeURIComponent(reference)}/cancel`, {
    method: 'POST',
    headers: proof(reference),
  });
}

/** GET /api/me/payments: the signed-in person's payments, newest first. */
export function getHistory(page: number, pageSize: number, signal?: AbortSignal): Promise<Page<HistoryRowDto>> {
  return api.request<Page<HistoryRowDto>>(`/me/payments?page=${page}&pageSize=${pageSize}`, {
    signal,
    minDelayMs: FETCH_MIN_DELAY_MS,
  });
}
