/**
 * The remotes registry (/remotes.json): which remote serves which paths, and where its manifest
 * lives. Read by the shell in the browser and by the static server that writes the first HTML
 * (packages/static-web), so both match paths the same way. No imports: it runs in Node too.
 */

/** One entry of /remotes.json: where the remote's manifest lives and which paths it serves. */
export interface RemoteEntry {
  manifest: string;
  paths: string[];
  /**
   * The API reads a screen of the remote makes first, by the screen's exact path
   * (`{"/events": ["/api/event/allevents?page=1&limit=10"]}`): the first HTML preloads them, so the
   * data is on its way while the page boots. Same-origin GETs under /api/ only, written exactly as
   * the remote requests them (a URL that differs is fetched twice), and only reads whose answer is
   * the same for every visitor: a returning user whose access cookie has lapsed sends the preload
   * before the page can renew the session, and a public route answers it as a guest's.
   */
  preload?: Record<string, string[]>;
}

export type RemotesConfig = Record<string, RemoteEntry>;

/** Served next to the shell's index.html, read at run time, so ops can move a remote without a rebuild. */
export const REMOTES_CONFIG_URL = '/remotes.json';

/**
 * The id of the `<script type="application/json">` in which the first HTML carries /remotes.json,
 * so the page finds the route's remote without waiting for one more request (ADR 0032).
 */
export const REMOTES_CONFIG_ELEMENT_ID = 'campus-remotes';

function servesPath(entry: RemoteEntry, pathname: string): boolean {
  return entry.paths.some((path) => pathname === path || pathname.startsWith(`${path}/`));
}

/** The remote that owns a path, or null (the shell's own screen or its 404). */
export function remoteForPath(config: RemotesConfig, pathname: string): string | null {
  return Object.entries(config).find(([, entry]) => servesPath(entry, pathname))?.[0] ?? null;
}

const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

const BASE = 'http://registry.invalid';

/**
 * A same-origin API read written in its normal form: `/api/...`, no scheme or host, and nothing a
 * URL parser would rewrite (`..` segments, encoded dots, backslashes, control characters), so what
 * is preloaded is exactly what the check saw.
 */
// The API's own prefix, not a call: what a preload may name at all (the platform registry writes
// each preload with operationUrl).
// eslint-disable-next-line no-restricted-syntax
const API_PREFIX = '/api/';

function isApiRead(value: string): boolean {
  if (!value.startsWith(API_PREFIX)) return false;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return false;
  }
  return (
    url.origin === BASE && url.pathname.startsWith(API_PREFIX) && `${url.pathname}${url.search}` === value
  );
}

/** A path that a URL parser leaves as it is. */
function isNormalPath(value: string): boolean {
  try {
    return new URL(value, BASE).pathname === value;
  } catch {
    return false;
  }
}

/** A path a remote serves: `/` and a name, in normal form (an empty or bare `/` would claim every page). */
const isServedPath = (value: string) => /^\/[^\s?#\\]+$/.test(value) && isNormalPath(value);

/** A manifest's address: a path on this site, or an http(s) URL (a remote served from elsewhere). */
function isManifestUrl(value: string): boolean {
  if (value.startsWith('/') && !value.startsWith('//')) return isNormalPath(value.split('?')[0]!);
  try {
    return ['https:', 'http:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

function isPreloadMap(value: unknown): value is Record<string, string[]> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.entries(value).every(
    ([path, urls]) => isServedPath(path) && isStringList(urls) && urls.every(isApiRead),
  );
}

function isRemoteEntry(value: unknown): value is RemoteEntry {
  if (typeof value !== 'object' || value === null) return false;
  const { manifest, paths, preload } = value as Partial<RemoteEntry>;
  return (
    typeof manifest === 'string' &&
    isManifestUrl(manifest) &&
    isStringList(paths) &&
    paths.every(isServedPath) &&
    (preload === undefined || isPreloadMap(preload))
  );
}

/** What the first HTML preloads for a path: the API reads the serving remote declares for it. */
export function preloadsForPath(config: RemotesConfig, pathname: string): string[] {
  const remote = remoteForPath(config, pathname);
  return (remote && config[remote]!.preload?.[pathname]) || [];
}

/** The registry when `text` is one (an object of well-formed entries), else null. */
export function parseRemotesConfig(text: string): RemotesConfig | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  return Object.values(value).every(isRemoteEntry) ? (value as RemotesConfig) : null;
}
