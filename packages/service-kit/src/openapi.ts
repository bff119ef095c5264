import { OpenAPIRegistry, OpenApiGeneratorV31, type RouteConfig } from '@asteasolutions/zod-to-openapi';
import { ErrorBody } from '@campus/contracts/common';

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
      for (const r of routes) registry.registerPath({ ...r, responses: { ...commonErrors, ...r.responses } });
      doc = new OpenApiGeneratorV31(registry.definitions).generateDocument({
        openapi: '3.1.0',
        info: { title, version: '1.0.0' },
      });
    }
    return doc;
  };
}
