import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseRemotesConfig, preloadsForPath } from '@campus/web-kit/remotes-registry';

/** The registry the shell ships (its public folder), which the static server reads for the first HTML. */
const SHIPPED_REGISTRY = path.join(__dirname, '../../../../shell/public/remotes.json');

/**
 * The API reads the first HTML preloads for `pathname`, as the shipped registry declares them, in
 * the order `apiReads` gives. A screen's test checks that its first reads are exactly these: a URL
 * that differs by a character is fetched twice, and the preload is wasted.
 */
export function firstHtmlPreloads(pathname: string): string[] {
  const registry = parseRemotesConfig(readFileSync(SHIPPED_REGISTRY, 'utf8'));
  if (!registry) throw new Error(`${SHIPPED_REGISTRY} is not a valid remotes registry`);
  return [...preloadsForPath(registry, pathname)].sort();
}

/** The API reads among a screen's recorded requests, in a stable order (one render fires them in any order). */
export const apiReads = (requests: Array<{ url: string; method: string }>): string[] =>
  requests
    .filter((request) => request.method === 'GET' && request.url.startsWith('/api/'))
    .map((request) => request.url)
    .sort();
