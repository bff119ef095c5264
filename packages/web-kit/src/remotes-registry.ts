/**
 * The remotes registry (/remotes.json): which remote serves which paths, and where its manifest
 * lives. Read by the shell in the browser and by the static server that writes the first HTML
 * (packages/static-web), so both match paths the same way. No imports: it runs in Node too.
 */

/** One entry of /remotes.json: where the remote's manifest lives and which paths it serves. */
export interface RemoteEntry {
  manifest: string;
  paths: string[];
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

function isRemoteEntry(value: unknown): value is RemoteEntry {
  if (typeof value !== 'object' || value === null) return false;
  const { manifest, paths } = value as Partial<RemoteEntry>;
  return (
    typeof manifest === 'string' && Array.isArray(paths) && paths.every((path) => typeof path === 'string')
  );
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
