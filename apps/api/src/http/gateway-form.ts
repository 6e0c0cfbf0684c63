import type { GatewayFieldsInput } from '@councilpay/fpx';

/**
 * Asking a payment gateway over HTTP: the bank list (banks) and the payment gateways' enquiries (payments) post
 * their signed forms here.
 */

/** The gateway could not be asked, or its answer did not verify. */
export class GatewayError extends Error {
  constructor(
    message: string,
    readonly code: string,
    /** A signed answer that was refused (it does not fit the payment): kept as received. */
    readonly refusedAnswer?: GatewayFieldsInput,
  ) {
    super(message);
    this.name = 'GatewayError';
  }
}

/** POSTs a form to a gateway and returns the body text, within the configured timeout. */
export async function postForm(url: string, body: string, timeoutMs: number): Promise<string> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body,
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw new GatewayError(`gateway unreachable: ${(error as Error).message}`, 'gateway_unreachable');
  }
  const text = await res.text();
  if (!res.ok) throw new GatewayError(`gateway answered HTTP ${res.status}`, 'gateway_http_error');
  return text;
}
