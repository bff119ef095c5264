import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/**
 * Waits for the page's finite animations to end (the page transition fades a new screen in from 20 %
 * opacity): axe measures colours as painted, and a half-faded page fails colour contrast. Endless
 * ones (a skeleton's shimmer) are left running.
 */
async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

const describe = (violation: { id: string; help: string; nodes: Array<{ target: unknown[] }> }) =>
  `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`;

/** The serious and critical axe violations of the page once it has settled, one line each. */
export async function seriousViolations(page: Page): Promise<string[]> {
  await animationsSettled(page);
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(describe);
}

/** Every axe violation (any impact, WCAG 2.2 AA included) of the page once it has settled. */
export async function axeViolations(page: Page): Promise<string[]> {
  await animationsSettled(page);
  const results = await new AxeBuilder({ page }).withTags([...WCAG_TAGS, 'wcag22aa']).analyze();
  return results.violations.map((violation) => `${violation.impact} ${describe(violation)}`);
}
