import { FETCH_MIN_DELAY_MS, type HistoryRowDto, type Page, type PaymentDto } from '@councilpay/domain';
import { api } from '../../shared/api/client';

/** GET /api/payments/:reference: status, items with receipt numbers, events. */
export function getPayment(reference: string, signal?: AbortSignal): Promise<PaymentDto> {
  return api.request<PaymentDto>(`/payments/${encodeURIComponent(reference)}`, { signal });
}

/** POST /api/payments/:reference/requery: ask the gateway now (429 more often than once per 10 s). */
export async function requeryPayment(reference: string): Promise<void> {
  await api.request<unknown>(`/payments/${encodeURIComponent(reference)}/requery`, { method: 'POST' });
}

/** POST /api/payments/:reference/cancel: 409 cancel_not_allowed once the bank has been asked. */
export async function cancelPayment(reference: string): Promise<void> {
  await api.request<unknown>(`/payments/${encodeURIComponent(reference)}/cancel`, { method: 'POST' });
}

/** GET /api/me/payments: the signed-in person's payments, newest first. */
export function getHistory(page: number, pageSize: number, signal?: AbortSignal): Promise<Page<HistoryRowDto>> {
  return api.request<Page<HistoryRowDto>>(`/me/payments?page=${page}&pageSize=${pageSize}`, {
    signal,
    minDelayMs: FETCH_MIN_DELAY_MS,
  });
}
