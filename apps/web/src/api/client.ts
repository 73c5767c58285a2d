import type { ApiError } from '@pinboard/shared';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined;

/** What every successful call yields: the envelope's `data` and the next page's `bookmark`. */
export interface ApiResult<T> {
  data: T;
  bookmark: string | null;
}

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  /** JSON-serialised, except FormData, which the browser encodes as multipart. */
  body?: unknown;
  signal?: AbortSignal;
}

/**
 * A failed call, carrying the envelope's error fields (or a synthesised error when there was no envelope).
 * `message` is for logs; screens show their own translated text, chosen by `code`.
 */
export class ApiRequestError extends Error {
  override readonly name = 'ApiRequestError';
  readonly status: number;
  readonly apiErrorCode: number;
  readonly code: string;
  readonly messageDetail: string | null;
  readonly field: string | null;
  /** Extra facts some codes carry (`mfa_required`: `{ phone_number_end }`); `{}` when there are none. */
  readonly data: Readonly<Record<string, unknown>>;

  constructor(error: ApiError) {
    super(error.message);
    this.status = error.http_status;
    this.apiErrorCode = error.api_error_code;
    this.code = error.code;
    this.messageDetail = error.message_detail;
    this.field = error.field;
    this.data = error.data ?? {};
  }
}

export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'X-CSRFToken';

export function readCookie(name: string, cookieString: string): string | null {
  for (const part of cookieString.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) {
      const value = rest.join('=');
      try {
        return decodeURIComponent(value);
      } catch {
        return value;
      }
    }
  }
  return null;
}

export interface ApiClientDeps {
  fetch: typeof fetch;
  /** The current CSRF token; read per call because the server may set or renew it on any response. */
  getCsrfToken: () => string | null;
}

interface EnvelopeBody {
  resource_response?: {
    status?: string;
    data?: unknown;
    bookmark?: string | null;
    error?: ApiError;
  };
}

/** What a success envelope carries, or null when `json` is no success envelope. */
export function successResultOf<T>(json: unknown): ApiResult<T> | null {
  const envelope = (json as EnvelopeBody | null)?.resource_response;
  if (envelope?.status !== 'success') return null;
  // Types are trusted rather than parsed: validating with zod here would ship it in the bundle.
  return { data: envelope.data as T, bookmark: envelope.bookmark ?? null };
}

function buildUrl(path: string, query: Record<string, QueryValue> | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}${path.includes('?') ? '&' : '?'}${search}` : path;
}

function clientSideError(status: number, code: string, message: string): ApiRequestError {
  return new ApiRequestError({
    http_status: status,
    api_error_code: 0,
    code,
    message,
    message_detail: null,
    field: null,
  });
}

export function createApiClient(deps: ApiClientDeps) {
  async function request<T>(
    method: HttpMethod,
    path: string,
    options: RequestOptions = {},
  ): Promise<ApiResult<T>> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    let body: BodyInit | undefined;
    if (options.body instanceof FormData) {
      body = options.body;
    } else if (options.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    if (method !== 'GET') {
      const token = deps.getCsrfToken();
      if (token) headers[CSRF_HEADER] = token;
    }

    let response: Response;
    try {
      response = await deps.fetch(buildUrl(path, options.query), {
        method,
        headers,
        body,
        credentials: 'same-origin',
        signal: options.signal,
      });
    } catch (error) {
      // Aborts are the caller's own doing (TanStack Query cancels stale requests): pass them through.
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw clientSideError(0, 'network_error', 'The server could not be reached.');
    }

    // Anything that is not the envelope (a proxy's HTML error page, an empty body) is one kind of failure.
    const json = (await response.json().catch(() => null)) as EnvelopeBody | null;
    const envelope = json?.resource_response;
    if (envelope?.status === 'failure' && envelope.error) throw new ApiRequestError(envelope.error);
    const result = response.ok ? successResultOf<T>(json) : null;
    if (!result) {
      throw clientSideError(
        response.status,
        'unexpected_response',
        `The server gave an unexpected answer (HTTP ${response.status}).`,
      );
    }
    return result;
  }

  // Callers name an endpoint (`api/endpoints.ts`); this is the one request under every call.
  return { request };
}

export type ApiClient = ReturnType<typeof createApiClient>;

let transport: typeof fetch = (input, init) => globalThis.fetch(input, init);

/**
 * Where the app's calls go: the browser's fetch, unless the server render
 * (`entry-server.tsx`) answers them in-process for the request it is rendering.
 */
export function setApiTransport(fetchLike: typeof fetch): void {
  transport = fetchLike;
}

/** The app's one client: same-origin fetch, token from the `csrftoken` cookie. */
export const apiClient: ApiClient = createApiClient({
  fetch: (input, init) => transport(input, init),
  // The server render only reads (GET), which needs no token.
  getCsrfToken: () => (typeof document === 'undefined' ? null : readCookie(CSRF_COOKIE, document.cookie)),
});
