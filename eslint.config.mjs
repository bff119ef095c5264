import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';

const root = import.meta.dirname;

/** The workspaces in a folder (`services`, `frontends`), read on every run: a new one is covered as it appears. */
function workspacesIn(folder) {
  const dir = path.join(root, folder);
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(dir, entry.name, 'package.json')))
    .map((entry) => ({
      dir: entry.name,
      packageName: JSON.parse(fs.readFileSync(path.join(dir, entry.name, 'package.json'), 'utf8')).name,
    }));
}

const services = workspacesIn('services');
const remotes = workspacesIn('frontends');

const SERVICE_MESSAGE =
  'DESIGN §1: a service never imports another service; what it needs to know arrives as an event (packages/contracts/src/events.ts).';
const REMOTE_MESSAGE =
  "DESIGN §1: a remote never imports another remote's source; it uses what that remote exposes through federation.";
const HOST_MESSAGE =
  "DESIGN §1: the shell loads remotes through federation (manifest), never from a remote's source.";
const API_PATH_MESSAGE =
  'Issue 24: call the API through its generated operation (api.call(libraryApi.likeBook, { params })): a path is written once, in the service that declares it.';
const DOMAIN_MESSAGE =
  'DESIGN §2: domain/ holds the rules and knows nothing of HTTP; http/ parses, calls the domain and shapes the answer.';
const DATA_MESSAGE =
  "DESIGN §2: domain/ holds the rules and data/ the queries: a use case calls its service's data/*-store.ts. " +
  'It may name the Db and DbExecutor types (import type), to hand a store the transaction it opened, ' +
  'never Drizzle, a driver or a database handle.';
const ROUTES_MESSAGE =
  'DESIGN §2: routes -> domain -> data: http/ calls the domain, which alone calls data/ (its stores and schema).';

/**
 * DESIGN §1 and §2 as lint rules. Path zones catch relative imports (and package imports, which the
 * resolver follows to the workspace's files); `no-restricted-imports` catches the package names
 * themselves, even where the resolver cannot follow them.
 */
function boundaries() {
  const zones = [
    ...services.map(({ dir }) => ({
      target: `./services/${dir}`,
      from: './services',
      except: [`./${dir}`],
      message: SERVICE_MESSAGE,
    })),
    ...remotes.map(({ dir }) => ({
      target: `./frontends/${dir}`,
      from: './frontends',
      except: [`./${dir}`],
      message: REMOTE_MESSAGE,
    })),
    { target: './shell', from: './frontends', message: HOST_MESSAGE },
    { target: './services/*/src/domain/**', from: './services/*/src/http/**', message: DOMAIN_MESSAGE },
    { target: './services/*/src/http/**', from: './services/*/src/data/**', message: ROUTES_MESSAGE },
  ];

  const forbidPackages = (packageNames, message) =>
    packageNames.length ? [{ group: packageNames, message }] : [];
  const otherPackages = (all, own) => all.filter((p) => p.dir !== own).map((p) => p.packageName);
  const domainImports = [
    {
      group: ['express', '@campus/service-kit/define-route', '@campus/service-kit/http-app'],
      message: DOMAIN_MESSAGE,
    },
  ];
  // The domain's way to the database is its stores. The tables in data/schema.ts stay importable: the
  // events domain hands its blob and scheduled-job tables to the kit's blob store and scheduled job.
  const domainDatabaseImports = {
    files: ['services/*/src/domain/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ name: '@campus/service-kit/db', allowTypeImports: true, message: DATA_MESSAGE }],
          patterns: [{ regex: '^(drizzle-orm|pg|@electric-sql/pglite)(/.*)?$', message: DATA_MESSAGE }],
        },
      ],
    },
  };
  const restrictImports = (files, patterns) => ({
    files,
    rules: { 'no-restricted-imports': ['error', { patterns }] },
  });

  return [
    {
      plugins: { 'import-x': importX },
      settings: {
        'import-x/resolver-next': [
          createNodeResolver({
            extensions: ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs', '.json'],
            conditionNames: ['types', 'import', 'require', 'default'],
          }),
        ],
      },
      rules: { 'import-x/no-restricted-paths': ['error', { basePath: root, zones }] },
    },
    // One block per workspace, because a later block's options replace an earlier one's for a file.
    ...services.flatMap(({ dir }) => {
      const otherServices = forbidPackages(otherPackages(services, dir), SERVICE_MESSAGE);
      return [
        restrictImports([`services/${dir}/**`], otherServices),
        restrictImports([`services/${dir}/src/domain/**`], [...otherServices, ...domainImports]),
      ];
    }),
    domainDatabaseImports,
    ...remotes.map(({ dir }) =>
      restrictImports([`frontends/${dir}/**`], forbidPackages(otherPackages(remotes, dir), REMOTE_MESSAGE)),
    ),
    restrictImports(
      ['shell/**'],
      forbidPackages(
        remotes.map((p) => p.packageName),
        HOST_MESSAGE,
      ),
    ),
  ].filter(
    (block) =>
      !block.rules['no-restricted-imports'] || block.rules['no-restricted-imports'][1].patterns.length,
  );
}

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/.data/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser, ...globals.jest } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  ...boundaries(),
  // Issue 24: the browser names no API path. Every call goes through the catalogues generated from
  // the services' routes (`api.call(libraryApi.likeBook, ...)`), so a path is written once, in its route.
  {
    files: ['frontends/*/src/**', 'shell/src/**', 'packages/web-kit/src/**', 'packages/ui/src/**'],
    ignores: ['**/testing/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Literal[value=/^\\/api(\\/|$)/], TemplateElement[value.raw=/^\\/api(\\/|$)/]',
          message: API_PATH_MESSAGE,
        },
      ],
    },
  },
);
