import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';

/**
 * DESIGN §1 and §2 as lint rules (eslint.config.mjs, `boundaries()`): each forbidden import is
 * reported, the allowed ones are not. The probes are linted as text at the paths they would have;
 * no file is written. Every pair of workspaces is probed, so a new service or remote is covered by
 * the same config without editing it.
 */
const repoRoot = path.resolve(__dirname, '..', '..', '..');
const eslint = new ESLint({ cwd: repoRoot });

function workspacesIn(folder: string) {
  const dir = path.join(repoRoot, folder);
  return fs
    .readdirSync(dir)
    .filter((name) => fs.existsSync(path.join(dir, name, 'package.json')))
    .map((name) => ({
      dir: name,
      packageName: (
        JSON.parse(fs.readFileSync(path.join(dir, name, 'package.json'), 'utf8')) as { name: string }
      ).name,
    }));
}
const services = workspacesIn('services');
const remotes = workspacesIn('frontends');

const BOUNDARY_RULES = new Set([
  'import-x/no-restricted-paths',
  'no-restricted-imports',
  '@typescript-eslint/no-restricted-imports',
]);

/** The boundary findings for `code` placed at `filePath` (repo-relative): one line per finding. */
async function boundaryFindings(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, filePath) });
  const fatal = result!.messages.filter((m) => m.fatal);
  if (fatal.length) throw new Error(`probe did not parse: ${fatal[0]!.message}`);
  return result!.messages
    .filter((m) => m.ruleId !== null && BOUNDARY_RULES.has(m.ruleId))
    .map((m) => `${m.line}: ${m.message}`);
}

/** One import statement a probe file makes (side-effect import: nothing else for other rules to flag). */
const importing = (specifier: string) => `import '${specifier}';\n`;

const otherPairs = <T>(items: T[]) => items.flatMap((a) => items.filter((b) => b !== a).map((b) => [a, b]));

describe('DESIGN §1: services stay apart', () => {
  it('the repository has several services and remotes to keep apart', () => {
    expect(services.length).toBeGreaterThanOrEqual(2);
    expect(remotes.length).toBeGreaterThanOrEqual(2);
  });

  it.each(otherPairs(services).map(([from, to]) => [from!.dir, to!.dir, to!.packageName]))(
    'when services/%s imports services/%s by path or package name, then each import is reported',
    async (from, to, packageName) => {
      for (const file of [`services/${from}/src/domain/probe.ts`, `services/${from}/test/probe.test.ts`]) {
        const depth = file.split('/').length - 2;
        const relative = `${'../'.repeat(depth)}${to}/src/service`;
        expect(await boundaryFindings(file, importing(relative))).toEqual([
          expect.stringContaining('a service never imports another service'),
        ]);
        expect(await boundaryFindings(file, importing(`${packageName}/service`))).toEqual(
          expect.arrayContaining([expect.stringContaining('a service never imports another service')]),
        );
      }
    },
  );

  it.each(services.map((s) => [s.dir]))(
    'when services/%s imports its own code, the contracts, the kit or a library, then nothing is reported',
    async (service) => {
      const code = [
        importing('../data/schema'),
        importing('@campus/contracts/events'),
        importing('@campus/service-kit/errors'),
        importing('zod'),
      ].join('');
      expect(await boundaryFindings(`services/${service}/src/domain/probe.ts`, code)).toEqual([]);
      expect(
        await boundaryFindings(`services/${service}/test/probe.test.ts`, importing('../src/service')),
      ).toEqual([]);
    },
  );
});

describe('DESIGN §2: domain code knows nothing of HTTP', () => {
  const service = services[0]!.dir;
  const domainFile = `services/${service}/src/domain/probe.ts`;
  // The path rule needs an import that resolves: one of the service's real route modules.
  const routeModule = fs
    .readdirSync(path.join(repoRoot, 'services', service, 'src', 'http'))
    .find((name) => name.endsWith('.ts'))!
    .replace(/\.ts$/, '');

  it.each([
    ['its http/ folder', `../http/${routeModule}`],
    ['express', 'express'],
    ["the kit's route declarations", '@campus/service-kit/define-route'],
  ])('when a domain file imports %s, then it is reported', async (_what, specifier) => {
    expect(await boundaryFindings(domainFile, importing(specifier))).toEqual([
      expect.stringContaining('domain/ holds the rules and knows nothing of HTTP'),
    ]);
  });

  it('when http/ imports the domain and express, then nothing is reported', async () => {
    const code = importing('../domain/probe') + importing('express');
    expect(await boundaryFindings(`services/${service}/src/http/probe-routes.ts`, code)).toEqual([]);
  });
});

