import { Router, type Request, type RequestHandler, type Response } from 'express';
import type { Logger } from 'pino';
import { z } from 'zod';
import { currentUser, type AuthUser } from './auth';
import { AppError, validationError } from './errors';
import {
  openEventStream,
  type EventStream,
  type EventStreamOptions,
  type OpenEventStreams,
} from './event-stream';
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
  /**
   * Set by `defineStreamRoute` only: the answer is a server-sent event stream (event-stream.ts), the
   * handler gets it as `stream`, and the gateway forwards it unbuffered, with no timeout once it has
   * begun and outside the admission gate of short requests.
   */
  stream?: StreamSpec;
  handler(input: RouteInput<P, Q, B, A> & { stream?: EventStream }): Promise<z.input<R>> | z.input<R>;
}

/** What a stream route sends and how its stream behaves. */
export interface StreamSpec extends EventStreamOptions {
  /** Every event it sends, by its `event:` name, with the schema of its `data:` (docs and the typed client). */
  events: Readonly<Record<string, z.ZodType>>;
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

/** What a stream route's `open` gets: its checked input and the stream, already open. */
export interface StreamRouteInput<P, Q, A extends Access> {
  params: Parsed<P>;
  query: Parsed<Q>;
  user: A extends 'public' ? AuthUser | undefined : AuthUser;
  req: Request;
  stream: EventStream;
}

export interface StreamRouteDefinition<
  P extends ParamsSchema | undefined,
  Q extends z.ZodObject | undefined,
  A extends Access,
>
  extends
    Pick<
      RouteDefinition<P, Q, undefined, z.ZodType, A>,
      'path' | 'operationId' | 'summary' | 'access' | 'self' | 'errors' | 'before'
    >,
    StreamSpec {
  request?: { params?: P; query?: Q };
  /** What the stream is, for the API document. */
  description: string;
  /**
   * Runs once the stream is open (after the access and input checks): sends what the client missed
   * (`stream.lastEventId`), then subscribes it to what comes, and unsubscribes in `stream.onClose`.
   * A throw ends the stream (logged).
   */
  open(input: StreamRouteInput<P, Q, A>): Promise<void> | void;
}

/** The resume point a stream route also takes in its query, for clients that cannot set the header. */
export const LastEventIdQuery = z.object({
  lastEventId: z.string().max(200).optional().meta({
    description: 'Resume after this event id, like the Last-Event-ID header (which wins when both are sent).',
  }),
});

/**
 * The schema of one frame of a stream, for the document: `{ event, id?, data }` for each declared
 * event (OpenAPI has no words for an event stream's items; this is what they are).
 */
function streamFrames(events: StreamSpec['events']): z.ZodType {
  const frames = Object.entries(events).map(([event, data]) =>
    z.object({ event: z.literal(event), id: z.string().optional(), data }),
  );
  const [first, ...rest] = frames;
  if (!first) throw new Error('a stream route declares at least one event');
  return rest.length ? z.union([first, ...rest]) : first;
}

/**
 * Declares a server-sent event stream (GET) in the style of defineRoute: access, params and query
 * are checked first (a guest on a 'user' stream gets the usual 401 JSON), then the stream opens and
 * `open` feeds it. The document shows it as `text/event-stream` with its events; the query also
 * takes `lastEventId`.
 */
export function defineStreamRoute<
  P extends ParamsSchema | undefined = undefined,
  Q extends z.ZodObject | undefined = undefined,
  A extends Access = Access,
>(route: StreamRouteDefinition<P, Q, A>): RouteDefinition<P, Q, undefined, z.ZodType, A> {
  const {
    description,
    events,
    open,
    request,
    heartbeatMs,
    retryMs,
    maxBufferedBytes,
    stallTimeoutMs,
    maxDurationMs,
    ...rest
  } = route;
  const query = request?.query;
  return {
    ...rest,
    method: 'get',
    request,
    docs: { query: query ? query.extend(LastEventIdQuery.shape) : LastEventIdQuery },
    response: { description, body: streamFrames(events) },
    stream: { events, heartbeatMs, retryMs, maxBufferedBytes, stallTimeoutMs, maxDurationMs },
    handler: async ({ params, query: parsedQuery, user, req, stream }) => {
      if (!stream) throw new Error(`${route.path} is a stream route: routerFor opens its stream`);
      await open({ params, query: parsedQuery, user, req, stream });
      return undefined;
    },
  };
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
    if (route.stream) return openStream(route, options, { params, query, user, req, res });
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

/** Opens a stream route's stream, then runs its handler; a handler that fails ends the stream. */
async function openStream(
  route: AnyRoute,
  options: RouterOptions,
  input: Omit<RouteInput<unknown, unknown, undefined, Access>, 'body'>,
): Promise<void> {
  const { req, res } = input;
  const stream = openEventStream(req, res, { ...route.stream, logger: req.log ?? options.logger });
  options.streams?.add(stream);
  try {
    await route.handler({ ...input, body: undefined, stream } as never);
  } catch (err) {
    (req.log ?? options.logger)?.error({ err }, 'the event stream failed to open');
    stream.close();
  }
}

export interface RouterOptions {
  /** Where creates that accept an Idempotency-Key keep their keys (the service's own table). */
  idempotency?: Idempotency;
  /** Where the open event streams are kept, so a stopping service ends them (stream routes). */
  streams?: OpenEventStreams;
  logger?: Logger;
}

/** One Express router for a service's declared routes, in the order given. */
export function routerFor(routes: ReadonlyArray<AnyRoute>, options: RouterOptions = {}): Router {
  const creates = routes.filter((r) => r.idempotencyKey).map((r) => `${r.method.toUpperCase()} ${r.path}`);
  if (creates.length > 0 && !options.idempotency)
    throw new Error(
      `${creates.join(', ')} accept(s) an Idempotency-Key but the service declares no idempotency table (idempotencyKeys in its definition)`,
    );
  const router = Router();
  for (const route of routes) {
    if (route.stream) {
      // Only at its path as declared: the gateway knows a stream by that exact spelling, and any
      // other (Express matches in any case: /Stream) would reach it as a short request, holding a
      // place of that admission gate for the stream's whole life.
      const exact = Router({ caseSensitive: true });
      exact[route.method](route.path, ...handlersOf(route, options));
      router.use(exact);
    } else router[route.method](route.path, ...handlersOf(route, options));
  }
  return router;
}
