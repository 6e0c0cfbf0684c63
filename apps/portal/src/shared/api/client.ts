/**
 * The portal's only way to the API: same-origin `fetch` to `/api/...`. Failures become an `ApiError`
 * carrying the API's stable `code` (an i18n key, see `messageKeyForError`), so screens never parse bodies.
 */
import {
  CSRF_COOKIE,
  CSRF_HEADER,
  type CouncilDto,
  type FieldErrorDto,
  isApiErrorBody,
  type PublicConfigDto,
} from '@councilpay/domain';

/** An API failure: the HTTP status (0 when the server was not reached) and the API's error code. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fieldErrors: readonly FieldErrorDto[] = [],
    /** Facts the portal acts on (e.g. the reference of an earlier payment found paid). */
    readonly details: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The value of a cookie in `cookies` (document.cookie's format), or null. */
export function readCookie(cookies: string, name: string): string | null {
  for (const part of cookies.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) {
      try {
        return decodeURIComponent(value.join('='));
      } catch {
        return value.join('=');
      }
    }
  }
  return null;
}

/** The browser's cookies; '' where there is no document (tests). */
function documentCookies(): string {
  return typeof document === 'undefined' ? '' : document.cookie;
}

/**
 * Whether this browser may be signed in: the API sets the readable CSRF cookie with the (httpOnly)
 * session cookie and clears both at logout. Guests have neither, so the portal need not ask the API.
 */
export function mayHaveSession(cookies: string = documentCookies()): boolean {
  return readCookie(cookies, CSRF_COOKIE) !== null;
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

/** The ApiError for a failed response: its ApiErrorBody when it has one, else a code from the status. */
export async function errorFromResponse(response: Response): Promise<ApiError> {
  let body: unknown = null;
  if (response.headers.get('content-type')?.includes('json')) {
    body = await response.json().catch(() => null);
  }
  if (isApiErrorBody(body)) {
    const fieldErrors = Array.isArray(body.errors) ? body.errors : [];
    const details = typeof body.details === 'object' && body.details !== null ? body.details : {};
    return new ApiError(response.status, body.code, body.message, fieldErrors, details);
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
  /** Extra request headers (e.g. `Idempotency-Key`). */
  headers?: Readonly<Record<string, string>>;
  /**
   * Resolve no sooner than this (`FETCH_MIN_DELAY_MS`, 200 ms). For requests a person waits on with a visible
   * spinner (search, history); startup requests use 0 so the first paint is not delayed.
   */
  minDelayMs?: number;
}

export interface ApiClientOptions {
  fetch?: typeof fetch;
  /** Prefix of every path; the API is served from the portal's own origin. */
  baseUrl?: string;
  sleep?: (ms: number) => Promise<void>;
  /** The cookies to read the CSRF token from (default: document.cookie). */
  cookies?: () => string;
}

export interface ApiClient {
  request<T>(path: string, options?: RequestOptions): Promise<T>;
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

export function createApiClient({
  fetch: fetchImpl,
  baseUrl = '/api',
  sleep,
  cookies = documentCookies,
}: ApiClientOptions = {}): ApiClient {
  async function send<T>(path: string, { method = 'GET', body, signal, headers: extra }: RequestOptions): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json', ...extra };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    // Double-submit CSRF (libs/domain contracts/identity): a signed-in browser holds the readable cookie
    // cp_csrf and sends its value with every state-changing request. Guests have no cookie and need none.
    if (!SAFE_METHODS.has(method)) {
      const token = readCookie(cookies(), CSRF_COOKIE);
      if (token) headers[CSRF_HEADER] = token;
    }
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
