/**
 * The run half of the image-build check: an assembled image started the way its container would be,
 * by its CMD and HEALTHCHECK, with compose's environment (docs/adr/0082).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { ComposeImage } from './compose-images';
import type { RuntimeImage } from './image-build';
import { containerEnv, fail, timed } from './image-check-support';
import { freePort } from '../../local/src/multi-process/ports';

const STARTUP_LIMIT_MS = 60_000;
const STOP_LIMIT_MS = 20_000;
/** Paths each image must answer with 200 once healthy, beyond its HEALTHCHECK. */
const EXTRA_PROBES: Record<string, string[]> = { gateway: ['/', '/api/health', '/api/docs'] };

/** A value of the image's own paths (WEB_ROOT=/app/web) points into the assembled directory. */
function mapImagePaths(image: RuntimeImage, env: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).map(([name, value]) => [
      name,
      value === image.workdir || value.startsWith(`${image.workdir}/`)
        ? path.join(image.root, path.posix.relative(image.workdir, value))
        : value,
    ]),
  );
}

function spawnInImage(
  image: RuntimeImage,
  argv: string[],
  env: Record<string, string>,
  output: 'pipe' | 'ignore',
): ChildProcess {
  const [command = '', ...rest] = argv;
  return spawn(command === 'node' ? process.execPath : command, rest, {
    cwd: image.root,
    env: { ...containerEnv(), ...env },
    stdio: ['ignore', output, output],
  });
}

interface Started {
  image: RuntimeImage;
  child: ChildProcess;
  output: string[];
  exit: Promise<number | null>;
}

function start(image: RuntimeImage, env: Record<string, string>): Started {
  const child = spawnInImage(image, image.cmd, env, 'pipe');
  const output: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { image, child, output, exit };
}

/** The promise's value, or 'timeout' after `ms`; the timer never outlives the promise. */
async function within<T>(promise: Promise<T>, ms: number): Promise<T | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), ms)));
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const tail = (output: string[]) => output.join('').trimEnd().split('\n').slice(-30).join('\n');

export async function expectConfigurationError(image: RuntimeImage): Promise<void> {
  const started = start(image, mapImagePaths(image, image.env));
  const code = await within(started.exit, STARTUP_LIMIT_MS);
  const output = started.output.join('');
  if (code === 'timeout') {
    started.child.kill('SIGKILL');
    fail(
      `${image.service}: started without any configuration; expected it to stop on the configuration error`,
    );
  }
  if (/Cannot find module|MODULE_NOT_FOUND|ERR_MODULE_NOT_FOUND/.test(output))
    fail(`${image.service}: the bundle misses a module:\n${tail(started.output)}`);
  if (code === 0 || !/invalid configuration/.test(output))
    fail(
      `${image.service}: expected the configuration error without configuration, got exit ${code}:\n${tail(started.output)}`,
    );
  console.log(`${image.service}: without configuration it stops on it (${output.trim().split('\n')[0]})`);
}

async function waitHealthy(started: Started, env: Record<string, string>): Promise<void> {
  const { image } = started;
  const deadline = Date.now() + STARTUP_LIMIT_MS;
  let exited: number | null | undefined;
  void started.exit.then((code) => (exited = code));
  for (;;) {
    if (exited !== undefined)
      fail(`${image.service}: exited (${exited}) while starting:\n${tail(started.output)}`);
    if (image.healthcheck) {
      const check = spawnInImage(image, image.healthcheck, env, 'ignore');
      const code = await new Promise<number | null>((resolve) => check.once('exit', resolve));
      if (code === 0) return;
    } else return;
    if (Date.now() > deadline)
      fail(`${image.service}: HEALTHCHECK failed for ${STARTUP_LIMIT_MS / 1000} s:\n${tail(started.output)}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

async function stop(started: Started): Promise<void> {
  started.child.kill('SIGTERM');
  const code = await within(started.exit, STOP_LIMIT_MS);
  if (code === 'timeout') {
    started.child.kill('SIGKILL');
    fail(`${started.image.service}: still running ${STOP_LIMIT_MS / 1000} s after SIGTERM`);
  }
  if (code !== 0) fail(`${started.image.service}: exit ${code} after SIGTERM:\n${tail(started.output)}`);
}

/**
 * Every image started with compose's environment, in dependency order. What points at a container the
 * check does not build (PostgreSQL, RabbitMQ) is left out, so services use their embedded database and
 * in-process bus; what points at a built image is pointed at its local port.
 */
export async function startAll(
  images: ComposeImage[],
  runtimes: Map<string, RuntimeImage>,
  prebuiltServices: string[],
  dataDir: string,
): Promise<void> {
  const ports = new Map<string, number>();
  for (const { service } of images) ports.set(service, await freePort());
  const hostOf = (value: string) => (/^[a-z]+:\/\/(?:[^@/]*@)?([\w-]+)[:/]/i.exec(value) ?? [])[1];
  const needs = (image: ComposeImage) =>
    Object.values(image.environment)
      .map(hostOf)
      .filter((host): host is string => !!host && ports.has(host) && host !== image.service);
  const order = [...images].sort((a, b) => needs(a).length - needs(b).length);
  const running: Started[] = [];
  try {
    for (const image of order) {
      const runtime = runtimes.get(image.service)!;
      const environment = Object.fromEntries(
        Object.entries(image.environment)
          .filter(([, value]) => !prebuiltServices.includes(hostOf(value) ?? ''))
          .map(([name, value]) => {
            const host = hostOf(value);
            return [
              name,
              host && ports.has(host)
                ? value.replace(/\/\/[\w-]+:\d+/, `//127.0.0.1:${ports.get(host)}`)
                : value,
            ];
          }),
      );
      const env = {
        ...mapImagePaths(runtime, runtime.env),
        ...environment,
        PORT: String(ports.get(image.service)),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(dataDir, image.service),
      };
      fs.mkdirSync(env.DATA_DIR, { recursive: true });
      const dropped = Object.keys(image.environment).filter((name) => !(name in environment));
      const started = start(runtime, env);
      running.push(started);
      await timed(
        `${image.service}: healthy with compose's environment${dropped.length ? ` less ${dropped.join(', ')}` : ''}`,
        async () => {
          await waitHealthy(started, env);
          for (const probe of EXTRA_PROBES[image.service] ?? []) {
            const response = await fetch(`http://127.0.0.1:${env.PORT}${probe}`);
            if (response.status !== 200)
              fail(`${image.service}: GET ${probe} answered ${response.status}:\n${await response.text()}`);
          }
          console.log(
            `${image.service}: HEALTHCHECK passes${EXTRA_PROBES[image.service] ? `; ${EXTRA_PROBES[image.service]!.join(', ')} answer 200` : ''}`,
          );
        },
      );
    }
  } catch (err) {
    for (const started of running) started.child.kill('SIGKILL');
    throw err;
  }
  for (const started of [...running].reverse()) await stop(started);
  console.log(
    `stopped: ${[...running]
      .reverse()
      .map((started) => started.image.service)
      .join(', ')} (exit 0 on SIGTERM)`,
  );
}
