import type { AnyRoute } from '@campus/service-kit/define-route';
import { declaredRoutes } from '../contracts-snapshot';
import type { RegisteredRemote, RegisteredService } from '../service-registry';
import { GENERATED_HEADER, repoPath, type GeneratedFile } from './generated-file';

/**
 * The gateway's route table, from the routes the services declare: each route's static part (the
 * path up to its first `:param`) belongs to its service, widened to the shortest prefix (at least
 * `/api/<name>`) that no other service's route is under or above, and dropped when a shorter prefix
 * of the same service covers it. So `/api/book/search` and `/api/book/:id/like` are `/api/book`
 * (library), while `/api/commonData/bookmarks/:userId` (library) stays beside `/api/commonData`
 * (profile). A route that takes an upload keeps its own prefix, marked `upload`: the gateway gives it
 * the upload body limit and time. So does an event stream (`defineStreamRoute`), marked `stream`: the
 * gateway forwards it unbuffered, with no timeout once it has begun, outside the short requests' gate.
 */
export interface GatewayRoute {
  prefix: string;
  service: string;
  upload?: true;
  stream?: true;
}

/** Routes that keep their own prefix, with what the gateway does differently for them. */
const special = (route: GatewayRoute) => Boolean(route.upload || route.stream);

const staticPart = (routePath: string) => {
  const segments = routePath.split('/');
  const firstParam = segments.findIndex((s) => s.startsWith(':'));
  return (firstParam < 0 ? segments : segments.slice(0, firstParam)).join('/');
};

const covers = (prefix: string, path: string) => path === prefix || path.startsWith(`${prefix}/`);

export function gatewayRoutes(
  routesByService: ReadonlyArray<{
    service: string;
    routes: ReadonlyArray<Pick<AnyRoute, 'path' | 'docs' | 'stream'>>;
  }>,
): GatewayRoute[] {
  const claims: GatewayRoute[] = routesByService.flatMap(({ service, routes }) =>
    routes.map((route) => {
      // The gateway knows prefixes only: a stream's prefix must name the stream and nothing else.
      if (route.stream && route.path.includes(':'))
        throw new Error(`${route.path}: an event stream's path has no parameters (take them in its query)`);
      return {
        prefix: staticPart(route.path),
        service,
        ...(route.docs?.upload ? { upload: true as const } : {}),
        ...(route.stream ? { stream: true as const } : {}),
      };
    }),
  );
  const related = (a: string, b: string) => covers(a, b) || covers(b, a);
  // Each claim goes up to its shortest ancestor (at least /api/<name>) that nothing of another
  // service is under or above: /api/auth/login -> /api/auth, but /api/commonData/bookmarks stays.
  const lifted = claims.map((claim) => {
    if (special(claim)) return claim;
    const segments = claim.prefix.split('/');
    for (let length = 3; length < segments.length; length++) {
      const ancestor = segments.slice(0, length).join('/');
      if (!claims.some((other) => other.service !== claim.service && related(ancestor, other.prefix)))
        return { ...claim, prefix: ancestor };
    }
    return claim;
  });
  const kept: GatewayRoute[] = [];
  for (const claim of lifted.sort(
    (a, b) => a.prefix.length - b.prefix.length || (special(a) ? 1 : 0) - (special(b) ? 1 : 0),
  )) {
    const same = kept.find((k) => k.prefix === claim.prefix);
    if (same) {
      if (same.service !== claim.service)
        throw new Error(`${claim.prefix} is declared by both '${same.service}' and '${claim.service}'`);
      if (Boolean(claim.stream) !== Boolean(same.stream))
        throw new Error(`${claim.prefix}: an event stream's path is its own, no other route may share it`);
      if (claim.upload) same.upload = true;
      continue;
    }
    const parent = kept.filter((k) => covers(k.prefix, claim.prefix)).at(-1);
    if (parent && parent.service === claim.service && !special(claim) && !special(parent)) continue;
    kept.push({ ...claim });
  }
  return kept.sort((a, b) => a.prefix.localeCompare(b.prefix));
}

export function gatewayRouteTableFile(
  services: ReadonlyArray<RegisteredService>,
  remotes: ReadonlyArray<RegisteredRemote>,
): GeneratedFile {
  const routes = gatewayRoutes(
    services.map(({ definition }) => ({ service: definition.name, routes: declaredRoutes(definition) })),
  );
  const line = (r: GatewayRoute) =>
    `  { prefix: '${r.prefix}', service: '${r.service}'${r.upload ? ', upload: true' : ''}${r.stream ? ', stream: true' : ''} },`;
  return {
    file: repoPath('gateway', 'src', 'generated', 'platform-routes.ts'),
    content: [
      GENERATED_HEADER,
      "import type { DeclaredApiRoute } from '../route-table';",
      '',
      '/** Every service, in start order: each has `<NAME>_SERVICE_URL` and a line in /api/health. */',
      `export const SERVICE_NAMES = [${services.map((s) => `'${s.definition.name}'`).join(', ')}] as const;`,
      '',
      '/** Which service answers which path prefix (the longest wins), from the routes they declare. */',
      'export const DECLARED_API_ROUTES: ReadonlyArray<DeclaredApiRoute> = [',
      ...routes.map(line),
      '];',
      '',
      '/** The remotes, each deployed as its own frontend at /remotes/<name>/ (`WEB_<NAME>_URL`). */',
      `export const WEB_REMOTES = [${remotes.map((r) => `'${r.name}'`).join(', ')}] as const;`,
      '',
    ].join('\n'),
  };
}
