import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { measureScreen } from '../../packages/web-build/src/measure-screen';
import {
  budgetViolations,
  screensToMeasure,
  type RemotesRegistry,
} from '../../packages/web-build/src/screen-budget';
import { SHELL_PUBLIC_DIR } from '../../scripts/build-web';

/**
 * The download budget (issue 11, ADR 0032): every screen a visitor can land on, the shell's own and
 * each remote's main screen from the remotes' registry, fetches no more JS/CSS files and bytes (as
 * transferred) than its budget in packages/web-build/src/screen-budget.ts. Files and bytes are
 * deterministic for a build, so this fails on a real regression, never on a slow machine.
 */
const registry = JSON.parse(
  readFileSync(path.join(SHELL_PUBLIC_DIR, 'remotes.json'), 'utf8'),
) as RemotesRegistry;

test.describe('what each screen downloads on a first visit', () => {
  for (const screen of screensToMeasure(registry)) {
    test(`${screen.path} stays within ${screen.budget.files} files and ${Math.round(screen.budget.bytes / 1024)} KB`, async ({
      browser,
    }) => {
      const baseUrl = process.env.E2E_BASE_URL;
      if (!baseUrl)
        throw new Error('E2E_BASE_URL is not set: run the specs through e2e/playwright.config.ts');
      const measurement = await measureScreen(browser, baseUrl, screen.path);
      expect(measurement.downloads.length).toBeGreaterThan(0);
      // Every script and style comes compressed (the build's .br twins), none as plain text.
      expect(
        measurement.downloads.filter(
          (download) => download.contentEncoding === null && download.transferred > 1024,
        ),
      ).toEqual([]);
      expect(budgetViolations(screen, measurement)).toEqual([]);
    });
  }
});
