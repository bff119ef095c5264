import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

/**
 * What scripts/build-web.ts writes to shell/preload.json: the shell's boot files (needed on every
 * screen, but discovered only once main.js runs) and, per remote, the files of its routes module.
 */
export interface PreloadList {
  shell: string[];
  remotes: Record<string, string[]>;
}

type RemotesRegistry = Record<string, { paths?: string[] }>;

export interface ShellPage {
  html: string;
  br: Buffer;
  gzip: Buffer;
}

function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
  } catch {
    return null;
  }
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** A `<link rel="preload">` the browser matches with the tag webpack or the federation runtime adds later. */
function preloadLink(href: string): string {
  const as = href.endsWith('.css') ? 'style' : 'script';
  return `<link rel="preload" as="${as}" href="${escapeAttribute(href)}">`;
}

function remoteForPath(registry: RemotesRegistry, pathname: string): string | null {
  for (const [name, entry] of Object.entries(registry)) {
    if ((entry.paths ?? []).some((p) => pathname === p || pathname.startsWith(`${p}/`))) return name;
  }
  return null;
}

/**
 * The shell's index.html for a path, with preload links for the shell's boot files and, on a
 * remote's path, that remote's entry and routes chunk, so the browser fetches them in parallel from
 * the first HTML instead of discovering them one after another. Each variant (one per remote, one
 * for the shell's own screens) is built and compressed once per build of index.html, then served
 * from memory. Without a preload.json (an older or development build) the page is index.html as is.
 */
export function shellPages(shellDir: string): (pathname: string) => ShellPage | null {
  const indexFile = path.join(shellDir, 'index.html');
  let built: { mtimeMs: number; pages: Map<string, ShellPage> } | null = null;

  return (pathname) => {
    let mtimeMs: number;
    try {
      mtimeMs = fs.statSync(indexFile).mtimeMs;
    } catch {
      return null;
    }
    if (!built || built.mtimeMs !== mtimeMs) built = { mtimeMs, pages: new Map() };
    const preload = readCachedJson<PreloadList>(path.join(shellDir, 'preload.json'), mtimeMs);
    const registry = readCachedJson<RemotesRegistry>(path.join(shellDir, 'remotes.json'), mtimeMs) ?? {};
    const remote = preload ? remoteForPath(registry, pathname) : null;
    const key = remote ?? '';
    const cached = built.pages.get(key);
    if (cached) return cached;
    let html: string;
    try {
      html = fs.readFileSync(indexFile, 'utf8');
    } catch {
      return null;
    }
    if (preload) {
      const files = [...preload.shell, ...(remote ? (preload.remotes[remote] ?? []) : [])];
      html = html.replace('</head>', `${files.map(preloadLink).join('')}</head>`);
    }
    const page = {
      html,
      br: brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
      gzip: gzipSync(html, { level: 9 }),
    };
    built.pages.set(key, page);
    return page;
  };
}

const jsonCache = new Map<string, { stamp: number; value: unknown }>();

/** The JSON files beside index.html are read again only when index.html changes (a new build). */
function readCachedJson<T>(file: string, stamp: number): T | null {
  const cached = jsonCache.get(file);
  if (cached && cached.stamp === stamp) return cached.value as T | null;
  const value = readJson<T>(file);
  jsonCache.set(file, { stamp, value });
  return value;
}