describe('DESIGN §2: routes -> domain -> data', () => {
  const service = services[0]!.dir;
  const domainFile = `services/${service}/src/domain/probe.ts`;
  // One of the service's real stores, so the allowed import resolves as a real one would.
  const store = fs
    .readdirSync(path.join(repoRoot, 'services', service, 'src', 'data'))
    .find((name) => name.endsWith('-store.ts'))!
    .replace(/\.ts$/, '');

  it.each([
    ['Drizzle', 'drizzle-orm'],
    ["Drizzle's Postgres tables", 'drizzle-orm/pg-core'],
    ['the Postgres driver', 'pg'],
    ['PGlite', '@electric-sql/pglite'],
    ["the kit's database module (a value)", '@campus/service-kit/db'],
  ])('when a domain file imports %s, then it is reported', async (_what, specifier) => {
    expect(await boundaryFindings(domainFile, importing(specifier))).toEqual([
      expect.stringContaining('domain/ holds the rules and data/ the queries'),
    ]);
  });

  it('when a domain file imports its stores and the Db types, then nothing is reported', async () => {
    const code =
      importing(`../data/${store}`) +
      "import type { Db, DbExecutor } from '@campus/service-kit/db';\nexport type Probe = [Db, DbExecutor];\n";
    expect(await boundaryFindings(domainFile, code)).toEqual([]);
  });

  it.each([
    ['a store', `../data/${store}`],
    ['the schema', '../data/schema'],
  ])('when http/ imports %s from data/, then it is reported', async (_what, specifier) => {
    expect(
      await boundaryFindings(`services/${service}/src/http/probe-routes.ts`, importing(specifier)),
    ).toEqual([expect.stringContaining('http/ calls the domain, which alone calls data/')]);
  });
});

describe('DESIGN §1: remotes meet only through federation', () => {
  it.each(otherPairs(remotes).map(([from, to]) => [from!.dir, to!.dir, to!.packageName]))(
    'when frontends/%s imports frontends/%s by path or package name, then each import is reported',
    async (from, to, packageName) => {
      const file = `frontends/${from}/src/probe.tsx`;
      expect(await boundaryFindings(file, importing(`../../${to}/src/routes`))).toEqual([
        expect.stringContaining("a remote never imports another remote's source"),
      ]);
      expect(await boundaryFindings(file, importing(packageName))).toEqual(
        expect.arrayContaining([expect.stringContaining("a remote never imports another remote's source")]),
      );
    },
  );

  it.each(remotes.map((r) => [r.dir]))(
    'when frontends/%s imports its own code, web-kit, ui or the contracts, then nothing is reported',
    async (remote) => {
      const code = [
        importing('./routes'),
        importing('@campus/web-kit/use-page-title'),
        importing('@campus/contracts/common'),
        importing('react'),
      ].join('');
      expect(await boundaryFindings(`frontends/${remote}/src/probe.tsx`, code)).toEqual([]);
    },
  );

  it("when the shell imports a remote's source, then it is reported; its own code is not", async () => {
    const remote = remotes[0]!;
    expect(
      await boundaryFindings('shell/src/probe.tsx', importing(`../../frontends/${remote.dir}/src/routes`)),
    ).toEqual([expect.stringContaining('the shell loads remotes through federation')]);
    expect(await boundaryFindings('shell/src/probe.tsx', importing(remote.packageName))).toEqual(
      expect.arrayContaining([expect.stringContaining('the shell loads remotes through federation')]),
    );
    expect(await boundaryFindings('shell/src/probe.tsx', importing('./router'))).toEqual([]);
  });
});
