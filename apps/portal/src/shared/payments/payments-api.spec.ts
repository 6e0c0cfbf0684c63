import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client';
import { requeryPayment } from './payments-api';

const REFERENCE = 'CPAB12CD34EF56GH78JK90';

/** An answer as the API gives it (its error bodies carry `statusCode`). */
function answer(status: number, body: Record<string, unknown>): Response {
  const sent = status >= 400 ? { statusCode: status, ...body } : body;
  return new Response(JSON.stringify(sent), { status, headers: { 'content-type': 'application/json' } });
}

describe('asking the bank about a payment', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is "asked" when the API asked the gateway now', async () => {
    const fetch = vi.fn(async () => answer(200, { outcome: 'none' }));
    vi.stubGlobal('fetch', fetch);
    await expect(requeryPayment(REFERENCE)).resolves.toBe('asked');
    expect(fetch).toHaveBeenCalledWith(
      `/api/payments/${REFERENCE}/requery`,
      expect.objectContaining({ method: 'POST' }),
    );
  });

  it('is "asked_recently", not an error, when the bank was asked about it moments ago (429 askedRecently)', async () => {
    vi.stubGlobal('fetch', async () =>
      answer(429, {
        code: 'too_many_requests',
        message: 'The bank was asked about this payment moments ago.',
        details: { askedRecently: true, retryAfterSeconds: 7 },
      }),
    );
    await expect(requeryPayment(REFERENCE)).resolves.toBe('asked_recently');
  });

  it('still fails when the caller itself is throttled, or may not act on the payment', async () => {
    vi.stubGlobal('fetch', async () =>
      answer(429, {
        code: 'too_many_requests',
        message: 'Too many requests. Please wait a while and try again.',
        details: { retryAfterSeconds: 300 },
      }),
    );
    await expect(requeryPayment(REFERENCE)).rejects.toMatchObject({ status: 429, code: 'too_many_requests' });
    vi.stubGlobal('fetch', async () => answer(404, { code: 'not_found', message: 'Not Found!' }));
    await expect(requeryPayment(REFERENCE)).rejects.toBeInstanceOf(ApiError);
  });
});
