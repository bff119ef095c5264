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
   * the remote requests them (a URL that differs is fetched twice).
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

/** A same-origin API path: `/api/...`, no scheme, host or whitespace. */
const API_READ = /^\/api\/[^\s\\]*$/;

function isPreloadMap(value: unknown): value is Record<string, string[]> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.entries(value).every(
    ([path, urls]) => path.startsWith('/') && isStringList(urls) && urls.every((url) => API_READ.test(url)),
  );
}

function isRemoteEntry(value: unknown): value is RemoteEntry {
  if (typeof value !== 'object' || value === null) return false;
  const { manifest, paths, preload } = value as Partial<RemoteEntry>;
  return (
    typeof manifest === 'string' && isStringList(paths) && (preload === undefined || isPreloadMap(preload))
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
