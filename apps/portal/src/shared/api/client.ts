/**
 * The portal's only way to the API: same-origin `fetch` to `/api/...`. Failures become an `ApiError`
 * carrying the API's stable `code` (an i18n key, see `messageKeyForError`), so screens never parse bodies.
 */
import { type ApiErrorBody, type CouncilDto, type FieldErrorDto, type PublicConfigDto } from '@councilpay/domain';

/** An API failure: the HTTP status (0 when the server was not reached) and the API's error code. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fieldErrors: readonly FieldErrorDto[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Codes for answers that carry no ApiErrorBody (a proxy's 502 page, an empty 503 ...). */
const STATUS_CODES: Readonly<Record<number, string>> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  429: 'too_many_requests',
  502: 'service_unavailable',
  503: 'service_unavailable',
  504: 'service_unavailable',
};

export function codeForStatus(status: number): string {
  return STATUS_CODES[status] ?? (status >= 500 ? 'internal_error' : 'bad_request');
}

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const body = value as Partial<Record<keyof ApiErrorBody, unknown>>;
  return typeof body.statusCode === 'number' && typeof body.code === 'string' && typeof body.message === 'string';
}

/** The ApiError for a failed response: its ApiErrorBody when it has one, else a code from the status. */
export async function errorFromResponse(response: Response): Promise<ApiError> {
  let body: unknown = null;
  if (response.headers.get('content-type')?.includes('json')) {
    body = await response.json().catch(() => null);
  }
  if (isApiErrorBody(body)) {
    const fieldErrors = Array.isArray(body.errors) ? body.errors : [];
    return new ApiError(response.status, body.code, body.message, fieldErrors);
  }
  return new ApiError(
    response.status,
    codeForStatus(response.status),
    response.statusText || `HTTP ${response.status}`,
  );
}

/** Settles like `work`, but no sooner than `ms` after the call (so loading states do not flicker). */
export async function withMinimumDelay<T>(
  work: Promise<T>,
  ms: number,
  sleep: (ms: number) => Promise<void> = (delay) => new Promise((resolve) => setTimeout(resolve, delay)),
): Promise<T> {
  const [outcome] = await Promise.allSettled([work, sleep(ms)]);
  if (outcome.status === 'rejected') throw outcome.reason;
  return outcome.value;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  signal?: AbortSignal;
  /**
   * Resolve no sooner than this (spec section 9: `FETCH_MIN_DELAY_MS`, 200 ms). For requests a person waits on with a visible
   * spinner (search, history); startup requests use 0 so the first paint is not delayed.
   */
  minDelayMs?: number;
}

export interface ApiClientOptions {
  fetch?: typeof fetch;
  /** Prefix of every path; the API is served from the portal's own origin. */
  baseUrl?: string;
  sleep?: (ms: number) => Promise<void>;
}

export interface ApiClient {
  request<T>(path: string, options?: RequestOptions): Promise<T>;
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

export function createApiClient({ fetch: fetchImpl, baseUrl = '/api', sleep }: ApiClientOptions = {}): ApiClient {
  async function send<T>(path: string, { method = 'GET', body, signal }: RequestOptions): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    let response: Response;
    try {
      // Resolved per call so tests and late polyfills can replace the global.
      response = await (fetchImpl ?? globalThis.fetch)(`${baseUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: 'same-origin',
        signal,
      });
    } catch (error) {
      if (isAbort(error)) throw error;
      throw new ApiError(0, 'network_error', error instanceof Error ? error.message : 'Network error');
    }
    if (!response.ok) throw await errorFromResponse(response);
    if (response.status === 204) return undefined as T;
    // The API answers JSON for every success; the caller states the shape via the shared contracts.
    return (await response.json()) as T;
  }

  return {
    request<T>(path: string, options: RequestOptions = {}): Promise<T> {
      const work = send<T>(path, options);
      return options.minDelayMs ? withMinimumDelay(work, options.minDelayMs, sleep) : work;
    },
  };
}

export const api = createApiClient();

/** GET /api/councils: every council, the default first. */
export function getCouncils(signal?: AbortSignal): Promise<CouncilDto[]> {
  return api.request<CouncilDto[]>('/councils', { signal });
}

/** GET /api/config: service closed flag, announcement, app version, default council. */
export function getPublicConfig(signal?: AbortSignal): Promise<PublicConfigDto> {
  return api.request<PublicConfigDto>('/config', { signal });
}
