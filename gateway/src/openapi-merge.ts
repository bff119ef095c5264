import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';
import { resolveRoute } from './route-table';

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** What the gateway reads of a service's document; everything else in it passes through untouched. */
export const ServiceOpenApiDocument = z.looseObject({
  info: z.looseObject({ title: z.string().optional() }).optional(),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())).optional(),
  components: z.record(z.string(), z.record(z.string(), z.unknown())).optional(),
});
export type ServiceOpenApiDocument = z.infer<typeof ServiceOpenApiDocument>;

export interface ServiceDocument {
  service: string;
  document: ServiceOpenApiDocument;
}

export interface MergedOpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: Array<{ url: string; description: string }>;
  tags: Array<{ name: string; description: string }>;
  paths: Record<string, Record<string, unknown>>;
  components: Record<string, Record<string, unknown>>;
}

/** Rewrites every `$ref` to a renamed component, at any depth. */
function renameRefs(value: unknown, renamed: ReadonlyMap<string, string>): unknown {
  if (Array.isArray(value)) return value.map((v) => renameRefs(v, renamed));
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, v]) => [
      key,
      key === '$ref' && typeof v === 'string' ? (renamed.get(v) ?? v) : renameRefs(v, renamed),
    ]),
  );
}

function describe(serverUrl: string, unreachable: readonly string[]): string {
  const lines = [
    "Every Campus Connect service's API in one place, merged by the gateway from each service's own " +
      'document (generated from the shared contracts). Machine-readable: ' +
      '[openapi.json](/api/docs/openapi.json).',
    '',
    '**Try it out** sends real requests to this gateway with your session. Sign in with ' +
      '`POST /api/auth/login` below (or in the app, in this browser): the session cookies are set for ' +
      `${serverUrl === '/' ? 'this origin' : serverUrl} and go with every later call. State-changing calls are accepted from this origin only.`,
  ];
  if (unreachable.length)
    lines.push(
      '',
      `**Not reachable right now:** ${unreachable.join(', ')}. Their operations are missing below.`,
    );
  return lines.join('\n');
}

/**
 * One document from the services' own: every path the gateway routes to its service (tagged with the
 * service's name), every component. Services share contract names (ErrorBody); a name two services
 * define differently keeps the first definition and the later one becomes `<service>.<Name>`, with that
 * service's references rewritten, so no schema silently replaces another.
 */
export function mergeOpenApiDocuments(
  parts: readonly ServiceDocument[],
  options: { serverUrl: string; unreachable: readonly string[] },
): MergedOpenApiDocument {
  const merged: MergedOpenApiDocument = {
    openapi: '3.1.0',
    info: {
      title: 'Campus Connect API',
      version: '1.0.0',
      description: describe(options.serverUrl, options.unreachable),
    },
    servers: [{ url: options.serverUrl, description: 'This gateway' }],
    tags: [],
    paths: {},
    components: {},
  };

  for (const { service, document } of parts) {
    const renamed = new Map<string, string>();
    const components: Array<[section: string, name: string, definition: unknown]> = [];
    for (const [section, entries] of Object.entries(document.components ?? {}))
      for (const [name, definition] of Object.entries(entries)) {
        const existing = merged.components[section]?.[name];
        const clash = existing !== undefined && !isDeepStrictEqual(existing, definition);
        if (clash)
          renamed.set(`#/components/${section}/${name}`, `#/components/${section}/${service}.${name}`);
        components.push([section, clash ? `${service}.${name}` : name, definition]);
      }
    for (const [section, name, definition] of components) {
      merged.components[section] ??= {};
      merged.components[section][name] = renameRefs(definition, renamed);
    }

    for (const [path, item] of Object.entries(document.paths ?? {})) {
      // Only what a client can reach through this gateway: a path routed elsewhere is not this service's.
      if (resolveRoute(path)?.service !== service) continue;
      const target = (merged.paths[path] ??= {});
      for (const [key, value] of Object.entries(renameRefs(item, renamed) as Record<string, unknown>)) {
        const isOperation = (HTTP_METHODS as readonly string[]).includes(key);
        const operation = value as { tags?: string[] };
        target[key] = isOperation && !operation.tags?.length ? { ...operation, tags: [service] } : value;
      }
    }
    merged.tags.push({ name: service, description: document.info?.title ?? service });
  }
  return merged;
}
