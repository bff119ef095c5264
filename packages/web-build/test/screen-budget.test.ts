import {
  budgetViolations,
  REMOTE_SCREEN_BUDGET,
  screensToMeasure,
  SHELL_SCREEN_BUDGET,
  type Download,
  type RemotesRegistry,
} from '../src/screen-budget';

const registry: RemotesRegistry = {
  library: { manifest: '/remotes/library/mf-manifest.json', paths: ['/library', '/bookstatus'] },
  careers: { manifest: '/remotes/careers/mf-manifest.json', paths: ['/jobs', '/interviews'] },
};

const files = (count: number, bytesEach: number): Download[] =>
  Array.from({ length: count }, (_, index) => ({
    url: `http://campus.test/chunk-${index}.js`,
    type: 'script' as const,
    transferred: bytesEach,
    contentEncoding: 'br',
  }));

describe('which screens are under budget', () => {
  test("the shell's own screens and each registered remote's main screen (its first path)", () => {
    expect(screensToMeasure(registry).map(({ path, remote }) => ({ path, remote }))).toEqual([
      { path: '/', remote: null },
      { path: '/login', remote: null },
      { path: '/register', remote: null },
      { path: '/feature', remote: null },
      { path: '/privacy', remote: null },
      { path: '/library', remote: 'library' },
      { path: '/jobs', remote: 'careers' },
    ]);
  });

  test('when a new remote is registered in remotes.json, then its main screen falls under the remote budget', () => {
    const screens = screensToMeasure({
      ...registry,
      'study-groups': { manifest: '/remotes/study-groups/mf-manifest.json', paths: ['/study-groups'] },
    });
    expect(screens.find((screen) => screen.remote === 'study-groups')).toEqual({
      path: '/study-groups',
      remote: 'study-groups',
      budget: REMOTE_SCREEN_BUDGET,
    });
  });

  test('a registered remote that serves no path is a configuration error, not a silently skipped screen', () => {
    expect(() =>
      screensToMeasure({ ghost: { manifest: '/remotes/ghost/mf-manifest.json', paths: [] } }),
    ).toThrow(/"ghost" serves no path/);
  });
});

describe('checking a screen against its budget', () => {
  const library = screensToMeasure(registry).find((screen) => screen.path === '/library')!;

  test('when a screen is within its files and bytes, then there is no violation', () => {
    expect(budgetViolations(library, { path: '/library', downloads: files(10, 10 * 1024) })).toEqual([]);
  });

  test('when a screen fetches more files than its budget, then the check fails and says so', () => {
    const count = REMOTE_SCREEN_BUDGET.files + 1;
    const violations = budgetViolations(library, { path: '/library', downloads: files(count, 1024) });
    expect(violations).toEqual([
      `/library fetches ${count} JS/CSS files (budget ${REMOTE_SCREEN_BUDGET.files})`,
    ]);
  });

  test('when a screen transfers more bytes than its budget, then the check fails and says so', () => {
    // four files of a quarter of the budget and one KB more each: 4 KB over
    const quarter = REMOTE_SCREEN_BUDGET.bytes / 4 + 1024;
    const violations = budgetViolations(library, { path: '/library', downloads: files(4, quarter) });
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
    expect(violations).toEqual([
      `/library transfers ${kb(4 * quarter)} of JS/CSS (budget ${kb(REMOTE_SCREEN_BUDGET.bytes)})`,
    ]);
  });

  test('a shell screen has its own budget', () => {
    const home = screensToMeasure(registry)[0]!;
    expect(home.budget).toBe(SHELL_SCREEN_BUDGET);
    const overBoth = files(SHELL_SCREEN_BUDGET.files + 1, SHELL_SCREEN_BUDGET.bytes);
    expect(budgetViolations(home, { path: '/', downloads: overBoth })).toHaveLength(2);
  });
});
