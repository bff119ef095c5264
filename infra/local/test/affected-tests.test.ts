import path from 'node:path';
import { endToEndSuites, listUnitSuites, nearestTestedFolder, scopeOfChange } from '../src/affected-tests';

const repoRoot = path.resolve(__dirname, '..', '..', '..');
const apiSuites = ['careers', 'community', 'events', 'housing', 'identity', 'library', 'profile'];
const browserSpecs = [
  'careers.spec.ts',
  'community.spec.ts',
  'guest.spec.ts',
  'library.spec.ts',
  'profile-first-time.spec.ts',
  'remote-failure.spec.ts',
  'session.spec.ts',
  'web-budget.spec.ts',
];
const scope = (...changed: string[]) => scopeOfChange(changed, (file) => nearestTestedFolder(repoRoot, file));
/** The suites jest picks for these changed files, from the repository's real import graph. */
const related = (...files: string[]) => listUnitSuites(repoRoot, ['--findRelatedTests', ...files]);
const endToEnd = (changed: string[], unitSuites: string[] = []) =>
  endToEndSuites({ changed, unitSuites, apiSuites, browserSpecs });

describe('npm run test:affected: the suites a change needs', () => {
  describe('jest picks the node and web suites from its import graph', () => {
    it('when a service changes, then its suites run, and no other domain’s', () => {
      const suites = related('services/careers/src/domain/careers.ts');
      expect(suites).toEqual(expect.arrayContaining([expect.stringMatching(/^services\/careers\/test\//)]));
      expect(suites.filter((s) => /^(services\/community|frontends)\//.test(s))).toEqual([]);
    });

    it('when a shared package changes, then the suites of every workspace that imports it run, across workspaces', () => {
      const suites = related('packages/ui/src/button.tsx');
      for (const folder of ['packages/ui/test/', 'shell/test/', 'frontends/careers/test/'])
        expect(suites.some((s) => s.startsWith(folder))).toBe(true);
      expect(suites.some((s) => s.startsWith('services/'))).toBe(false);
    });
  });

  describe('what jest cannot see', () => {
    it('when the lock, the root configuration, CI or the build every app is made with changes, then everything runs', () => {
      for (const file of [
        'package-lock.json',
        'jest.config.js',
        '.ci/run',
        'tsconfig.base.json',
        'scripts/build-web.ts',
        'packages/web-build/src/shared-singletons.ts',
      ])
        expect(scope(file).everythingBecause).toBe(file);
    });

    it('when a file the code reads rather than imports changes, then the suites of its tested folder run', () => {
      expect(scope('services/careers/migrations/0005_salary.sql')).toMatchObject({
        everythingBecause: undefined,
        untracedFolders: ['services/careers'],
      });
      expect(scope('infra/docker/service.Dockerfile', 'shell/public/remotes.json').untracedFolders).toEqual([
        'infra/docker',
        'shell',
      ]);
    });

    it('when such a file lies in no tested folder, then everything runs rather than a guess', () => {
      expect(scope('docker-compose.yml').everythingBecause).toBe('docker-compose.yml');
    });

    it('when code changes, then jest alone decides: no folder is added', () => {
      expect(scope('services/careers/src/domain/careers.ts', 'scripts/new-domain.ts')).toEqual({
        documentationOnly: false,
        everythingBecause: undefined,
        untracedFolders: [],
      });
    });

    it('when only documentation changes, then nothing runs', () => {
      expect(scope('docs/operations.md', 'README.md').documentationOnly).toBe(true);
    });
  });

  describe('the API suites and browser specs, named after their domain', () => {
    it('when a service changes, then its API suite runs and no browser spec', () => {
      const changed = ['services/careers/src/domain/careers.ts'];
      expect(endToEnd(changed, related(...changed))).toEqual({ api: ['e2e-api/careers'], browser: [] });
    });

    it('when a remote changes, then the browser specs named after its domain run', () => {
      expect(endToEnd(['frontends/profile/src/routes.tsx'])).toEqual({
        api: [],
        browser: ['e2e/specs/profile-first-time.spec.ts'],
      });
    });

    it('when a shared package changes, then the specs of every screen whose suites jest picked run', () => {
      const changed = ['packages/ui/src/button.tsx'];
      const { api, browser } = endToEnd(changed, related(...changed));
      expect(api).toEqual([]);
      expect(browser).toEqual(
        expect.arrayContaining(['e2e/specs/web-budget.spec.ts', 'e2e/specs/careers.spec.ts']),
      );
    });

    it('when the gateway, the runner or the API suite’s support changes, then the whole API suite runs', () => {
      for (const file of [
        'gateway/src/gateway.ts',
        'infra/local/src/platform.ts',
        'e2e-api/support/accounts.ts',
      ])
        expect(endToEnd([file]).api).toEqual(['e2e-api']);
    });

    it('when a suite or a spec itself changes, then it runs', () => {
      expect(endToEnd(['e2e-api/housing/housing-api.test.ts', 'e2e/specs/guest.spec.ts'])).toEqual({
        api: ['e2e-api/housing'],
        browser: ['e2e/specs/guest.spec.ts'],
      });
    });
  });
});
