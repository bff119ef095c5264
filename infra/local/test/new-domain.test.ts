import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import prettier from 'prettier';
import { TEMPLATE_ROOT } from '../src/new-domain/domain-template';
import { SERVICES } from '../src/service-registry';
import { copyRepository } from './support/scratch-repository';

/**
 * `npm run new:domain` leaves the repository green: in a scratch copy of the repository (the files a
 * developer has, dependencies linked), a domain with a name no test of the repository uses is
 * generated, and with no hand edit the copy typechecks and lints, its generated files, contracts
 * snapshot and docs are current, the new service's tests, the new screen's test and the new API
 * test pass, and `npm start`'s platform runs it, seeded, behind the gateway. About 100 s: it
 * runs in CI's first pass (CI set, DATABASE_URL not) or with RUN_GENERATOR_TEST=1.
 */
const repoRoot = path.resolve(__dirname, '..', '..', '..');
/** Valid for the generator, and a fixture of no other test (the first test holds that). */
const NAME = 'mentorships';
const enabled = Boolean(process.env.RUN_GENERATOR_TEST || (process.env.CI && !process.env.DATABASE_URL));
const describeGenerator = enabled ? describe : describe.skip;
const hasDockerCompose = spawnSync('docker-compose', ['version'], { encoding: 'utf8' }).status === 0;

let scratch: string;
let generated: string;

function inScratch(command: string, args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(command, args, {
    cwd: scratch,
    encoding: 'utf8',
    timeout: 300_000,
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, FORCE_COLOR: '0', NODE_OPTIONS: '', ...env },
  });
  return { status: result.status, output: `${result.stdout}\n${result.stderr}`, stdout: result.stdout };
}
const bin = (tool: string) => path.join(scratch, 'node_modules', '.bin', tool);
const git = (...args: string[]) => inScratch('git', args).stdout;
const jestInScratch = (...args: string[]) =>
  inScratch(process.execPath, ['--experimental-vm-modules', 'node_modules/jest/bin/jest.js', ...args]);
const newDomain = (name: string) => inScratch(bin('tsx'), ['scripts/new-domain.ts', name, '--no-install']);
/** What changed in the copy since it was made: `M path` for an edit, `A path` for a new file. */
const changes = () =>
  git('status', '--porcelain', '--untracked-files=all')
    .split('\n')
    .filter(Boolean)
    .map((line) => `${line.startsWith('??') ? 'A' : line.trim()[0]} ${line.slice(3)}`)
    .sort();
const changedFiles = () => changes().map((change) => change.slice(2));

test(`the name the generator test creates ('${NAME}') is a fixture of no other test`, () => {
  const tests = spawnSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: repoRoot,
    encoding: 'utf8',
  })
    .stdout.split('\n')
    .filter((file) => /(^|\/)(test|e2e|e2e-api)\//.test(file) && /\.[jt]sx?$/.test(file))
    .filter((file) => !file.startsWith('infra/local/test/new-domain.test.ts'))
    .filter((file) => fs.existsSync(path.join(repoRoot, file)));
  expect(tests.length).toBeGreaterThan(100);
  const word = new RegExp(`\\b${NAME}\\b`, 'i');
  expect(tests.filter((file) => word.test(fs.readFileSync(path.join(repoRoot, file), 'utf8')))).toEqual([]);
});

