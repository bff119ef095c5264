/**
 * One route of the platform's API as the browser sees it: its method, path and who may call it, with
 * its params, query, body and answer as types only. The per-service catalogues in `generated/` are
 * written by `npm run generate` from the routes each service declares (`defineRoute`), so a path or a
 * type is never written by hand on the browser's side; web-kit's typed client calls them.
 */
export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type ApiAccess = 'public' | 'user' | 'teacher';

/** What an operation takes and gives, as types (`params` come from the path's `:names`). */
export interface OperationTypes {
  params: Record<string, string> | undefined;
  query: object | undefined;
  body: unknown;
  response: unknown;
}

export interface ApiOperation<T extends OperationTypes = OperationTypes> {
  readonly operationId: string;
  readonly method: ApiMethod;
  /** Express form, `/api/book/:id/like`. */
  readonly path: string;
  readonly access: ApiAccess;
  /** The form field of a multipart upload (the body is then FormData). */
  readonly upload?: string;
  /**
   * A server-sent event stream (open it with an EventSource at `operationUrl`, never `api.call`):
   * its `response` type is each event's data by its `event:` name.
   */
  readonly stream?: true;
  /** Never set: carries the operation's types to the client. */
  readonly types?: T;
}

/** Fields that name who acts: every service takes them from the session, so the browser never sends them. */
export const IDENTITY_FIELDS = [
  'userId',
  'userid',
  'createdBy',
  'postedBy',
  'uploadedBy',
  'verifiedBy',
] as const;
export type IdentityField = (typeof IDENTITY_FIELDS)[number];
/** A request body without the identity fields (each member of a union on its own). */
export type WithoutIdentity<T> = T extends unknown ? Omit<T, IdentityField> : never;

/** A JSON body as it leaves the browser: a plain object loses its identity fields (FormData is left as it is). */
export function withoutIdentity(body: unknown): unknown {
  if (
    !body ||
    typeof body !== 'object' ||
    Array.isArray(body) ||
    Object.getPrototypeOf(body) !== Object.prototype
  )
    return body;
  const rest: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  for (const field of IDENTITY_FIELDS) delete rest[field];
  return rest;
}

export type ParamsOf<O> = O extends ApiOperation<infer T> ? T['params'] : never;
export type QueryOf<O> = O extends ApiOperation<infer T> ? T['query'] : never;
export type BodyOf<O> = O extends ApiOperation<infer T> ? T['body'] : never;
export type AnswerOf<O> = O extends ApiOperation<infer T> ? T['response'] : never;

/** Declares one operation of a generated catalogue (an identity function that fixes its types). */
export const operation = <T extends OperationTypes>(spec: Omit<ApiOperation<T>, 'types'>): ApiOperation<T> =>
  spec;

/** The route's key as the services and the answer checks name it: `GET /api/book/:id/like`. */
export const operationKey = (op: Pick<ApiOperation, 'method' | 'path'>) => `${op.method} ${op.path}`;

export type QueryValue = string | number | boolean | null | undefined;

/**
 * The path with its `:params` filled in, each encoded as one segment. An empty, `.` or `..` value is
 * refused: encoding leaves it as it is, and the URL it would make names another path (the browser
 * resolves `/api/fundraising/../pledges` to `/api/pledges`).
 */
export function operationPath(op: Pick<ApiOperation, 'path'>, params?: Record<string, string>): string {
  return op.path.replace(/:([A-Za-z_]\w*)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${op.path}: the path parameter '${name}' is missing`);
    if (value === '' || value === '.' || value === '..')
      throw new Error(`${op.path}: the path parameter '${name}' is '${value}', which is no segment`);
    return encodeURIComponent(value);
  });
}

/** `?a=1&b=x` from a query object in its key order; empty, null and undefined values are left out. */
export function queryString(query?: object): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query) as [string, QueryValue][]) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `?${search}` : '';
}

/**
 * The URL an operation is requested at. The first HTML's data preloads (the platform registry) are
 * written with it too, so a preload and the screen's own request are the same URL by construction.
 */
export const operationUrl = (
  op: Pick<ApiOperation, 'path'>,
  input: { params?: Record<string, string>; query?: object } = {},
) => `${operationPath(op, input.params)}${queryString(input.query)}`;
