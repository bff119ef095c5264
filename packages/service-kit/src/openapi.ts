import { OpenAPIRegistry, OpenApiGeneratorV31, type RouteConfig } from '@asteasolutions/zod-to-openapi';
import { ErrorBody } from '@campus/contracts/common';
import { z } from 'zod';
import { ACCESS_COOKIE } from './auth';
import type { AnyRoute } from './define-route';

/** The session: the httpOnly access cookie identity sets at login (same origin, so "try it" sends it). */
export const SESSION_SCHEME = 'session';

export type ApiRoute = RouteConfig;

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: ErrorBody } },
});

/** Answers every route may give besides its own; listed once so each route declares only what is special. */
export const commonErrors = {
  400: errorResponse('Invalid input (code VALIDATION_FAILED or a specific code).'),
  401: errorResponse('Not signed in, or the session expired (code TOKEN_EXPIRED: refresh and retry).'),
  429: errorResponse('Too many requests.'),
};

/**
 * Builds a service's OpenAPI document from contract schemas. Generated lazily and cached: the
 * document is static for a build, and generation is too slow for every request.
 */
export function openApiDocument(title: string, routes: ApiRoute[]): () => object {
  let doc: object | undefined;
  return () => {
    if (!doc) {
      const registry = new OpenAPIRegistry();
      registry.registerComponent('securitySchemes', SESSION_SCHEME, {
        type: 'apiKey',
        in: 'cookie',
        name: ACCESS_COOKIE,
        description: 'Set by POST /api/auth/login; refreshed by POST /api/auth/refresh.',
      });
      for (const r of routes) registry.registerPath({ ...r, responses: { ...commonErrors, ...r.responses } });
      doc = new OpenApiGeneratorV31(registry.definitions).generateDocument({
        openapi: '3.1.0',
        info: { title, version: '1.0.0' },
      });
    }
    return doc;
  };
}

/** `/api/book/:id/like` -> `/api/book/{id}/like`. */
export const openApiPath = (expressPath: string) => expressPath.replace(/:(\w+)/g, '{$1}');

/** The OpenAPI operation of a declared route: the same schemas that validate it. */
export function routeConfigOf(route: AnyRoute): ApiRoute {
  const json = (schema: unknown) => ({ content: { 'application/json': { schema } } });
  const errors: Record<number, { description: string }> = {};
  if (route.access !== 'public') errors[401] = commonErrors[401];
  if (route.access === 'teacher' || route.self)
    errors[403] = errorResponse(route.access === 'teacher' ? 'Not a teacher.' : 'Not your own data.');
  for (const [status, description] of Object.entries(route.errors ?? {}))
    errors[Number(status)] = errorResponse(String(description));
  const query = route.docs?.query ?? route.request?.query;
  const body = route.docs?.body ?? route.request?.body;
  const upload = route.docs?.upload;
  const multipart = upload && {
    content: {
      'multipart/form-data': {
        schema: {
          type: 'object' as const,
          required: [upload.field],
          properties: { [upload.field]: { type: 'string' as const, format: 'binary' } },
        },
      },
    },
  };
  if (route.idempotencyKey) {
    const also = (status: 409 | 422, description: string) =>
      (errors[status] = errorResponse(
        route.errors?.[status] ? `${route.errors[status]}; or ${description}` : description,
      ));
    also(409, 'Idempotency-Key: the first request with this key is still being processed (Retry-After).');
    also(422, 'Idempotency-Key: already used for a different request.');
  }
  const idempotencyHeader = route.idempotencyKey && {
    headers: z.object({
      'Idempotency-Key': z.string().min(1).max(255).optional().meta({
        description:
          'Optional. One key per intent (a UUID): a repeat with the same key and content replays the first answer (header Idempotent-Replayed: true) instead of creating again; the same key with other content is 422. Kept 24 h.',
      }),
    }),
  };
  // A stream's client resumes with the header the browser sends on reconnect (or ?lastEventId=).
  const lastEventIdHeader = route.stream && {
    headers: z.object({
      'Last-Event-ID': z.string().max(200).optional().meta({
        description: 'Sent by the browser when it reconnects: the id of the last event it received.',
      }),
    }),
  };
  const success = route.stream
    ? {
        description: `${route.response.description} Events (\`event:\` name and \`data:\` JSON): ${Object.keys(route.stream.events).join(', ')}; a \`: ping\` comment keeps it alive.`,
        content: { 'text/event-stream': { schema: route.response.body } },
      }
    : { description: route.response.description, ...json(route.response.body) };
  return {
    method: route.method,
    path: openApiPath(route.path),
    operationId: route.operationId,
    summary: route.summary,
    ...(route.access === 'public' ? {} : { security: [{ [SESSION_SCHEME]: [] }] }),
    request: {
      ...(route.request?.params ? { params: route.request.params } : {}),
      ...(idempotencyHeader || {}),
      ...(lastEventIdHeader || {}),
      ...(query ? { query } : {}),
      ...(multipart ? { body: multipart } : body ? { body: json(body) } : {}),
    },
    responses: {
      [route.response.status ?? 200]: success,
      ...errors,
    },
  } as ApiRoute;
}

/** A service's OpenAPI document from its declared routes. */
export function openApiFromRoutes(title: string, routes: ReadonlyArray<AnyRoute>): () => object {
  return openApiDocument(title, routes.map(routeConfigOf));
}
