/**
 * Which service answers which public path prefix. Longest prefix wins, so a sub-path can belong to a
 * different service than its parent (bookmarks live with books, not with profile data).
 * Adding a service is one line here plus its URL in the environment (`<NAME>_SERVICE_URL`).
 */
export interface ApiRoute {
  prefix: string;
  service: string;
  /** Time the service has to start answering; the default is UPSTREAM_TIMEOUT_MS. */
  timeoutMs?: number;
  /** Bodies up to UPLOAD_LIMIT_BYTES instead of BODY_LIMIT_BYTES. */
  largeBodies?: boolean;
}

export const API_ROUTES: ReadonlyArray<ApiRoute> = [
  { prefix: '/api/auth', service: 'identity' },
  { prefix: '/api/book', service: 'library' },
  { prefix: '/api/commonData/bookmarks', service: 'library' },
  { prefix: '/api/commonData', service: 'profile' },
  { prefix: '/api/community', service: 'community' },
  { prefix: '/api/comments', service: 'community' },
  { prefix: '/api/fundraising', service: 'community' },
  { prefix: '/api/job', service: 'careers' },
  { prefix: '/api/interview', service: 'careers' },
  { prefix: '/api/flat', service: 'housing' },
  // Poster uploads stream through; they get longer than the default.
  { prefix: '/api/event/upload', service: 'events', timeoutMs: 30_000, largeBodies: true },
  { prefix: '/api/event', service: 'events' },
];

export const SERVICE_NAMES = [...new Set(API_ROUTES.map((r) => r.service))];

const byLength = [...API_ROUTES].sort((a, b) => b.prefix.length - a.prefix.length);

/** The route for a path, matching whole segments only (/api/bookx is not /api/book). */
export function resolveRoute(path: string): ApiRoute | undefined {
  return byLength.find((r) => path === r.prefix || path.startsWith(`${r.prefix}/`));
}
