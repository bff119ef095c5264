import type { ComponentType, ReactNode } from 'react';

/**
 * What every remote's `./routes` module default-exports: a component rendering that domain's
 * <Routes>. The shell mounts it under a catch-all route, so paths are written in full
 * ("/library", "/post/:postId"); `notFound` is the shell's 404 page for unknown sub-paths.
 */
export interface RemoteRoutesProps {
  notFound: ReactNode;
}

export interface RemoteRoutesModule {
  default: ComponentType<RemoteRoutesProps>;
}

/** The module every remote exposes with its routes (federation.config.ts `exposes`). */
export const REMOTE_ROUTES_MODULE = './routes';
