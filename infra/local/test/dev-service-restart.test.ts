import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPlatformRestarter, type PlatformRestarter } from '../src/dev-loop/platform-restarter';
import { PLATFORM_CHILD_ENV, type PlatformChildReady } from '../src/supervision/platform-child-protocol';
import type { ServiceRestartResult } from '../src/supervision/service-reload';
import { writeFixtureServices, type FixtureServices } from './support/fixture-services';
import { portKeptAcrossRestarts } from './support/kept-port';

const repoRoot = path.resolve(__dirname, '..', '..', '..');

let fixtures: FixtureServices;
let dataDir: string;
let platform: PlatformRestarter | undefined;
const output: string[] = [];
let readies: PlatformChildReady[] = [];
let nextReady: (ready: PlatformChildReady) => void = () => undefined;
let platformStopped: (error: Error) => void = () => undefined;
let nextRestart: (result: ServiceRestartResult) => void = () => undefined;

/** The platform's next ready message; rejects, with what it printed, when it stops instead. */
const ready = () =>
  new Promise<PlatformChildReady>((resolve, reject) => {
    nextReady = resolve;
    platformStopped = reject;
  });
const serviceRestart = () => new Promise<ServiceRestartResult>((resolve) => (nextRestart = resolve));

beforeAll(() => {
  fixtures = writeFixtureServices(['alpha', 'beta']);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-dev-restart-'));
});

afterAll(async () => {
  await platform?.stop();
  fixtures.remove();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** What the service at this address answers on its version route, or the network error's code. */
async function versionAt(url: string, name: string): Promise<string> {
  try {
    const res = await fetch(`${url}/api/${name}/version`);
    return ((await res.json()) as { version: string }).version;
  } catch (error) {
    return String(((error as Error).cause as { code?: string } | undefined)?.code ?? error);
  }
}

function urlOf(ready: PlatformChildReady, name: string): string {
  const service = ready.services.find((s) => s.name === name);
  if (!service) throw new Error(`${name} is not in the ready message`);
  return service.url;
}

describe('npm run dev: a save in one service restarts that service alone', () => {
  let first: PlatformChildReady;
  let alpha: string;
  let beta: string;
  let pid: number | undefined;
  const alphaFolder = () => path.relative(repoRoot, fixtures.folder('alpha'));

  beforeAll(async () => {
    const started = ready();
    platform = createPlatformRestarter({
      repoRoot,
      dataDir,
      port: await portKeptAcrossRestarts(),
      seed: false,
      env: {
        ...process.env,
        LOG_LEVEL: 'error',
        [PLATFORM_CHILD_ENV.servicesModule]: fixtures.servicesModule,
      },
      log: (line) => {
        output.push(line);
        if (line.startsWith('The platform stopped'))
          platformStopped(new Error(`${line}\nIts output:\n${output.join('\n')}`));
      },
      output: (line) => output.push(line),
      onReady: (message) => {
        readies.push(message);
        nextReady(message);
      },
      onServiceRestart: (result) => nextRestart(result),
    });
    platform.restart('start');
    first = await started;
    alpha = urlOf(first, 'alpha');
    beta = urlOf(first, 'beta');
    pid = platform.pid();
    readies = [];
  }, 120_000);

  it('when a file of alpha changes, then alpha answers with the new code on the same port, and beta and the platform process are untouched', async () => {
    expect(await versionAt(alpha, 'alpha')).toBe('one');

    fixtures.writeVersion('alpha', 'two');
    const restarted = serviceRestart();
    platform!.restartServices([alphaFolder()], 'alpha/src/version.ts');

    expect(await restarted).toEqual({ outcome: 'restarted', service: 'alpha' });
    expect(await versionAt(alpha, 'alpha')).toBe('two');
    expect(await versionAt(beta, 'beta')).toBe('one');
    expect(platform!.pid()).toBe(pid);
    expect(readies).toEqual([]);
  }, 60_000);

  it('when alpha is saved with a syntax error, then the log can say its new code did not load, and its previous code still answers', async () => {
    fixtures.writeVersion('alpha', '', 'export const VERSION = ;\n');
    const result = serviceRestart();
    platform!.restartServices([alphaFolder()], 'alpha/src/version.ts');

    expect(await result).toMatchObject({ outcome: 'kept-old-code', service: 'alpha' });
    expect(await versionAt(alpha, 'alpha')).toBe('two');
    expect(await versionAt(beta, 'beta')).toBe('one');

    fixtures.writeVersion('alpha', 'three');
    const fixed = serviceRestart();
    platform!.restartServices([alphaFolder()], 'alpha/src/version.ts');
    expect(await fixed).toEqual({ outcome: 'restarted', service: 'alpha' });
    expect(await versionAt(alpha, 'alpha')).toBe('three');
    expect(platform!.pid()).toBe(pid);
  }, 60_000);

  it('when alpha loads but fails to start, then it is stopped while beta goes on, and the next save starts it on its port again', async () => {
    fixtures.writeVersion('alpha', 'fails-to-start');
    const failed = serviceRestart();
    platform!.restartServices([alphaFolder()], 'alpha/src/version.ts');

    expect(await failed).toEqual({
      outcome: 'stopped',
      service: 'alpha',
      error: 'Error: alpha cannot start with this version',
    });
    expect(await versionAt(alpha, 'alpha')).toBe('ECONNREFUSED');
    expect(await versionAt(beta, 'beta')).toBe('one');

    fixtures.writeVersion('alpha', 'four');
    const fixed = serviceRestart();
    platform!.restartServices([alphaFolder()], 'alpha/src/version.ts');
    expect(await fixed).toEqual({ outcome: 'restarted', service: 'alpha' });
    expect(await versionAt(alpha, 'alpha')).toBe('four');
    expect(platform!.pid()).toBe(pid);
  }, 60_000);

  it('when the saved folder is no running service, then the whole platform restarts, its gateway on the same port', async () => {
    const needed = serviceRestart();
    const again = ready();
    platform!.restartServices(['services/not-a-running-service'], 'services/not-a-running-service/src/a.ts');

    expect(await needed).toMatchObject({ outcome: 'platform-restart-needed' });
    const second = await again;
    expect(second.url).toBe(first.url);
    expect(platform!.pid()).not.toBe(pid);
    expect(await versionAt(urlOf(second, 'alpha'), 'alpha')).toBe('four');
  }, 120_000);
});
