import type { Browser, Request } from 'playwright-core';
import type { Download, ScreenMeasurement } from './screen-budget';

/**
 * Opens `baseUrl + path` in a fresh browser context (empty cache, like a first visit) and records
 * every JS and CSS file the page fetches until the network settles, with its body size as
 * transferred. Shared by `npm run bench:web` and the budget spec, so both count the same way.
 */
export async function measureScreen(
  browser: Browser,
  baseUrl: string,
  path: string,
): Promise<ScreenMeasurement> {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  try {
    const page = await context.newPage();
    const pending: Array<Promise<Download | null>> = [];
    const onFinished = (request: Request) => {
      const type = request.resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      const response = request.response();
      pending.push(
        Promise.all([request.sizes(), response.then((r) => r?.headerValue('content-encoding'))]).then(
          ([sizes, contentEncoding]) => ({
            url: request.url(),
            type,
            transferred: sizes.responseBodySize,
            contentEncoding: contentEncoding ?? null,
          }),
        ),
      );
    };
    page.on('requestfinished', onFinished);
    await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
    // Every screen has a level-1 heading once its (lazy) route has rendered; on a loaded machine the
    // network can fall idle while scripts still run, so wait for it, then for the network again.
    await page.locator('h1').first().waitFor({ state: 'visible' });
    await page.waitForLoadState('networkidle');
    // A request that finishes after the network settled is not part of opening the screen.
    page.off('requestfinished', onFinished);
    const downloads = (await Promise.all(pending)).filter(
      (download): download is Download => download !== null,
    );
    downloads.sort((a, b) => a.url.localeCompare(b.url));
    return { path, downloads };
  } finally {
    await context.close();
  }
}