describeGenerator('npm run new:domain', () => {
  beforeAll(() => {
    scratch = copyRepository(repoRoot, 'campus-new-domain-');
    // A baseline commit, so the test reads exactly what the generator changed.
    git('init', '-q');
    git('add', '-A');
    git(
      '-c',
      'user.name=new-domain test',
      '-c',
      'user.email=test@campus.test',
      'commit',
      '-q',
      '-m',
      'before',
    );
    const run = newDomain(NAME);
    if (run.status !== 0) throw new Error(`new:domain ${NAME} failed:\n${run.output}`);
    generated = run.stdout;
  }, 300_000);
  afterAll(() => {
    if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
  });

  test('writes the domain from the templates, adds one entry to the registry, and edits nothing else by hand', () => {
    const domainFile = new RegExp(
      `^A (services|frontends|e2e-api)/${NAME}/|^A packages/contracts/src/(generated/)?${NAME}(-rules|-api)?\\.ts$|` +
        `^A packages/contracts/snapshots/(api|remotes)/${NAME}\\.json$|^A infra/local/src/seeds/${NAME}\\.ts$|^A docs/${NAME}\\.md$`,
    );
    expect(changes().filter((change) => !domainFile.test(change))).toEqual(
      [
        // By the generator: the registry entry and the events doc's consumers.
        'M docs/events.md',
        'M infra/local/src/service-registry.ts',
        // By the repository's own generators (npm run generate, docs:config).
        'M docker-compose.yml',
        'M docs/configuration.md',
        'M gateway/src/generated/platform-routes.ts',
        'M infra/rabbitmq/definitions.json',
        'M packages/contracts/src/generated/api-answer-schemas.ts',
        'M shell/public/remotes.json',
        // The Kubernetes manifests (npm run generate): the domain's own objects, and its place in
        // the shared ones (database and role, broker topology, network policies, kustomizations).
        `A deploy/kubernetes/base/service-${NAME}.yaml`,
        `A deploy/kubernetes/base/web-${NAME}.yaml`,
        'M deploy/kubernetes/base/broker-topology.yaml',
        'M deploy/kubernetes/base/database.yaml',
        'M deploy/kubernetes/base/gateway.yaml',
        'M deploy/kubernetes/base/kustomization.yaml',
        'M deploy/kubernetes/base/network-policies.yaml',
        'M deploy/kubernetes/overlays/production/kustomization.yaml',
        // Monitoring (npm run generate): its scrape target, alerts and dashboard rows.
        'M deploy/kubernetes/base/monitoring.yaml',
        'M deploy/kubernetes/monitoring/campus-connect-dashboard.json',
        'M infra/observability/prometheus.yml',
      ].sort(),
    );
    for (const file of [
      `services/${NAME}/src/service.ts`,
      `services/${NAME}/migrations/0000_init.sql`,
      `services/${NAME}/test/${NAME}-api.test.ts`,
      `frontends/${NAME}/test/${NAME}-page.test.tsx`,
      `e2e-api/${NAME}/${NAME}-api.test.ts`,
      `packages/contracts/src/generated/${NAME}-api.ts`,
      `packages/contracts/snapshots/api/${NAME}.json`,
    ])
      expect(changedFiles()).toContain(file);

    const nextPort = Math.max(...SERVICES.map((s) => s.port)) + 1;
    const registry = git('diff', '-U0', '--', 'infra/local/src/service-registry.ts')
      .split('\n')
      .filter((line) => /^[-+](?![-+])/.test(line));
    expect(registry).toEqual([
      `+import { ${NAME}Service } from '@campus/${NAME}-service/service';`,
      `+  { definition: ${NAME}Service, main: 'services/${NAME}/src/main.ts', port: ${nextPort} },`,
      `+  { name: '${NAME}', paths: ['/${NAME}'] },`,
    ]);
    const leftovers = changedFiles().filter(
      (file) => file.includes(NAME) && /example/i.test(fs.readFileSync(path.join(scratch, file), 'utf8')),
    );
    expect(leftovers).toEqual([]);
    expect(generated).toContain(
      `New domain '${NAME}': /api/${NAME} through the gateway, /${NAME} in the shell`,
    );
    expect(generated).toContain(`Add /${NAME} to the nav bar`);
  });

  test("the template's API catalogue is what npm run generate writes for it, so its remote was checked against the real one", async () => {
    const generatedCatalogue = fs.readFileSync(
      path.join(scratch, 'packages', 'contracts', 'src', 'generated', `${NAME}-api.ts`),
      'utf8',
    );
    const templateFile = path.join(
      TEMPLATE_ROOT,
      'packages',
      'contracts',
      'src',
      'generated',
      'example-api.ts',
    );
    const asTheTemplate = generatedCatalogue
      .replace(new RegExp(NAME, 'g'), 'example')
      .replace(new RegExp(NAME.charAt(0).toUpperCase() + NAME.slice(1), 'g'), 'Example');
    const options = (await prettier.resolveConfig(templateFile)) ?? {};
    // On a failure, what the template's catalogue must say after a change to the template's routes.
    expect(await prettier.format(asTheTemplate, { ...options, filepath: templateFile })).toBe(
      fs.readFileSync(templateFile, 'utf8'),
    );
  });

  test('refuses a name it cannot take, saying why, and writes nothing', () => {
    const before = changes();
    for (const [name, why] of [
      [NAME, `services/${NAME} already exists`],
      ['events', 'services/events already exists'],
      ['Study-Groups', 'a domain name is 1 to 40 lower-case letters'],
      ['book', "/api/book is already routed to 'library'"],
      ['jobs', "/jobs is already a path of the 'careers' remote"],
      ['login', '/login is a screen of the shell'],
      ['example', "'example' is reserved"],
      ['node', "'node' would read NODE_ENV as its own setting (NODE_*)"],
      ['common', 'these exist already, nothing was written: packages/contracts/src/common.ts'],
    ]) {
      const run = newDomain(name!);
      expect({ name, status: run.status, output: run.output }).toMatchObject({
        status: 1,
        output: expect.stringContaining(why!),
      });
    }
    expect(changes()).toEqual(before);
  }, 120_000);

  test('the copy typechecks as a whole', () => {
    const tsc = inScratch(bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']);
    expect(tsc.output.trim()).toBe('');
    expect(tsc.status).toBe(0);
  }, 300_000);

  test('what it wrote and changed passes lint: eslint, prettier and one version of each dependency', () => {
    const files = changedFiles();
    const eslint = inScratch(
      bin('eslint'),
      files.filter((f) => /\.[jt]sx?$/.test(f)),
    );
    expect(eslint.output.trim()).toBe('');
    const prettier = inScratch(bin('prettier'), [
      '--check',
      '--ignore-unknown',
      '--log-level',
      'warn',
      ...files,
    ]);
    expect(prettier.output.trim()).toBe('');
    expect(inScratch(bin('tsx'), ['scripts/check-dependency-versions.ts']).status).toBe(0);
  }, 300_000);

  test('its service, screen and the repository’s checks pass: generated files, contracts snapshot, docs, boundaries', () => {
    const run = jestInScratch(
      `services/${NAME}`,
      `frontends/${NAME}`,
      'infra/local/test/generated-files.test.ts',
      'infra/local/test/contracts-snapshot.test.ts',
      'infra/local/test/configuration-doc.test.ts',
      'infra/local/test/event-catalogue-doc.test.ts',
      'infra/local/test/architecture-boundaries.test.ts',
    );
    expect(run.output).toMatch(/Test Suites: 7 passed, 7 total/);
    expect(run.status).toBe(0);
    const contracts = inScratch(bin('tsx'), ['scripts/check-contracts.ts']);
    expect(contracts.output).toContain('contracts: the code keeps every committed contract');
    expect(contracts.status).toBe(0);
  }, 300_000);

  test('its API test passes against the whole platform', () => {
    const run = inScratch(process.execPath, [
      '--experimental-vm-modules',
      'node_modules/jest/bin/jest.js',
      '-c',
      'e2e-api/jest.config.js',
      `e2e-api/${NAME}`,
    ]);
    expect(run.output).toMatch(/Tests: +1 passed, 1 total/);
    expect(run.status).toBe(0);
  }, 300_000);

  test('it starts in the platform of `npm start`, seeded, and answers through the gateway', () => {
    const run = inScratch(bin('tsx'), ['infra/local/test/support/generated-domain-check.ts', NAME]);
    expect(run.status).toBe(0);
    const report = JSON.parse(run.stdout.trim().split('\n').at(-1)!) as {
      seeded: string[];
      list: { status: number; body: { total: number; data: Array<{ title: string; authorName: string }> } };
    };
    expect(report.seeded).toContain(NAME);
    expect(report.list).toMatchObject({ status: 200, body: { success: true, total: 2 } });
    expect(report.list.body.data[0]!.authorName).toBe('Aarav Sharma');
  }, 300_000);

  (hasDockerCompose || process.env.REQUIRE_DOCKER_COMPOSE === '1' ? test : test.skip)(
    'docker-compose accepts the generated file with the new service and frontend',
    () => {
      const compose = inScratch('docker-compose', ['--env-file', '.env.example', 'config', '--services']);
      expect(compose.status).toBe(0);
      expect(compose.stdout.split('\n')).toEqual(expect.arrayContaining([NAME, `web-${NAME}`]));
    },
  );
});
