import path from 'node:path';
import { planAffected, readWorkspaces } from '../src/affected-tests';

const repoRoot = path.resolve(__dirname, '..', '..', '..');
const workspaces = readWorkspaces(repoRoot);
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
const plan = (...changed: string[]) => planAffected({ changed, workspaces, apiSuites, browserSpecs });

describe('npm run test:affected: the suites a change needs', () => {
  it('reads every workspace of the root package.json with its @campus dependencies', () => {
    const careers = workspaces.find((ws) => ws.dir === 'services/careers');
    expect(careers).toMatchObject({ name: '@campus/careers-service' });
    expect(careers?.dependsOn).toEqual(expect.arrayContaining(['@campus/contracts', '@campus/service-kit']));
    expect(workspaces.map((ws) => ws.dir)).toEqual(
      expect.arrayContaining(['shell', 'gateway', 'frontends/housing']),
    );
  });

  it('when only a service changes, then its own suites, its API suite and the contract checks run, and no other domain', () => {
    const p = plan('services/careers/src/domain/careers.ts');
    expect(p.everything).toBe(false);
    expect(p.contracts).toBe(true);
    expect(p.unit).toContain('services/careers');
    expect(p.unit).not.toContain('services/community');
    expect(p.unit).not.toContain('frontends/careers');
    // the runner assembles every service: its suites run when it changes, not on every service change
    expect(p.unit).not.toContain('infra/local');
    expect(p.api).toEqual(['e2e-api/careers']);
    expect(p.browser).toEqual([]);
  });

  it('when a remote changes, then its suites and the browser specs named after its domain run', () => {
    const p = plan('frontends/profile/src/routes.tsx');
    expect(p.unit).toContain('frontends/profile');
    expect(p.unit).not.toContain('shell');
    expect(p.browser).toEqual(['e2e/specs/profile-first-time.spec.ts']);
    expect(p.api).toEqual([]);
  });

  it('when a shared package changes, then everything that depends on it runs too, transitively', () => {
    const p = plan('packages/ui/src/button.tsx');
    // web-kit uses ui, and every remote and the shell use both
    expect(p.unit).toEqual(
      expect.arrayContaining(['packages/ui', 'packages/web-kit', 'shell', 'frontends/careers']),
    );
    expect(p.unit).not.toContain('services/careers');
    expect(p.reasons).toContain('packages/web-kit: uses @campus/ui');
    expect(p.browser).toEqual(
      expect.arrayContaining(['e2e/specs/web-budget.spec.ts', 'e2e/specs/careers.spec.ts']),
    );
  });

  it('when the build configuration changes, then the shell and every remote are rebuilt and tested', () => {
    const p = plan('packages/web-build/src/shared-singletons.ts');
    expect(p.unit).toEqual(
      expect.arrayContaining([
        'shell',
        ...apiSuites.filter((d) => d !== 'identity').map((d) => `frontends/${d}`),
      ]),
    );
  });

  it('when the contracts change, then every service and remote that reads them runs', () => {
    const p = plan('packages/contracts/src/housing.ts');
    expect(p.unit).toEqual(
      expect.arrayContaining(['packages/contracts', 'services/housing', 'frontends/housing', 'gateway']),
    );
    // the gateway is reached, and it sits in front of every API suite
    expect(p.api).toEqual(['e2e-api']);
  });

  it('when the lock, the root configuration or CI changes, then everything runs', () => {
    for (const file of [
      'package-lock.json',
      'jest.config.js',
      '.ci/run',
      'tsconfig.base.json',
      'scripts/build-web.ts',
    ])
      expect(plan(file)).toMatchObject({ everything: true });
  });

  it('when a file no rule knows changes, then everything runs rather than a guess', () => {
    const p = plan('scripts/some-new-tool.ts');
    expect(p.everything).toBe(true);
    expect(p.reasons[0]).toMatch(/no rule maps it/);
  });

  it('when only documentation changes, then nothing runs', () => {
    expect(plan('docs/operations.md', 'README.md')).toMatchObject({
      everything: false,
      contracts: false,
      unit: [],
    });
  });

  it('when the compose file or an image changes, then the image and topology checks run', () => {
    const p = plan('docker-compose.yml');
    expect(p.unit).toEqual(
      expect.arrayContaining(['infra/docker', 'infra/local/test/compose-topology.test.ts']),
    );
  });

  it('always runs the layout rules', () => {
    expect(plan('services/events/src/main.ts').unit).toContain(
      'infra/local/test/architecture-boundaries.test.ts',
    );
  });
});
