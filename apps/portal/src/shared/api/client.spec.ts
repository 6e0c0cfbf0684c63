import { isMessageKey } from '@councilpay/i18n';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient, readCookie, withMinimumDelay } from './client';
import { messageKeyForError } from './errors';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8' } });
}

describe('api client', () => {
  it('GETs same-origin /api paths and returns the JSON body', async () => {
    const fetch = vi.fn(async () => jsonResponse(200, [{ code: 'mdpg' }]));
    const api = createApiClient({ fetch });
    await expect(api.request('/councils')).resolves.toEqual([{ code: 'mdpg' }]);
    expect(fetch).toHaveBeenCalledWith(
      '/api/councils',
      expect.objectContaining({ method: 'GET', credentials: 'same-origin' }),
    );
  });

  it('sends a body as JSON', async () => {
    const fetch = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => jsonResponse(201, { id: '1' }));
    await createApiClient({ fetch }).request('/things', { method: 'POST', body: { a: 1 } });
    const init = fetch.mock.calls[0]?.[1];
    expect(init?.body).toBe('{"a":1}');
    expect(init?.headers).toMatchObject({ 'Content-Type': 'application/json' });
  });

  it('turns an ApiErrorBody into an ApiError with its code and field errors', async () => {
    const body = {
      statusCode: 400,
      code: 'validation_failed',
      message: 'Some fields are missing or invalid',
      errors: [{ field: 'email', code: 'email', message: 'email must be an email' }],
    };
    const api = createApiClient({ fetch: async () => jsonResponse(400, body) });
    const error = await api.request('/x').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'validation_failed', fieldErrors: body.errors });
  });

  it('gives answers without an ApiErrorBody a code from their status', async () => {
    const api = createApiClient({
      fetch: async () => new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }),
    });
    await expect(api.request('/x')).rejects.toMatchObject({ status: 502, code: 'service_unavailable' });
  });

  it('reports an unreachable server as network_error (status 0)', async () => {
    const api = createApiClient({
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await expect(api.request('/x')).rejects.toMatchObject({ status: 0, code: 'network_error' });
  });

  it('lets an abort through untouched', async () => {
    const abort = new DOMException('aborted', 'AbortError');
    const api = createApiClient({
      fetch: async () => {
        throw abort;
      },
    });
    await expect(api.request('/x')).rejects.toBe(abort);
  });

  it('sends the CSRF cookie as X-CSRF-Token on state-changing requests only', async () => {
    const fetch = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => jsonResponse(200, {}));
    const api = createApiClient({ fetch, cookies: () => 'lang=ms; cp_csrf=tok%3D123; other=1' });
    await api.request('/me/profile', { method: 'PUT', body: {} });
    await api.request('/me/profile');
    expect(fetch.mock.calls[0]?.[1]?.headers).toMatchObject({ 'X-CSRF-Token': 'tok=123' });
    expect(fetch.mock.calls[1]?.[1]?.headers).not.toHaveProperty('X-CSRF-Token');
  });

  it('sends no CSRF header for guests, who have no cookie', async () => {
    const fetch = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => jsonResponse(200, {}));
    await createApiClient({ fetch, cookies: () => '' }).request('/payments', { method: 'POST', body: {} });
    expect(fetch.mock.calls[0]?.[1]?.headers).not.toHaveProperty('X-CSRF-Token');
  });

  it('passes extra headers (Idempotency-Key) and keeps the details of an error', async () => {
    const fetch = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) =>
      jsonResponse(409, {
        statusCode: 409,
        code: 'already_paid',
        message: 'x',
        details: { reference: 'CPX' },
      }),
    );
    const api = createApiClient({ fetch, cookies: () => '' });
    const error = await api
      .request('/payments', { method: 'POST', body: {}, headers: { 'Idempotency-Key': 'pay-1234567890' } })
      .catch((caught: unknown) => caught);
    expect(fetch.mock.calls[0]?.[1]?.headers).toMatchObject({ 'Idempotency-Key': 'pay-1234567890' });
    expect(error).toMatchObject({ code: 'already_paid', details: { reference: 'CPX' } });
  });

  it('waits for the minimum delay when asked to', async () => {
    const sleep = vi.fn(async (_ms: number) => undefined);
    const api = createApiClient({ fetch: async () => jsonResponse(200, { ok: true }), sleep });
    await api.request('/x', { minDelayMs: 200 });
    expect(sleep).toHaveBeenCalledWith(200);
    await api.request('/x');
    expect(sleep).toHaveBeenCalledTimes(1);
  });
});

describe('readCookie', () => {
  it('finds a cookie among others and decodes it', () => {
    expect(readCookie('a=1; cp_csrf=x%2By; b=2', 'cp_csrf')).toBe('x+y');
    expect(readCookie('a=1', 'cp_csrf')).toBeNull();
    expect(readCookie('', 'cp_csrf')).toBeNull();
  });
});

describe('withMinimumDelay', () => {
  it("settles no sooner than the delay, with the work's value or error", async () => {
    vi.useFakeTimers();
    try {
      let settled = false;
      const done = withMinimumDelay(Promise.resolve('value'), 200).then((value) => {
        settled = true;
        return value;
      });
      await vi.advanceTimersByTimeAsync(199);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await expect(done).resolves.toBe('value');

      const failing = withMinimumDelay(Promise.reject(new Error('boom')), 200);
      const assertion = expect(failing).rejects.toThrow('boom');
      await vi.advanceTimersByTimeAsync(200);
      await assertion;
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('messageKeyForError', () => {
  const keyFor = (error: unknown) => messageKeyForError(error, isMessageKey);

  it('maps API codes to the messages people see', () => {
    expect(keyFor(new ApiError(404, 'not_found', 'x'))).toBe('errors.not_found');
    expect(keyFor(new ApiError(400, 'council_not_found', 'x'))).toBe('errors.council_not_found');
    expect(keyFor(new ApiError(409, 'cart_full', 'x'))).toBe('validation.cart_full');
  });

  it('falls back by status, then to a generic message', () => {
    expect(keyFor(new ApiError(0, 'something_new', 'x'))).toBe('errors.network_error');
    expect(keyFor(new ApiError(503, 'something_new', 'x'))).toBe('errors.internal_error');
    expect(keyFor(new ApiError(418, 'something_new', 'x'))).toBe('errors.unknown');
    expect(keyFor(new Error('x'))).toBe('errors.unknown');
  });
});
