import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  isServerSource,
  isWatchedFolder,
  restartPlan,
  serviceFolderOf,
  watchServerSources,
  type SourceWatcher,
} from '../src/dev-loop/server-sources';

describe('npm run dev: which saves restart the platform', () => {
  it.each([
    'services/library/src/domain/books.ts',
    'services/library/migrations/0003_add_index.sql',
    'services/profile/package.json',
    'gateway/src/security.ts',
    'infra/local/src/seed.ts',
    'packages/service-kit/src/outbox.ts',
    'packages/contracts/src/library.ts',
    'packages/a-new-package/src/index.ts',
  ])('when %s is saved, then the platform restarts', (file) => {
    expect(isServerSource(file)).toBe(true);
  });

  it.each([
    ['a screen', 'frontends/library/src/books/book-card.tsx'],
    ['the shell', 'shell/src/router.tsx'],
    ['a browser-only package', 'packages/ui/src/button.tsx'],
    ['the web-kit', 'packages/web-kit/src/api-client.ts'],
    ['the webpack config', 'packages/web-build/src/create-webpack-config.ts'],
    ['a test', 'services/library/test/books-api.test.ts'],
    ['a test beside the code', 'packages/service-kit/src/outbox.test.ts'],
    ['a doc', 'services/library/README.md'],
    ['an editor swap file', 'services/library/src/.books.ts.swp'],
    ['an installed dependency', 'packages/service-kit/node_modules/pino/index.js'],
    ['a database file', 'infra/local/src/.data/postgres/base/1/1259'],
    ['the container tooling', 'infra/containers/src/topology.ts'],
    ['an end-to-end spec', 'e2e/specs/library.spec.ts'],
  ])('when %s is saved (%s), then the platform keeps running', (_what, file) => {
    expect(isServerSource(file)).toBe(false);
  });

  it('watches the folders that hold server code and the ones leading to them, nothing else', () => {
    const watched = [
      'infra',
      'infra/local',
      'infra/local/src',
      'services',
      'services/library/src',
      'packages',
    ];
    const skipped = [
      'frontends',
      'shell',
      'infra/docker',
      'infra/local/test',
      'packages/ui',
      'dist',
      '.data',
    ];
    expect(watched.filter((folder) => !isWatchedFolder(folder))).toEqual([]);
    expect(skipped.filter((folder) => isWatchedFolder(folder))).toEqual([]);
  });
});

describe('npm run dev: which saves restart one service, and which the whole platform', () => {
  it.each([
    ['services/library/src/domain/books.ts', 'services/library'],
    ['services/library/src/http/book-routes.ts', 'services/library'],
    ['services/library/migrations/0003_add_index.sql', 'services/library'],
    ['services/library/migrations/meta/_journal.json', 'services/library'],
    ['services/events/src/config.ts', 'services/events'],
    ['services/library/src/data', 'services/library'],
  ])('when %s is saved, then %s alone restarts', (file, folder) => {
    expect(serviceFolderOf(file)).toBe(folder);
  });

  it.each([
    ["a service's manifest (its exports and dependencies)", 'services/profile/package.json'],
    ["a service's compiler settings", 'services/profile/tsconfig.json'],
    ['a new service folder', 'services/clubs'],
    ['the gateway', 'gateway/src/security.ts'],
    ['the service kit', 'packages/service-kit/src/outbox.ts'],
    ['the contracts', 'packages/contracts/src/library.ts'],
    ['the embedded runner', 'infra/local/src/platform.ts'],
  ])("when %s is saved (%s), then it is no one service's change", (_what, file) => {
    expect(serviceFolderOf(file)).toBeUndefined();
  });

  it('when saves in two services come together, then both restart, each once; with one shared file among them, the platform restarts', () => {
    expect(
      restartPlan([
        'services/library/src/domain/books.ts',
        'services/events/src/config.ts',
        'services/library/src/data/book-store.ts',
      ]),
    ).toEqual({ kind: 'services', folders: ['services/events', 'services/library'] });
    expect(
      restartPlan(['services/library/src/domain/books.ts', 'packages/contracts/src/library.ts']),
    ).toEqual({
      kind: 'platform',
    });
  });
});

describe('npm run dev: the server source watcher', () => {
  let repo: string;
  let watcher: SourceWatcher | undefined;

  beforeEach(() => {
    repo = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-dev-watch-'));
    for (const folder of ['services/library/src', 'frontends/library/src'])
      fs.mkdirSync(path.join(repo, folder), { recursive: true });
  });

  afterEach(() => {
    watcher?.close();
    fs.rmSync(repo, { recursive: true, force: true });
  });

  /** Starts the watcher; `reportOf(file)` resolves once it reports that file. */
  function startWatcher() {
    const reported: string[] = [];
    const waiting = new Map<string, () => void>();
    watcher = watchServerSources(repo, (file) => {
      reported.push(file);
      waiting.get(file)?.();
    });
    const reportOf = (file: string) =>
      new Promise<void>((resolve) => {
        if (reported.includes(file)) resolve();
        else waiting.set(file, resolve);
      });
    return { reported, reportOf };
  }

  it('when a screen and then a service file are saved, then only the service file is reported', async () => {
    const { reported, reportOf } = startWatcher();
    const serviceFile = path.join('services', 'library', 'src', 'books.ts');
    fs.writeFileSync(path.join(repo, 'frontends/library/src/page.tsx'), 'export {};\n');
    fs.writeFileSync(path.join(repo, serviceFile), 'export {};\n');

    await reportOf(serviceFile);
    expect(reported).toEqual([serviceFile]);
  });

  it('when a new service folder appears, then it is reported, and so are the files saved in it', async () => {
    const { reportOf } = startWatcher();
    const folder = path.join('services', 'events');
    const file = path.join(folder, 'service.ts');
    fs.mkdirSync(path.join(repo, folder));
    await reportOf(folder);
    fs.writeFileSync(path.join(repo, file), 'export {};\n');

    await reportOf(file);
  });
});
