import { PAYMENT_TOKEN_HEADER, type LicenceRowDto, type VerifyResultDto } from '@councilpay/domain';
import { api, ApiError, errorFromResponse } from '../api/client';
import { paymentTokenFor } from '../payments/payment-tokens';

/** This tab's token of the payment, when it made it (a signed-in owner needs none). */
function proofHeaders(reference: string): Record<string, string> {
  const token = paymentTokenFor(reference);
  return token ? { [PAYMENT_TOKEN_HEADER]: token } : {};
}

/**
 * GET /api/payments/:reference/receipt.pdf in `language`: the PDF bytes (the payer's name whole with this
 * tab's payment token or as its signed-in owner). 409 receipt_not_ready before the payment is paid.
 */
export async function fetchReceiptPdf(reference: string, language: string): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(
      `/api/payments/${encodeURIComponent(reference)}/receipt.pdf?lang=${encodeURIComponent(language)}`,
      { headers: { Accept: 'application/pdf', ...proofHeaders(reference) }, credentials: 'same-origin' },
    );
  } catch (error) {
    throw new ApiError(0, 'network_error', error instanceof Error ? error.message : 'Network error');
  }
  if (!response.ok) throw await errorFromResponse(response);
  return response.blob();
}

/** Saves `blob` as a file named `filename` (the browser's download). */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked later: some browsers start the download only after the click handler returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** GET /api/verify/:token: authentic (with the facts), altered or unknown. */
export function verifyDocument(token: string, signal?: AbortSignal): Promise<VerifyResultDto> {
  return api.request<VerifyResultDto>(`/verify/${encodeURIComponent(token)}`, { signal });
}

/** GET /api/me/licences: the licences the signed-in payer has paid. */
export function getOwnLicences(signal?: AbortSignal): Promise<LicenceRowDto[]> {
  return api.request<LicenceRowDto[]>('/me/licences', { signal });
}

/**
 * GET /api/licences/:reference.pdf for a reader of `language`: the digital licence, in Malay with that language
 * beside it (409 when its status or a missing photo blocks it).
 */
export async function fetchLicencePdf(reference: string, language: string): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(`/api/licences/${encodeURIComponent(reference)}.pdf?lang=${encodeURIComponent(language)}`, {
      headers: { Accept: 'application/pdf' },
      credentials: 'same-origin',
    });
  } catch (error) {
    throw new ApiError(0, 'network_error', error instanceof Error ? error.message : 'Network error');
  }
  if (!response.ok) throw await errorFromResponse(response);
  return response.blob();
}
