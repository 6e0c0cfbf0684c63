import type { BankListDto, CreatePaymentRequest, CreatePaymentResponse, GatewayRedirectDto } from '@councilpay/domain';
import { api } from '../../shared/api/client';

/** GET /api/banks: FPX banks in display order; offline ones are shown and cannot be chosen. */
export function getBanks(signal?: AbortSignal): Promise<BankListDto> {
  return api.request<BankListDto>('/banks', { signal });
}

/** POST /api/payments: the same Idempotency-Key and body give the same payment (a retried click pays once). */
export function createPayment(request: CreatePaymentRequest, idempotencyKey: string): Promise<CreatePaymentResponse> {
  return api.request<CreatePaymentResponse>('/payments', {
    method: 'POST',
    body: request,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** A fresh Idempotency-Key (crypto.getRandomValues works outside secure contexts too, unlike randomUUID). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `pay-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * Posts the signed form to the gateway in this window (the gateway later returns the browser to
 * #/receipt): a hidden form, auto-submitted.
 */
export function postToGateway(redirect: GatewayRedirectDto, doc: Document = document): void {
  const form = doc.createElement('form');
  form.method = redirect.method;
  form.action = redirect.action;
  form.hidden = true;
  for (const [name, value] of Object.entries(redirect.fields)) {
    const input = doc.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  doc.body.appendChild(form);
  form.submit();
}
