/**
 * `npm run bench:web`: what each screen costs a phone, in real Chromium against the running platform.
 * Per screen (the shell's own and each registered remote's main screen, from remotes.json): the JS
 * and CSS files fetched, their bytes as transferred, and the Lighthouse performance score on the
 * mobile preset (the median of --runs runs, 3 by default, because the machine is shared) and on the
 * desktop preset (one run), plus accessibility. Exits 1 when a screen is over its files/bytes budget
 * (packages/web-build/src/screen-budget.ts; CI checks the same budget in e2e/specs/web-budget.spec.ts).
 *
 *   npm run bench:web                              this checkout's build (built when stale)
 *   npm run bench:web -- --web-root /tmp/old-web   another build, e.g. one kept from before a change
 *   npm run bench:web -- --runs 5 | --no-lighthouse | --files | --only /,/library
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { WEB_DIST_DIR } from '../../scripts/build-web';
import { measureScreen } from '../../packages/web-build/src/measure-screen';
import {
  budgetViolations,
  kilobytes,
  screensToMeasure,
  transferredBytes,
  type RemotesRegistry,
  type ScreenMeasurement,
} from '../../packages/web-build/src/screen-budget';
import { CHROMIUM_ARGS, CHROMIUM_PATH, median, withWebPlatform } from './web-platform';

const MOBILE_PERFORMANCE_TARGET = 90;
const DESKTOP_PERFORMANCE_TARGET = 98;

interface LighthouseFigures {
  mobileRuns: number[];
  mobile: number;
  desktop: number;
  accessibility: number;
  mobileTbtMs: number;
  mobileLcpMs: number;
}

function option(argv: string[], name: string): string | undefined {
  const index = argv.indexOf(name);
  return index >= 0 ? argv[index + 1] : undefined;
}

async function lighthouseFigures(url: string, runs: number): Promise<LighthouseFigures> {
  const { default: lighthouse } = await import('lighthouse');
  const { default: desktopConfig } = await import('lighthouse/core/config/desktop-config.js');
  const { launch } = await import('chrome-launcher');
  const runOnce = async (preset: 'mobile' | 'desktop') => {
    // A fresh browser per run: an empty cache, like a first visit on a phone.
    const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_ARGS });
    try {
      const result = await lighthouse(
        url,
        {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
        },
        preset === 'desktop' ? desktopConfig : undefined,
      );
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
      const { categories, audits, runtimeError } = result.lhr;
      // A run Lighthouse could not complete scores 0: say why instead of printing a bare 0.
      if (runtimeError)
        console.error(`  ${preset} run on ${url}: ${runtimeError.code}: ${runtimeError.message}`);
      return {
        performance: Math.round((categories.performance?.score ?? 0) * 100),
        accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
        tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? 0),
        lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
        failed: runtimeError !== undefined,
      };
    } finally {
      chrome.kill();
    }
  };
  // Lighthouse sometimes fails to record the trace (NO_NAVSTART, NO_FCP on a busy machine): such a
  // run is tried again, at most twice, rather than counted as a score of 0.
  const run = async (preset: 'mobile' | 'desktop') => {
    let figures = await runOnce(preset);
    for (let retry = 0; retry < 2 && figures.failed; retry += 1) figures = await runOnce(preset);
    return figures;
  };
  const mobile = [];
  for (let index = 0; index < runs; index += 1) mobile.push(await run('mobile'));
  const desktop = await run('desktop');
  return {
    mobileRuns: mobile.map((result) => result.performance),
    mobile: median(mobile.map((result) => result.performance)),
    desktop: desktop.performance,
    accessibility: Math.min(desktop.accessibility, ...mobile.map((result) => result.accessibility)),
    mobileTbtMs: median(mobile.map((result) => result.tbtMs)),
    mobileLcpMs: median(mobile.map((result) => result.lcpMs)),
  };
}

async function main(argv: string[]) {
  const sourceWebRoot = option(argv, '--web-root');
  const runs = Number(option(argv, '--runs') ?? 3);
  const withLighthouse = !argv.includes('--no-lighthouse');
  const registry = JSON.parse(
    readFileSync(path.join(sourceWebRoot ?? WEB_DIST_DIR, 'shell/remotes.json'), 'utf8'),
  ) as RemotesRegistry;
  const only = option(argv, '--only')?.split(',');
  const screens = screensToMeasure(registry).filter((screen) => !only || only.includes(screen.path));

  const results = await withWebPlatform(
    async ({ url }) => {
      const measured: Array<{ measurement: ScreenMeasurement; lighthouse: LighthouseFigures | null }> = [];
      for (const screen of screens) {
        const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
        const measurement = await measureScreen(browser, url, screen.path).finally(() => browser.close());
        const lighthouse = withLighthouse ? await lighthouseFigures(`${url}${screen.path}`, runs) : null;
        measured.push({ measurement, lighthouse });
        console.error(`measured ${screen.path}`);
      }
      return measured;
    },
    { sourceWebRoot },
  );

  const lines = [
    `Per screen, as a guest on a first visit (JS+CSS bytes as transferred; Lighthouse mobile = median of ${runs} runs)`,
    '',
    'screen          files   transferred   budget              mobile (runs)        TBT     LCP  desktop  a11y',
  ];
  const violations: string[] = [];
  for (const [index, screen] of screens.entries()) {
    const { measurement, lighthouse } = results[index]!;
    const over = budgetViolations(screen, measurement);
    violations.push(...over);
    const budget = `${screen.budget.files} / ${kilobytes(screen.budget.bytes)}`;
    const scores = lighthouse
      ? `${String(lighthouse.mobile).padStart(4)} (${lighthouse.mobileRuns.join(',')})`.padEnd(20) +
        `${String(lighthouse.mobileTbtMs).padStart(5)} ms ${String(lighthouse.mobileLcpMs).padStart(5)} ms` +
        `${String(lighthouse.desktop).padStart(7)} ${String(lighthouse.accessibility).padStart(5)}`
      : '';
    lines.push(
      `${screen.path.padEnd(15)} ${String(measurement.downloads.length).padStart(5)} ${kilobytes(transferredBytes(measurement.downloads)).padStart(13)}   ${budget.padEnd(18)}${over.length ? 'OVER' : '    '} ${scores}`,
    );
    if (
      lighthouse &&
      (lighthouse.mobile < MOBILE_PERFORMANCE_TARGET || lighthouse.desktop < DESKTOP_PERFORMANCE_TARGET)
    )
      lines.push(
        `                below the Lighthouse targets (mobile >= ${MOBILE_PERFORMANCE_TARGET}, desktop >= ${DESKTOP_PERFORMANCE_TARGET})`,
      );
  }
  if (argv.includes('--files')) {
    for (const { measurement } of results) {
      lines.push('', measurement.path);
      for (const download of measurement.downloads)
        lines.push(
          `  ${kilobytes(download.transferred).padStart(9)} ${download.contentEncoding ?? 'identity'} ${new URL(download.url).pathname}`,
        );
    }
  }
  console.log(lines.join('\n'));
  if (violations.length) {
    console.log(`\nOver budget:\n  ${violations.join('\n  ')}`);
    process.exitCode = 1;
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
