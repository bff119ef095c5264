import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import {
  parseRemotesConfig,
  preloadsForPath,
  remoteForPath,
  REMOTES_CONFIG_ELEMENT_ID,
  type RemotesConfig,
} from '@campus/web-kit/remotes-registry';
import { isShellPath } from '@campus/web-kit/shell-paths';

/**
 * What scripts/build-web.ts writes to shell/preload.json: the shell's boot files, needed on every
 * screen but discovered only once main.js runs.
 */
export interface PreloadList {
  shell: string[];
}

export interface ShellPage {
  html: string;
  br: Buffer;
  gzip: Buffer;
}

/** The page for a path, and its status: 404 for a path neither the shell nor a remote declares. */
export interface ShellAnswer {
  page: ShellPage;
  status: 200 | 404;
}

/**
 * A page someone declares: one of the shell's own screens, or under a path a remote serves per
 * /remotes.json (/post/42 is the community's; the remote's own routes and 404 screen take it from
 * there). A trailing slash is the same page to the router. Without a readable registry nothing can
 * be called unknown.
 */
export function isDeclaredPage(registry: RemotesConfig | null, pathname: string): boolean {
  const path = pathname.replace(/(.)\/+$/, '$1');
  return !registry || isShellPath(path) || remoteForPath(registry, path) !== null;
}

function readText(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

function parsePreloadList(text: string): PreloadList | null {
  try {
    const list = JSON.parse(text) as Partial<PreloadList>;
    return Array.isArray(list.shell)
      ? { shell: list.shell.filter((file) => typeof file === 'string') }
      : null;
  } catch {
    return null;
  }
}

function modifiedAt(file: string): number | null {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return null;
  }
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A `<link rel="preload">` the browser matches with the tag webpack or the federation runtime adds later. */
function preloadLink(href: string): string {
  const as = href.endsWith('.css') ? 'style' : 'script';
  return `<link rel="preload" as="${as}" href="${escapeAttribute(href)}">`;
}

/**
 * The route's remote manifest, fetched at once instead of after the shell has booted. `as="fetch"`
 * with `crossorigin` matches the federation runtime's `fetch(manifest)`. Only the manifest: a script
 * preload that fails (the remote is down) is handed to the runtime's later request, and Retry kept
 * failing after the remote came back; a failed fetch preload is used once, and Retry fetches anew
 * (e2e/specs/remote-failure.spec.ts).
 */
const manifestPreloadLink = (href: string) =>
  `<link rel="preload" as="fetch" crossorigin href="${escapeAttribute(href)}">`;

/**
 * An API read the route's remote makes first (remotes.json `preload`), fetched with the page. The
 * kit's API client sends cookies (`credentials: 'include'`), which `use-credentials` matches.
 */
const dataPreloadLink = (href: string) =>
  `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${escapeAttribute(href)}">`;

/** The registry as a JSON data block (never run: CSP allows it); `<` escaped so it cannot close the tag. */
const registryDataBlock = (config: RemotesConfig) =>
  `<script type="application/json" id="${REMOTES_CONFIG_ELEMENT_ID}">${JSON.stringify(config).replace(/</g, '\\u003c')}</script>`;

function compressed(html: string): ShellPage {
  return {
    html,
    br: brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(html, { level: 9 }),
  };
}

/**
 * `html` with `links` in its head, before its first script: the browser's preload scanner meets the
 * preload of `main.js` before the deferred `<script>` of it, and fetches it at the preload's high
 * priority instead of a deferred script's low one (Lighthouse showed `main.js` fetched at Low).
 * Sliced, not replaced: `$&`, `$'` or `$$` in a registry value must stay text, not patterns.
 */
function withHeadLinks(html: string, links: string): string {
  const headEnd = html.indexOf('</head>');
  if (headEnd < 0) return html;
  const firstScript = html.indexOf('<script');
  const at = firstScript >= 0 && firstScript < headEnd ? firstScript : headEnd;
  return html.slice(0, at) + links + html.slice(at);
}

/**
 * The shell's index.html for a path, with, in its head: preload links for the shell's boot files,
 * the remotes registry (/remotes.json) as a data block, and a preload of the manifest of the remote
 * that serves the path, so a phone does not wait for main.js, then /remotes.json, then the manifest,
 * one after another (ADR 0032). Built and compressed once per remote (or none) and per version of
 * index.html, preload.json and remotes.json, then served from memory. Without preload.json (an
 * older or development build) the page is index.html as is.
 */
export function shellPages(shellDir: string): (pathname: string) => ShellAnswer | null {
  const [indexFile, preloadFile, registryFile] = ['index.html', 'preload.json', 'remotes.json'].map((name) =>
    path.join(shellDir, name),
  ) as [string, string, string];
  interface Built {
    version: string;
    html: string | null;
    preload: PreloadList | null;
    registry: RemotesConfig | null;
    pages: Map<string, ShellPage>;
  }
  let built: Built | null = null;

  const read = (version: string): Built => {
    const preloadText = readText(preloadFile);
    return {
      version,
      html: readText(indexFile),
      preload: preloadText === null ? null : parsePreloadList(preloadText),
      registry: parseRemotesConfig(readText(registryFile) ?? ''),
      pages: new Map(),
    };
  };

  return (pathname) => {
    const version = [indexFile, preloadFile, registryFile].map(modifiedAt).join(':');
    if (built?.version !== version) built = read(version);
    const { html, preload, registry, pages } = built;
    if (html === null) return null;
    const remote = preload && registry ? remoteForPath(registry, pathname) : null;
    const dataPreloads = remote ? preloadsForPath(registry!, pathname) : [];
    // One page per remote and declared preloads: a finite set, whatever paths are asked for.
    const key = [remote ?? '', ...dataPreloads].join(' ');
    const status = isDeclaredPage(registry, pathname) ? 200 : 404;
    const cached = pages.get(key);
    if (cached) return { page: cached, status };

    const head = preload
      ? [
          ...preload.shell.map(preloadLink),
          ...(registry ? [registryDataBlock(registry)] : []),
          ...(registry && remote ? [manifestPreloadLink(registry[remote]!.manifest)] : []),
          ...dataPreloads.map(dataPreloadLink),
        ]
      : [];
    const page = compressed(head.length ? withHeadLinks(html, head.join('')) : html);
    pages.set(key, page);
    return { page, status };
  };
}
