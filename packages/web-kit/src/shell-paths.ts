/**
 * The screens the shell renders itself; every other page is a remote's (per /remotes.json) or the
 * 404 page. Read by the shell's router in the browser and by the static server that answers the
 * first HTML (packages/static-web), which serves an unknown page with status 404. No imports: it
 * runs in Node too.
 */
export const SHELL_PATHS: ReadonlySet<string> = new Set([
  '/',
  '/register',
  '/login',
  '/feature',
  '/logout',
  '/privacy',
]);

/** Whether the shell renders `pathname` itself (exact paths, as the browser reports them). */
export function isShellPath(pathname: string): boolean {
  return SHELL_PATHS.has(pathname);
}
