import type { Router } from 'express';

export interface DeclaredRoute {
  method: string;
  /** Express path as declared, e.g. `/api/book/:id/like`. */
  path: string;
}

interface RouterLayer {
  rawPath?: unknown;
  route?: { path: unknown; methods: Record<string, boolean> };
  handle?: { stack?: RouterLayer[] };
}

/**
 * The routes a service's router answers, read from Express's own route table: what is really
 * routed, not a hand-kept list. Sub-routers mounted without a path (how services compose) are
 * followed; a mounted prefix is prepended when it is a plain string.
 */
export function listRoutes(router: Router): DeclaredRoute[] {
  const found: DeclaredRoute[] = [];
  const walk = (stack: RouterLayer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route && typeof layer.route.path === 'string') {
        for (const [method, on] of Object.entries(layer.route.methods))
          if (on && method !== '_all')
            found.push({ method: method.toUpperCase(), path: prefix + layer.route.path });
      } else if (layer.handle?.stack) {
        const mount = typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : '';
        walk(layer.handle.stack, prefix + mount);
      }
    }
  };
  walk((router as unknown as { stack: RouterLayer[] }).stack, '');
  return found;
}
