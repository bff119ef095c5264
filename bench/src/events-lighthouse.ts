import type { launch as launchChrome } from 'chrome-launcher';
import type lighthouseModule from 'lighthouse';
import pino from 'pino';
import { DEMO_USERS } from '../../infra/local/src/demo-data';
import { eventsSeed } from '../../infra/local/src/seeds/events';
import { CHROMIUM_ARGS, CHROMIUM_PATH, median, withWebPlatform } from './web-platform';

const PERFORMANCE_TARGET = 90;
const LCP_TARGET_MS = 2500;

/** Runs, each in a fresh browser (a first visit); the median is reported, since one run swings. */
const RUNS = 3;

type Lighthouse = typeof lighthouseModule;
type Launch = typeof launchChrome;

/** One Lighthouse run on /events in a fresh browser; prints its figures. */
async function lighthouseRun(lighthouse: Lighthouse, launch: Launch, url: string) {
  const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_ARGS });
  try {
    const result = await lighthouse(`${url}/events`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    });
    if (!result) throw new Error('Lighthouse returned nothing for /events');
    const { categories, audits } = result.lhr;
    const performance = Math.round((categories.performance?.score ?? 0) * 100);
    const accessibility = Math.round((categories.accessibility?.score ?? 0) * 100);
    const lcp = Math.round(audits['largest-contentful-paint']?.numericValue ?? 0);
    const bytes = Math.round((audits['total-byte-weight']?.numericValue ?? 0) / 1024);
    const images = (
      (audits['network-requests']?.details as { items?: Array<{ url: string; transferSize?: number }> })
        ?.items ?? []
    ).filter((item) => item.url.includes('/api/event/poster/'));
    const imageBytes = Math.round(images.reduce((sum, item) => sum + (item.transferSize ?? 0), 0) / 1024);
    console.log(
      `  Lighthouse mobile, /events with 12 events: performance ${performance}, accessibility ${accessibility}, ` +
        `LCP ${lcp} ms, CLS ${audits['cumulative-layout-shift']?.displayValue ?? '?'}, ` +
        `${bytes} KB in all, ${images.length} posters ${imageBytes} KB ` +
        `(targets: performance >= ${PERFORMANCE_TARGET}, LCP <= ${LCP_TARGET_MS} ms)`,
    );
    const failed = Object.values(audits)
      .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary')
      .map((audit) => audit.id);
    const lcpElement = (
      audits['largest-contentful-paint-element']?.details as
        { items?: Array<{ items?: Array<{ node?: { snippet?: string } }> }> } | undefined
    )?.items?.[0]?.items?.[0]?.node?.snippet;
    console.log(
      `  LCP element: ${lcpElement ?? '?'}; binary audits not passed: ${failed.join(', ') || 'none'}`,
    );
    for (const id of ['first-contentful-paint', 'speed-index', 'total-blocking-time', 'interactive'])
      console.log(`  ${id}: ${audits[id]?.displayValue ?? '?'}`);
    return { performance, lcp };
  } finally {
    chrome.kill();
  }
}

/**
 * Lighthouse, mobile preset (its default: a mid-range phone, 4x CPU slowdown, slow 4G), on /events
 * with the twelve demo events and their posters (the seed), RUNS times, as a guest: every run's
 * figures, then the medians checked against the targets.
 */
export async function run(): Promise<void> {
  const { default: lighthouse } = await import('lighthouse');
  const { launch } = await import('chrome-launcher');
  await withWebPlatform(async ({ url }) => {
    const student = DEMO_USERS.student;
    const registered = await fetch(`${url}/api/auth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...student, teacherCode: '' }),
    });
    if (registered.status !== 201) throw new Error(`registering the demo student: ${registered.status}`);
    await eventsSeed.run({ url, teacherCode: '', logger: pino({ level: 'silent' }) });

    const medians = { performance: [] as number[], lcp: [] as number[] };
    for (let runIndex = 1; runIndex <= RUNS; runIndex += 1) {
      console.log(`  run ${runIndex} of ${RUNS}:`);
      const { performance, lcp } = await lighthouseRun(lighthouse, launch, url);
      medians.performance.push(performance);
      medians.lcp.push(lcp);
    }
    const performance = median(medians.performance);
    const lcp = median(medians.lcp);
    console.log(
      `  median of ${RUNS}: performance ${performance}, LCP ${lcp} ms ` +
        `(targets: performance >= ${PERFORMANCE_TARGET}, LCP <= ${LCP_TARGET_MS} ms)`,
    );
    if (performance < PERFORMANCE_TARGET || lcp > LCP_TARGET_MS) process.exitCode = 1;
  });
}
