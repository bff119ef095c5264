// Siblings are imported by package name, so federation shares them instead of bundling copies
// into each module's chunk (one auth store, one ApiError class per page).
import { authStore } from '@campus/web-kit/auth-store';
import { ApiError, NETWORK_ERROR, unnamedErrorCode, type ValidationIssue } from '@campus/web-kit/api-error';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  body?: unknown;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /**
   * Sent as `Idempotency-Key` on a create: one key per intent (useIdempotencyKey), so a retry or a
   * double tap of the same content creates one item; the server replays the first answer.
   */
  idempotencyKey?: string;
}

export interface ApiResponse<T> {
  status: number;
  data: T;
}

export interface ApiClientOptions {
  /** Prefix for every path; empty means same origin, which keeps cookies first-party. */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Called when the session is gone for good (refresh refused). */
  onSignedOut?: () => void;
}

export interface ApiClient {
  send<T>(method: HttpMethod, path: string, options?: RequestOptions): Promise<ApiResponse<T>>;
  get<T>(path: string, options?: Omit<RequestOptions, 'body'>): Promise<T>;
  post<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>): Promise<T>;
  put<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>): Promise<T>;
  patch<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>): Promise<T>;
  delete<T>(path: string, options?: Omit<RequestOptions, 'body'>): Promise<T>;
}

const REFRESH_PATH = '/api/auth/refresh';
const REFRESH_RACE = 'REFRESH_RACE';
const codeOf = (body: unknown) =>
  body && typeof body === 'object' ? (body as { code?: unknown }).code : undefined;
// A 401 from these means "wrong credentials" or "no session", never "access token expired".
const pathsWithoutRefresh = ['/api/auth/login', '/api/auth/register', '/api/auth/logout', REFRESH_PATH];

function withQuery(path: string, query: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}${path.includes('?') ? '&' : '?'}${search}` : path;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const contentType = response.headers.get('content-type') ?? '';
  if (contentType.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

function errorFrom(status: number, body: unknown, statusText: string): ApiError {
  if (body && typeof body === 'object') {
    const { message, code, issues } = body as { message?: unknown; code?: unknown; issues?: unknown };
    return new ApiError(
      status,
      typeof code === 'string' ? code : unnamedErrorCode(status),
      typeof message === 'string' && message ? message : statusText || `Request failed with status ${status}`,
      Array.isArray(issues) ? (issues as ValidationIssue[]) : [],
    );
  }
  return new ApiError(status, unnamedErrorCode(status), statusText || `Request failed with status ${status}`);
}

/**
 * Fetch with the session cookies, JSON in and out, and every failure as an ApiError. An expired
 * access token is renewed once through /api/auth/refresh (concurrent 401s share one refresh);
 * if that is refused too, the user is signed out.
 */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const baseUrl = options.baseUrl ?? '';
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  let refreshing: Promise<boolean> | null = null;

  async function rawSend(method: HttpMethod, path: string, request: RequestOptions): Promise<Response> {
    const isForm = typeof FormData !== 'undefined' && request.body instanceof FormData;
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (request.body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
    if (request.idempotencyKey) headers['Idempotency-Key'] = request.idempotencyKey;
    try {
      return await doFetch(`${baseUrl}${withQuery(path, request.query)}`, {
        method,
        credentials: 'include',
        headers,
        body:
          request.body === undefined
            ? undefined
            : isForm
              ? (request.body as FormData)
              : JSON.stringify(request.body),
        signal: request.signal,
      });
    } catch (cause) {
      if (request.signal?.aborted) throw cause;
      throw new ApiError(0, NETWORK_ERROR, cause instanceof Error ? cause.message : 'Network request failed');
    }
  }

  function refreshSession(): Promise<boolean> {
    refreshing ??= rawSend('POST', REFRESH_PATH, {})
      // REFRESH_RACE: another tab refreshed with the same token a moment ago and the browser already
      // holds its new cookies, so retrying the call is right and signing out would be wrong.
      .then(
        async (response) =>
          response.ok || (response.status === 401 && codeOf(await readBody(response)) === REFRESH_RACE),
      )
      .catch(() => false)
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  }

  async function send<T>(
    method: HttpMethod,
    path: string,
    request: RequestOptions = {},
  ): Promise<ApiResponse<T>> {
    let response = await rawSend(method, path, request);
    if (response.status === 401 && !pathsWithoutRefresh.some((p) => path.startsWith(p))) {
      if (await refreshSession()) response = await rawSend(method, path, request);
      if (response.status === 401) options.onSignedOut?.();
    }
    const body = await readBody(response);
    if (!response.ok) throw errorFrom(response.status, body, response.statusText);
    return { status: response.status, data: body as T };
  }

  const dataOf = <T>(pending: Promise<ApiResponse<T>>): Promise<T> =>
    pending.then((response) => response.data);
  return {
    send,
    get: <T>(path: string, request?: RequestOptions) => dataOf(send<T>('GET', path, request)),
    post: <T>(path: string, body?: unknown, request?: RequestOptions) =>
      dataOf(send<T>('POST', path, { ...request, body })),
    put: <T>(path: string, body?: unknown, request?: RequestOptions) =>
      dataOf(send<T>('PUT', path, { ...request, body })),
    patch: <T>(path: string, body?: unknown, request?: RequestOptions) =>
      dataOf(send<T>('PATCH', path, { ...request, body })),
    delete: <T>(path: string, request?: RequestOptions) => dataOf(send<T>('DELETE', path, request)),
  };
}

/** The page's API client: same origin, and a refused refresh signs the user out everywhere. */
export const apiClient = createApiClient({ onSignedOut: () => authStore.dispatch({ type: 'LOGOUT' }) });
