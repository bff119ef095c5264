import { Router, type Request, type RequestHandler, type Response } from 'express';
import type { z } from 'zod';
import { currentUser, type AuthUser } from './auth';
import { AppError, validationError } from './errors';
import { idempotencyKeyOf, type Idempotency } from './idempotency';

/**
 * A route declared once: the HTTP layer parses and validates its request with the contracts'
 * schemas, checks who may call it, hands the domain typed input, and the OpenAPI document is
 * generated from the same object (openapi.ts). Services list their routes; nothing else is kept
 * by hand.
 */
export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** Who may call a route: anyone, a signed-in user, or a signed-in teacher. */
export type Access = 'public' | 'user' | 'teacher';

/** Statuses a route may document besides its success (400, 401 and 429 are documented for all). */
export type ErrorStatus = 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 503;

type ParamsSchema = z.ZodObject<Record<string, z.ZodType<string, string>>>;
type Parsed<S> = S extends z.ZodType ? z.infer<S> : undefined;

export interface RouteInput<P, Q, B, A extends Access> {
  params: Parsed<P>;
  query: Parsed<Q>;
  body: Parsed<B>;
  /** The signed-in user: always present unless the route is public. */
  user: A extends 'public' ? AuthUser | undefined : AuthUser;
  req: Request;
  res: Response;
}

export interface RouteDefinition<
  P extends ParamsSchema | undefined = ParamsSchema | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
  A extends Access = Access,
> {
  method: HttpMethod;
  /** The full public path in Express form (`/api/book/:id/like`); the gateway forwards it unchanged. */
  path: string;
  /**
   * The operation's name, camelCase and unique across the platform (`likeBook`): the OpenAPI
   * operationId and the method of the browser's typed client (`libraryApi.likeBook`), both generated.
   */
  operationId: string;
  summary: string;
  access: A;
  /**
   * A path parameter that names private data: it must be the signed-in user's id (else 403), and the
   * answer is `Cache-Control: private, no-store`.
   */
  self?: P extends ParamsSchema ? keyof z.infer<P> & string : never;
  request?: { params?: P; query?: Q; body?: B };
  /**
   * What the document shows where the parsing schema cannot say it: a query whose schema transforms,
   * or a body the handler parses itself because its shape depends on the user (teacher or student),
   * or a multipart upload the handler streams itself (`upload.field` names its one file field).
   */
  docs?: { query?: z.ZodObject; body?: z.ZodType; upload?: { field: string } };
  /** The success answer: its status (200 unless said), what it means, its body. */
  response: { status?: 200 | 201; description: string; body: R };
  errors?: Partial<Record<ErrorStatus, string>>;
  /** Middleware that runs after the access check and before parsing (rate limits, uploads). */
  before?: RequestHandler[];
  /**
   * A create: it accepts an optional `Idempotency-Key` header, so a retry or a double tap with the
   * same key creates one item (idempotency.ts). Without the header nothing changes. The handler
   * must return its answer (not send it itself).
   */
  idempotencyKey?: boolean;
  handler(input: RouteInput<P, Q, B, A>): Promise<z.input<R>> | z.input<R>;
}

/** Any declared route, whatever its schemas (what a service's list holds). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyRoute = RouteDefinition<any, any, any, any, any>;

/** Declares a route with its types inferred from its schemas (an identity function for the compiler). */
export function defineRoute<
  P extends ParamsSchema | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  R extends z.ZodType = z.ZodType,
  A extends Access = Access,
>(route: RouteDefinition<P, Q, B, R, A>): RouteDefinition<P, Q, B, R, A> {
  return route;
}

function parse<S extends z.ZodType | undefined>(schema: S, value: unknown): Parsed<S> {
  if (!schema) return undefined as Parsed<S>;
  const result = schema.safeParse(value);
  if (!result.success) throw validationError(result.error);
  return result.data as Parsed<S>;
}

function accessCheck(route: AnyRoute, req: Request): void {
  if (route.access === 'public') return;
  const user = currentUser(req); // 401 for a guest
  if (route.access === 'teacher' && !user.isTeacher) throw AppError.forbidden('Only teachers can do this.');
}

/** The Express handlers of one declared route: access, the route's own middleware, parsing, the handler. */
function handlersOf(route: AnyRoute, options: RouterOptions): RequestHandler[] {
  const guard: RequestHandler = (req, _res, next) => {
    accessCheck(route, req);
    next();
  };
  const run: RequestHandler = async (req, res) => {
    // The guard has run: a route that is not public has its signed-in user here.
    const user = req.user;
    const params = parse(route.request?.params, req.params);
    if (route.self && user?.id !== (params as Record<string, string>)[route.self])
      throw AppError.forbidden('You can only access your own data.');
    // A path that names a user's private data: no shared cache keeps it, no browser shows it stale.
    if (route.self) res.set('Cache-Control', 'private, no-store');
    const query = parse(route.request?.query, req.query);
    const body = parse(route.request?.body, req.body ?? {});
    const status = route.response.status ?? 200;
    const produce = () => Promise.resolve(route.handler({ params, query, body, user, req, res }));
    // Bad input is refused above before a key is claimed; a key (if any) is judged here.
    if (route.idempotencyKey && options.idempotency && idempotencyKeyOf(req) !== undefined)
      return options.idempotency.answer({
        req,
        res,
        route: `${route.method.toUpperCase()} ${route.path}`,
        status,
        produce,
      });
    const answer = await produce();
    if (!res.headersSent) res.status(status).json(answer);
  };
  return [guard, ...(route.before ?? []), run];
}

export interface RouterOptions {
  /** Where creates that accept an Idempotency-Key keep their keys (the service's own table). */
  idempotency?: Idempotency;
}

/** One Express router for a service's declared routes, in the order given. */
export function routerFor(routes: ReadonlyArray<AnyRoute>, options: RouterOptions = {}): Router {
  const creates = routes.filter((r) => r.idempotencyKey).map((r) => `${r.method.toUpperCase()} ${r.path}`);
  if (creates.length > 0 && !options.idempotency)
    throw new Error(
      `${creates.join(', ')} accept(s) an Idempotency-Key but the service declares no idempotency table (idempotencyKeys in its definition)`,
    );
  const router = Router();
  for (const route of routes) router[route.method](route.path, ...handlersOf(route, options));
  return router;
}
