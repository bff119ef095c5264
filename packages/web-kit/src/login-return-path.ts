import { useLocation } from 'react-router-dom';

/** The query parameter of /login (and /register) that names the page to return to after signing in. */
export const RETURN_PARAM = 'next';

/** Longer than any path of ours with its query; a longer value is not one we wrote. */
const RETURN_PATH_MAX = 512;

/** Screens a return path never names: returning there would loop or undo the sign-in. */
const AUTH_PATHS = new Set(['/login', '/register', '/logout']);

const BASE = 'https://campus.invalid';

const hasControlCharacter = (value: string) =>
  Array.from(value).some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

/**
 * The path to return to, if `value` is one of our own pages: it starts with a single '/' (not '//'
 * or '/\', which browsers read as another host), has no scheme, no whitespace or control character
 * (the URL parser drops tabs and newlines, so '/\t/evil.test' would become '//evil.test'), no
 * backslash, is at most 512 characters, stays on this origin when resolved, and is not a sign-in
 * screen. Anything else: undefined (the caller goes to its default page).
 */
export function safeReturnPath(value: string | null | undefined): string | undefined {
  if (typeof value !== 'string' || value.length === 0 || value.length > RETURN_PATH_MAX) return undefined;
  if (!value.startsWith('/') || value.startsWith('//')) return undefined;
  if (/[\s\\]/.test(value) || hasControlCharacter(value)) return undefined;
  let resolved: URL;
  try {
    resolved = new URL(value, BASE);
  } catch {
    return undefined;
  }
  if (resolved.origin !== BASE) return undefined;
  // Dot segments can resolve to a path that starts with '//' ('/..//evil.test'), which a browser reads
  // as another host wherever the path is used: the resolved path must start with a single '/' too.
  if (resolved.pathname.startsWith('//')) return undefined;
  if (AUTH_PATHS.has(resolved.pathname.replace(/\/+$/, '') || '/')) return undefined;
  return `${resolved.pathname}${resolved.search}${resolved.hash}`;
}

/** `/login`, carrying `from` as the page to return to when it is one (see safeReturnPath). */
export function loginHref(from: string | null | undefined): string {
  const next = safeReturnPath(from);
  return next ? `/login?${RETURN_PARAM}=${encodeURIComponent(next)}` : '/login';
}

/** The return path a sign-in screen was opened with (`?next=`), if it is safe; else undefined. */
export function returnPathOf(search: string): string | undefined {
  return safeReturnPath(new URLSearchParams(search).get(RETURN_PARAM));
}

/**
 * The login link for the page being shown: `/login?next=<this page>`, so signing in comes back here.
 * On a sign-in screen it keeps the return path that screen was opened with; from the landing page it
 * is plain /login (signing in there leads on to the feature grid).
 */
export function useLoginHref(): string {
  const { pathname, search, hash } = useLocation();
  if (pathname === '/') return '/login';
  if (AUTH_PATHS.has(pathname)) return loginHref(returnPathOf(search));
  return loginHref(`${pathname}${search}${hash}`);
}
