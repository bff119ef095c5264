/**
 * Which service answers which public path prefix. Longest prefix wins, so a sub-path can belong to a
 * different service than its parent (bookmarks live with books, not with profile data).
 * Adding a service is one line here plus its URL in the environment (`<NAME>_SERVICE_URL`).
 */
export const API_ROUTES: ReadonlyArray<{ prefix: string; service: string; timeoutMs?: number }> = [
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
  { prefix: '/api/event/upload', service: 'events', timeoutMs: 30_000 },
  { prefix: '/api/event', service: 'events' },
];

export const SERVICE_NAMES = [...new Set(API_ROUTES.map((r) => r.service))];

export interface ResolvedRoute {
  prefix: string;
  service: string;
  timeoutMs?: number;
}

const byLength = [...API_ROUTES].sort((a, b) => b.prefix.length - a.prefix.length);

/** The route for a path, matching whole segments only (/api/bookx is not /api/book). */
export function resolveRoute(path: string): ResolvedRoute | undefined {
  return byLength.find((r) => path === r.prefix || path.startsWith(`${r.prefix}/`));
}
