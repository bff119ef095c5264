// Siblings are imported by package name, so federation shares them instead of bundling copies
// into each module's chunk (one auth store, one ApiError class per page).
import { authStore } from '@campus/web-kit/auth-store';
import { ApiError, NETWORK_ERROR, unnamedErrorCode, type ValidationIssue } from '@campus/web-kit/api-error';
import {
  operationKey,
  operationUrl,
  queryString,
  withoutIdentity,
  type AnswerOf,
  type ApiMethod,
  type ApiOperation,
  type BodyOf,
  type ParamsOf,
  type QueryOf,
} from '@campus/contracts/api-operation';
import { identityApi } from '@campus/contracts/generated/identity-api';

/*
 * Every answer checked against its contract, in tests and development builds: a server that drifts
 * from packages/contracts fails a test (or shows in the developer's console), not a student's screen.
 * The schemas (`@campus/contracts/generated/api-answer-schemas`) are installed by the web test set-up
 * and by the shell's development build; a production page never loads them, and checks nothing.
 * (In this module, not one of its own: a shared web-kit module is a file of its own on every first
 * visit, and the installed schemas must be the ones this client reads.)
 */
interface AnswerSchema {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: ReadonlyArray<Issue> } };
}
interface Issue {
  path: ReadonlyArray<PropertyKey>;
  message: string;
}

/** An answer that is not what the operation's contract says. */
export class AnswerContractError extends Error {
  constructor(
    readonly operation: string,
    readonly issues: ReadonlyArray<Issue>,
  ) {
    super(
      `${operation} answered outside its contract: ${issues
        .slice(0, 5)
        .map((issue) => `${issue.path.map(String).join('.') || '(answer)'}: ${issue.message}`)
        .join('; ')}`,
    );
    this.name = 'AnswerContractError';
  }
}

let schemas: Readonly<Record<string, AnswerSchema>> | null = null;

export function installApiAnswerChecks(answerSchemas: Readonly<Record<string, AnswerSchema>>): void {
  schemas = answerSchemas;
}

export function removeApiAnswerChecks(): void {
  schemas = null;
}

/** Throws AnswerContractError when checks are installed and the answer breaks `METHOD path`'s schema. */
export function checkAnswer(operation: string, answer: unknown): void {
  const schema = schemas?.[operation];
  if (!schema) return;
  const result = schema.safeParse(answer);
  if (!result.success) throw new AnswerContractError(operation, result.error.issues);
}

export type HttpMethod = ApiMethod;

export interface RequestOptions {
  body?: unknown;
  query?: object;
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
  /** Where a paged list goes on (`X-Next-Cursor`), or null at its end or for an answer that is not paged. */
  nextCursor: string | null;
}

/**
 * What one operation of a generated catalogue takes: its path's params, its query and its body as the
 * catalogue types them (identity fields are not in a body: the session says who acts), and options.
 */
export type CallInput<O> = (ParamsOf<O> extends undefined
  ? { params?: undefined }
  : { params: ParamsOf<O> }) &
  (QueryOf<O> extends undefined ? { query?: undefined } : { query?: QueryOf<O> }) &
  (BodyOf<O> extends undefined ? { body?: undefined } : { body: BodyOf<O> }) & {
    signal?: AbortSignal;
    /** Sent as `Idempotency-Key` on a create (useIdempotencyKey): a retry or double tap creates once. */
    idempotencyKey?: string;
  };

/** Input is optional for an operation that takes no params and no body. */
type CallArgs<O> =
  ParamsOf<O> extends undefined
    ? BodyOf<O> extends undefined
      ? [input?: CallInput<O>]
      : [input: CallInput<O>]
    : [input: CallInput<O>];

export interface ApiClientOptions {
  /** Prefix for every path; empty means same origin, which keeps cookies first-party. */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Called when the session is gone for good (refresh refused). */
  onSignedOut?: () => void;
}

/**
 * The browser's API client. Screens call the platform's operations through the catalogues generated
 * from the services' routes (`api.call(libraryApi.likeBook, { params: { id } })`), so no screen writes
 * a path or guesses a type; `send` is the untyped exchange underneath.
 */
export interface ApiClient {
  /** Calls one operation; its answer, typed (and checked against its schema in tests and development). */
  call<O extends ApiOperation>(operation: O, ...args: CallArgs<O>): Promise<AnswerOf<O>>;
  /** The same, with the status and the paging header (`nextCursor`) beside the answer. */
  exchange<O extends ApiOperation>(operation: O, ...args: CallArgs<O>): Promise<ApiResponse<AnswerOf<O>>>;
  send<T>(method: HttpMethod, path: string, options?: RequestOptions): Promise<ApiResponse<T>>;
}

const REFRESH_PATH = identityApi.refreshSession.path;
const REFRESH_RACE = 'REFRESH_RACE';
const codeOf = (body: unknown) =>
  body && typeof body === 'object' ? (body as { code?: unknown }).code : undefined;
// A 401 from these means "wrong credentials" or "no session", never "access token expired".
const pathsWithoutRefresh = [
  identityApi.login.path,
  identityApi.register.path,
  identityApi.logout.path,
  REFRESH_PATH,
];

function withQuery(path: string, query: RequestOptions['query']): string {
  const search = queryString(query);
  return search ? `${path}${path.includes('?') ? `&${search.slice(1)}` : search}` : path;
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
    return { status: response.status, data: body as T, nextCursor: response.headers.get('X-Next-Cursor') };
  }

  async function exchange<O extends ApiOperation>(
    operation: O,
    ...[input]: CallArgs<O>
  ): Promise<ApiResponse<AnswerOf<O>>> {
    const { params, query, body, signal, idempotencyKey } = (input ?? {}) as CallInput<ApiOperation>;
    const path = operationUrl(operation, { params: params as Record<string, string> | undefined });
    const response = await send<AnswerOf<O>>(operation.method, path, {
      query,
      body: withoutIdentity(body),
      signal,
      idempotencyKey,
    });
    checkAnswer(operationKey(operation), response.data);
    return response;
  }

  return {
    send,
    exchange,
    call: (operation, ...args) => exchange(operation, ...args).then((response) => response.data),
  };
}

/** The page's API client: same origin, and a refused refresh signs the user out everywhere. */
export const apiClient = createApiClient({ onSignedOut: () => authStore.dispatch({ type: 'LOGOUT' }) });
