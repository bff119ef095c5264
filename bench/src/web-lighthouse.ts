/**
 * Lighthouse (desktop preset) on every shell screen, in the system Chromium, against the running
 * platform: performance and accessibility scores per screen, as a guest, a student and a teacher.
 * Targets: performance >= 95, accessibility 100.   Run: npx tsx bench/src/web-lighthouse.ts
 */
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, registerAccount, withWebPlatform } from './web-platform';

const PERFORMANCE_TARGET = 95;
const ACCESSIBILITY_TARGET = 100;

interface Visit {
  who: 'guest' | 'student' | 'teacher';
  path: string;
}

const visits: Visit[] = [
  { who: 'guest', path: '/' },
  { who: 'guest', path: '/register' },
  { who: 'guest', path: '/login' },
  { who: 'guest', path: '/feature' },
  { who: 'guest', path: '/no-such-page' },
  { who: 'student', path: '/feature' },
  { who: 'student', path: '/logout' },
  { who: 'teacher', path: '/feature' },
  { who: 'teacher', path: '/library' },
];

interface Score {
  visit: Visit;
  performance: number;
  accessibility: number;
  lcpMs: number;
  failedAudits: string[];
}

async function main() {
  const { default: lighthouse } = await import('lighthouse');
  const { default: desktopConfig } = await import('lighthouse/core/config/desktop-config.js');
  const { launch } = await import('chrome-launcher');

  const scores = await withWebPlatform(async ({ url, teacherCode }) => {
    const accounts = {
      student: await registerAccount(url, 'student', teacherCode),
      teacher: await registerAccount(url, 'teacher', teacherCode),
    };
    const results: Score[] = [];
    for (const who of ['guest', 'student', 'teacher'] as const) {
      const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_ARGS });
      try {
        if (who !== 'guest') {
          // Sign in through the real login screen, in the same browser Lighthouse then drives.
          const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
          const page = await browser.contexts()[0]!.newPage();
          await page.goto(`${url}/login`);
          await page.getByLabel('Email').fill(accounts[who].email);
          await page.getByLabel('Password').fill(accounts[who].password);
          await page.getByRole('button', { name: 'Login' }).click();
          await page.waitForURL(/\/(feature|commondataform)$/);
          await page.close();
          await browser.close();
        }
        for (const visit of visits.filter((candidate) => candidate.who === who)) {
          const result = await lighthouse(
            `${url}${visit.path}`,
            {
              port: chrome.port,
              output: 'json',
              logLevel: 'error',
              onlyCategories: ['performance', 'accessibility'],
              disableStorageReset: true,
              // /no-such-page answers 404 (with the shell's 404 screen), which is the page measured.
              ignoreStatusCode: true,
            },
            desktopConfig,
          );
          if (!result) throw new Error(`Lighthouse returned nothing for ${visit.path}`);
          const { categories, audits } = result.lhr;
          results.push({
            visit,
            performance: Math.round((categories.performance?.score ?? 0) * 100),
            accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
            lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
            failedAudits: Object.values(audits)
              .filter(
                (audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode === 'binary',
              )
              .map((audit) => audit.id),
          });
        }
      } finally {
        chrome.kill();
      }
    }
    return results;
  });

  console.log('Lighthouse, desktop preset (targets: performance >= 95, accessibility 100)\n');
  console.log('who      path               perf  a11y   LCP');
  let met = true;
  for (const score of scores) {
    const ok = score.performance >= PERFORMANCE_TARGET && score.accessibility >= ACCESSIBILITY_TARGET;
    met &&= ok;
    console.log(
      `${score.visit.who.padEnd(8)} ${score.visit.path.padEnd(18)} ${String(score.performance).padStart(4)}  ${String(score.accessibility).padStart(4)}  ${String(score.lcpMs).padStart(5)} ms` +
        (ok ? '' : `  below target; failing audits: ${score.failedAudits.join(', ') || 'none (metrics)'}`),
    );
  }
  if (!met) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
