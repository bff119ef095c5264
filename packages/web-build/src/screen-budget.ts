/**
 * What each screen may download: JS and CSS files and their bytes as transferred (the compressed
 * bodies), measured in Chromium. Both figures are deterministic for a given build, unlike timings,
 * so CI fails the moment a change makes a screen heavier than its budget (e2e/specs/web-budget.spec.ts)
 * and `npm run bench:web` reports them beside the Lighthouse scores. See docs/adr/0032-light-pages-on-a-phone.md.
 */

/** The shell's own screens: every one a visitor can land on before any remote loads. */
export const SHELL_SCREENS = ['/', '/login', '/register', '/feature', '/privacy'] as const;

export interface ScreenBudget {
  /** JS + CSS files fetched while the screen opens (the first HTML excluded). */
  files: number;
  /** JS + CSS bytes as transferred (response bodies, compressed), in bytes. */
  bytes: number;
}

/**
 * A shell screen: the runtime, react, react-dom, the router, the query client, ui, web-kit, the
 * shell, and on /login and /register zod and react-hook-form. Measured (ADR 0032): 6-9 files,
 * 133-170 KB (before issue 11: 32-44 files, 173-217 KB). A ratchet: lower it when a screen gets lighter.
 * Raised by 4 KB with issue 24: the typed API client, and the pieces three remotes each had and web-kit
 * now holds once (create-form, LoadMoreResults), which the kit carries on every screen.
 */
export const SHELL_SCREEN_BUDGET: ScreenBudget = { files: 10, bytes: 180 * 1024 };

/**
 * A remote's main screen: a shell screen plus the remote's remoteEntry.js and its routes chunk (no
 * zod: screens import their domain's `<domain>-rules` module, and forms load with the form).
 * Measured (ADR 0032): 9-10 files, 146-160 KB (/library was 60 files, 254 KB). Every remote,
 * present and future, gets this budget. Raised by 4 KB with issue 24 (the kit's growth, as above).
 */
// Raised by 4 KB with issue 26: every card's owner actions, Report and the edited mark (/events
// measured 171.6 KB); /library and /moderation were brought back under it by loading their
// forms and schemas with their own routes. To win back: load the owner actions with the dialog.
export const REMOTE_SCREEN_BUDGET: ScreenBudget = { files: 11, bytes: 174 * 1024 };

/** A screen to measure: its path, and the remote that serves it (none for the shell's own screens). */
export interface Screen {
  path: string;
  remote: string | null;
  budget: ScreenBudget;
}

/** The shape of shell/public/remotes.json (the remotes' registry). */
export type RemotesRegistry = Record<string, { manifest: string; paths: string[] }>;

/**
 * Every screen under budget: the shell's own, and each registered remote's main screen (the first
 * path it serves), so a remote added to remotes.json is covered without touching this file.
 */
export function screensToMeasure(registry: RemotesRegistry): Screen[] {
  return [
    ...SHELL_SCREENS.map((path) => ({ path, remote: null, budget: SHELL_SCREEN_BUDGET })),
    ...Object.entries(registry).map(([remote, entry]) => {
      const path = entry.paths[0];
      if (!path) throw new Error(`remotes.json: "${remote}" serves no path`);
      return { path, remote, budget: REMOTE_SCREEN_BUDGET };
    }),
  ];
}

/** One JS or CSS file a screen fetched. */
export interface Download {
  url: string;
  type: 'script' | 'stylesheet';
  /** Response body bytes as transferred (after Content-Encoding). */
  transferred: number;
  contentEncoding: string | null;
}

export interface ScreenMeasurement {
  path: string;
  downloads: Download[];
}

export const transferredBytes = (downloads: Download[]) =>
  downloads.reduce((total, download) => total + download.transferred, 0);

/** Every way a measurement breaks its screen's budget, as sentences; empty when within. */
export function budgetViolations(screen: Screen, measurement: ScreenMeasurement): string[] {
  const violations: string[] = [];
  const files = measurement.downloads.length;
  const bytes = transferredBytes(measurement.downloads);
  if (files > screen.budget.files)
    violations.push(`${screen.path} fetches ${files} JS/CSS files (budget ${screen.budget.files})`);
  if (bytes > screen.budget.bytes)
    violations.push(
      `${screen.path} transfers ${kilobytes(bytes)} of JS/CSS (budget ${kilobytes(screen.budget.bytes)})`,
    );
  return violations;
}

export const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
