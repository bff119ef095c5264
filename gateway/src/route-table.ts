import { DECLARED_API_ROUTES } from './generated/platform-routes';

/**
 * Which service answers which public path prefix. Longest prefix wins, so a sub-path can belong to a
 * different service than its parent (bookmarks live with books, not with profile data). The table is
 * generated (`npm run generate`) from the routes each service declares, so adding a service or a
 * route is never an edit here; only its URL goes in the environment (`<NAME>_SERVICE_URL`).
 */
export interface DeclaredApiRoute {
  prefix: string;
  service: string;
  /** A route that takes an upload (multipart): the upload body limit and a longer time. */
  upload?: true;
  /**
   * A server-sent event stream: forwarded unbuffered and uncompressed, with no time limit once the
   * service has begun it, counted apart from the short requests' admission gate (proxy.ts).
   */
  stream?: true;
}

export interface ApiRoute extends DeclaredApiRoute {
  /** Time the service has to start answering; the default is UPSTREAM_TIMEOUT_MS. */
  timeoutMs?: number;
  /** Bodies up to UPLOAD_LIMIT_BYTES instead of BODY_LIMIT_BYTES. */
  largeBodies?: boolean;
}

/**
 * Uploads stream through a phone's slow uplink and the service answers only once it has the whole
 * file and its preview: a 20 MB PDF at 5 Mbit/s is 32 s of upload before a render of up to 15 s.
 */
export const UPLOAD_TIMEOUT_MS = 120_000;

export const API_ROUTES: ReadonlyArray<ApiRoute> = DECLARED_API_ROUTES.map((route) =>
  route.upload ? { ...route, timeoutMs: UPLOAD_TIMEOUT_MS, largeBodies: true } : route,
);

const byLength = [...API_ROUTES].sort((a, b) => b.prefix.length - a.prefix.length);

/** The route for a path, matching whole segments only (/api/bookx is not /api/book). */
export function resolveRoute(path: string): ApiRoute | undefined {
  return byLength.find((r) => path === r.prefix || path.startsWith(`${r.prefix}/`));
}
