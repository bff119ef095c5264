import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

/**
 * What scripts/build-web.ts writes to shell/preload.json: the shell's boot files, needed on every
 * screen but discovered only once main.js runs.
 *
 * A remote's files are NOT preloaded: when a preload of a remote fails (the remote is down), Chrome
 * hands that failure to the federation runtime's later request for the same URL, so the screen's
 * Retry kept failing after the remote came back (e2e/specs/remote-failure.spec.ts). See ADR 0032.
 */
export interface PreloadList {
  shell: string[];
}

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

/**
 * The shell's index.html with preload links for the shell's boot files, so the browser fetches them
 * in parallel with main.js instead of one after another. Built and compressed once per build of
 * index.html, then served from memory. Without a preload.json (an older or development build) the
 * page is index.html as is.
 */
export function shellPages(shellDir: string): () => ShellPage | null {
  const indexFile = path.join(shellDir, 'index.html');
  let built: { mtimeMs: number; page: ShellPage } | null = null;

  return () => {
    let mtimeMs: number;
    try {
      mtimeMs = fs.statSync(indexFile).mtimeMs;
    } catch {
      return null;
    }
    if (built && built.mtimeMs === mtimeMs) return built.page;
    let html: string;
    try {
      html = fs.readFileSync(indexFile, 'utf8');
    } catch {
      return null;
    }
    const preload = readJson<PreloadList>(path.join(shellDir, 'preload.json'));
    if (preload) html = html.replace('</head>', `${preload.shell.map(preloadLink).join('')}</head>`);
    const page = {
      html,
      br: brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
      gzip: gzipSync(html, { level: 9 }),
    };
    built = { mtimeMs, page };
    return page;
  };
}
