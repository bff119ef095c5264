/**
 * `npm run bench:web`: what the browser downloads, measured in real Chromium against the running
 * platform. Reports the shell's initial JS on `/` (raw and gzip, and the part beyond react +
 * react-dom) and each remote's cost when first opened (remoteEntry.js and everything new it pulls),
 * against the budgets: shell <= 90 KB gzip beyond react + react-dom, remote entry <= 30 KB gzip.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Page, type Response } from 'playwright-core';
import { WEB_STATS_DIR } from '../../scripts/build-web';
import { CHROMIUM_ARGS, CHROMIUM_PATH, withWebPlatform } from './web-platform';

const SHELL_BUDGET_GZIP = 90 * 1024;
const REMOTE_ENTRY_BUDGET_GZIP = 30 * 1024;
const REACT_MODULE = /node_modules\/(react|react-dom|scheduler)\//;

const remoteFirstPaths: Record<string, string> = {
  library: '/library',
  community: '/community',
  careers: '/jobs',
  housing: '/roomfinder',
  events: '/events',
  profile: '/profile',
};

interface Download {
  url: string;
  raw: number;
  gzip: number;
}

function chunkModules(app: string): Record<string, string[]> {
  return JSON.parse(readFileSync(path.join(WEB_STATS_DIR, `${app}.json`), 'utf8')) as Record<
    string,
    string[]
  >;
}

/** Every script the page fetches while `action` runs and the network settles. */
async function scriptsDuring(page: Page, action: () => Promise<unknown>): Promise<Download[]> {
  const pending: Array<Promise<Download | null>> = [];
  const onResponse = (response: Response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      response
        .body()
        .then((body) => ({
          url: response.url(),
          raw: body.length,
          gzip: gzipSync(body, { level: 6 }).length,
        }))
        .catch(() => null),
    );
  };
  page.on('response', onResponse);
  await action();
  await page.waitForLoadState('networkidle');
  page.off('response', onResponse);
  return (await Promise.all(pending)).filter((download): download is Download => download !== null);
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const sum = (downloads: Download[], key: 'raw' | 'gzip') => downloads.reduce((total, d) => total + d[key], 0);

function isReactChunk(download: Download, modulesByFile: Record<string, string[]>): boolean {
  const file = new URL(download.url).pathname.split('/').pop() ?? '';
  const modules = (modulesByFile[file] ?? []).filter((name) => !name.startsWith('webpack/') && name !== '');
  return modules.length > 0 && modules.every((name) => REACT_MODULE.test(name));
}

async function main() {
  const report = await withWebPlatform(async ({ url }) => {
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    try {
      const page = await browser.newPage();
      const shell = await scriptsDuring(page, () => page.goto(`${url}/`));
      const shellModules = chunkModules('shell');
      const react = shell.filter((download) => isReactChunk(download, shellModules));
      const beyondReact = shell.filter((download) => !react.includes(download));

      const remotes: Array<{ name: string; entry: Download | undefined; firstOpen: Download[] }> = [];
      for (const [name, firstPath] of Object.entries(remoteFirstPaths)) {
        const downloads = await scriptsDuring(page, () => page.goto(`${url}${firstPath}`));
        const own = downloads.filter((download) => download.url.includes(`/remotes/${name}/`));
        remotes.push({
          name,
          entry: own.find((download) => download.url.endsWith('/remoteEntry.js')),
          firstOpen: own,
        });
      }
      return { shell, react, beyondReact, remotes };
    } finally {
      await browser.close();
    }
  });

  const lines = [
    'Web bundle sizes (gzip -6 of the bytes the browser fetched)',
    '',
    `Shell, initial JS on /: ${report.shell.length} files, ${kb(sum(report.shell, 'raw'))} raw, ${kb(sum(report.shell, 'gzip'))} gzip`,
    `  react + react-dom:    ${kb(sum(report.react, 'raw'))} raw, ${kb(sum(report.react, 'gzip'))} gzip`,
    `  beyond react:         ${kb(sum(report.beyondReact, 'raw'))} raw, ${kb(sum(report.beyondReact, 'gzip'))} gzip ` +
      `(budget ${kb(SHELL_BUDGET_GZIP)}: ${sum(report.beyondReact, 'gzip') <= SHELL_BUDGET_GZIP ? 'within' : 'OVER'})`,
    '',
    'Remotes, when first opened (their own files; shared libraries come from the shell):',
  ];
  let withinBudget = sum(report.beyondReact, 'gzip') <= SHELL_BUDGET_GZIP;
  for (const remote of report.remotes) {
    const entryGzip = remote.entry?.gzip ?? Number.NaN;
    const ok = entryGzip <= REMOTE_ENTRY_BUDGET_GZIP;
    withinBudget &&= ok;
    lines.push(
      `  ${remote.name.padEnd(10)} remoteEntry.js ${remote.entry ? `${kb(remote.entry.raw)} raw, ${kb(entryGzip)} gzip` : 'not fetched'} ` +
        `(budget ${kb(REMOTE_ENTRY_BUDGET_GZIP)}: ${ok ? 'within' : 'OVER'}); ` +
        `all new JS ${kb(sum(remote.firstOpen, 'gzip'))} gzip in ${remote.firstOpen.length} files`,
    );
  }
  console.log(lines.join('\n'));
  if (!withinBudget) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
