import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PLATFORM_CHILD_ENV } from '../src/supervision/platform-child-protocol';
import { supervisePlatform, type SupervisedPlatform } from '../src/supervision/platform-supervisor';
import { portKeptAcrossRestarts } from './support/kept-port';

const repoRoot = path.resolve(__dirname, '..', '..', '..');
const PASSWORD = 'supervised-pass-1';

let dataDir: string;
let supervised: SupervisedPlatform | undefined;
const lines: string[] = [];

beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-supervised-'));
});
afterAll(async () => {
  await supervised?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Rejects with what was awaited after `ms` (a restart that never comes fails the test, saying so). */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

async function post(url: string, body: unknown) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: new URL(url).origin },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { success?: boolean } };
}

describe('npm start: one crash is never an outage', () => {
  it('when the platform throws an uncaught error, then the supervisor says so, starts it again on the same port and data, and a user registered before can log in', async () => {
    supervised = supervisePlatform({
      cwd: repoRoot,
      dataDir,
      port: await portKeptAcrossRestarts(),
      logLevel: 'silent',
      seed: false,
      env: {
        ...process.env,
        PASSWORD_HASH_COST: '1024',
        TEACHER_CODE: 'SUPERVISED-7731',
        [PLATFORM_CHILD_ENV.crashHook]: '1',
      },
      log: (line) => lines.push(line),
      output: (line) => lines.push(line),
    });
    const first = await supervised.firstReady;
    const email = `kept-${Date.now()}@campus.test`;
    const registered = await post(`${first.url}/api/auth/register`, {
      name: 'Kept Across Crashes',
      email,
      password: PASSWORD,
      isTeacher: false,
      teacherCode: '',
    });
    expect(registered.status).toBe(201);
    const firstPid = supervised.pid();

    const again = supervised.nextReady();
    const crashedAt = performance.now();
    supervised.send({ type: 'throw-uncaught' });
    const second = await within(again, 60_000, 'the platform serving again after the crash');
    console.log(`uncaught error -> serving again: ${Math.round(performance.now() - crashedAt)} ms`);

    expect(second.url).toBe(first.url);
    expect(supervised.pid()).not.toBe(firstPid);
    expect(supervised.restarts()).toBe(1);
    expect(lines.join('\n')).toMatch(
      /The platform crashed \(Error: a test made the platform throw an uncaught error\)[^]*restarting it in \d+ ms \(restart #1\)/,
    );
    const login = await post(`${second.url}/api/auth/login`, { email, password: PASSWORD });
    expect(login.status).toBe(200);
    const health = await fetch(`${second.url}/api/health`);
    expect(health.status).toBe(200);
  }, 120_000);

  it('when the platform process is killed outright (as the out-of-memory killer does), then it is started again and the data is still there', async () => {
    const platform = supervised!;
    const url = (await platform.firstReady).url;
    const email = `killed-${Date.now()}@campus.test`;
    const registered = await post(`${url}/api/auth/register`, {
      name: 'Kept Across Kills',
      email,
      password: PASSWORD,
      isTeacher: false,
      teacherCode: '',
    });
    expect(registered.status).toBe(201);

    const again = platform.nextReady();
    const killedAt = performance.now();
    process.kill(platform.pid()!, 'SIGKILL');
    await within(again, 60_000, 'the platform serving again after a SIGKILL');
    console.log(`SIGKILL -> serving again: ${Math.round(performance.now() - killedAt)} ms`);

    expect(platform.restarts()).toBe(2);
    expect(lines.join('\n')).toMatch(/The platform crashed \(killed by SIGKILL\)/);
    const login = await post(`${url}/api/auth/login`, { email, password: PASSWORD });
    expect(login.status).toBe(200);
  }, 120_000);
});
