/**
 * Runs the production topology of docker-compose.yml in podman containers, as compose would: one
 * network (each container reachable by its service name), the named volumes, every service's
 * environment, command, read-only root, tmpfs, init and security options from the compose file, each
 * container started once the services it depends on pass their compose healthcheck. Only the gateway
 * publishes a port, on 127.0.0.1. Then the smoke test (smoke-test.ts) through that port, and
 * everything is removed (containers, network, volumes), whether it passed or not (docs/adr/0121).
 *
 *   tsx infra/containers/src/topology.ts [--port 18080] [--image postgres=<image>] [--image rabbitmq=<image>] [--keep]
 *   tsx infra/containers/src/topology.ts --down          remove what a --keep run left
 *
 * podman runs no healthcheck timers without systemd, so this runs each compose healthcheck itself
 * (`podman exec`), as compose's `condition: service_healthy` waits for it.
 */
import { execFile } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { type ComposeService, localImage, readCompose, run, seconds } from './compose-project';
import { smokeTest } from './smoke-test';

const execFileAsync = promisify(execFile);
const project = 'campus-ci';
const label = `campus.project=${project}`;
const network = `${project}-backend`;
const containerName = (service: string) => `${project}-${service}`;
const volumeName = (volume: string) => `${project}-${volume}`;

function option(argv: string[], name: string): string[] {
  return argv.flatMap((arg, i) => (argv[i - 1] === name ? [arg] : []));
}

/** Compose durations (10s, 1m30s, 500ms) in milliseconds. */
function duration(value: string | undefined, fallback: number): number {
  if (!value) return fallback;
  let ms = 0;
  for (const [, amount, unit] of value.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g))
    ms += Number(amount) * { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[unit as 'ms' | 's' | 'm' | 'h'];
  return ms || fallback;
}

/** A compose `$$` is a literal `$` once compose has read the file. */
const unescape = (value: string) => value.replaceAll('$$', '$');

export function down(): void {
  const containers = run('podman', ['ps', '-a', '-q', '--filter', `label=${label}`])
    .split('\n')
    .filter(Boolean);
  if (containers.length) run('podman', ['rm', '-f', '-v', '-t', '5', ...containers]);
  const volumes = run('podman', ['volume', 'ls', '-q', '--filter', `label=${label}`])
    .split('\n')
    .filter(Boolean);
  if (volumes.length) run('podman', ['volume', 'rm', '-f', ...volumes]);
  if (run('podman', ['network', 'ls', '-q', '--filter', `name=^${network}$`]).trim())
    run('podman', ['network', 'rm', '-f', network]);
}

function runArgs(service: string, definition: ComposeService, image: string): string[] {
  const args = ['run', '-d', '--name', containerName(service), '--label', label, '--network', network];
  args.push('--network-alias', service, '--hostname', definition.hostname ?? service);
  // The image's HEALTHCHECK needs podman's systemd timers; compose's healthcheck runs from here.
  args.push('--no-healthcheck');
  if (definition.init) args.push('--init');
  if (definition.read_only) args.push('--read-only');
  for (const tmpfs of [definition.tmpfs ?? []].flat()) args.push('--tmpfs', tmpfs);
  for (const security of definition.security_opt ?? [])
    args.push('--security-opt', security === 'no-new-privileges:true' ? 'no-new-privileges' : security);
  if (definition.stop_grace_period)
    args.push('--stop-timeout', String(Math.ceil(duration(definition.stop_grace_period, 10_000) / 1000)));
  for (const [name, value] of Object.entries(definition.environment ?? {}))
    args.push('-e', `${name}=${value ?? ''}`);
  for (const volume of definition.volumes ?? []) {
    const [source = '', ...rest] = volume.split(':');
    args.push('-v', [source.startsWith('/') ? source : volumeName(source), ...rest].join(':'));
  }
  // Only the gateway is published (on 127.0.0.1): the test reaches the platform through it alone.
  if (service === 'gateway') for (const port of definition.ports ?? []) args.push('-p', port);
  args.push(image);
  if (definition.command) args.push(...[definition.command].flat().map(unescape));
  return args;
}

/** Runs a service's compose healthcheck once in its container: true when it passes. */
async function healthy(service: string, definition: ComposeService): Promise<boolean> {
  const test = definition.healthcheck?.test;
  if (!test) return true;
  const [kind, ...rest] = [test].flat().map(unescape);
  const command =
    kind === 'CMD-SHELL'
      ? ['/bin/sh', '-c', rest.join(' ')]
      : kind === 'CMD'
        ? rest
        : ['/bin/sh', '-c', kind!];
  try {
    await execFileAsync('podman', ['exec', containerName(service), ...command], {
      timeout: duration(definition.healthcheck?.timeout, 30_000) + 5_000,
    });
    return true;
  } catch {
    return false;
  }
}

async function state(service: string): Promise<string> {
  const { stdout } = await execFileAsync('podman', [
    'inspect',
    '--format',
    '{{.State.Status}}',
    containerName(service),
  ]);
  return stdout.trim();
}

function logsOf(service: string): string {
  try {
    return run('podman', ['logs', '--tail', '40', containerName(service)]);
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}

/** Starts every service once its dependencies are healthy; resolves when all are. */
async function up(services: Record<string, ComposeService>, images: Record<string, string>): Promise<void> {
  const startedAt = new Map<string, number>();
  const ready = new Set<string>();
  const names = Object.keys(services);
  while (ready.size < names.length) {
    for (const service of names) {
      if (startedAt.has(service)) continue;
      const needs = Object.keys(services[service]!.depends_on ?? {});
      if (!needs.every((need) => ready.has(need))) continue;
      run('podman', runArgs(service, services[service]!, images[service]!));
      startedAt.set(service, performance.now());
      console.log(`  started ${service} (${images[service]})`);
    }
    const waiting = names.filter((service) => startedAt.has(service) && !ready.has(service));
    await Promise.all(
      waiting.map(async (service) => {
        const definition = services[service]!;
        if (await healthy(service, definition)) {
          ready.add(service);
          console.log(`  ${service} healthy after ${seconds(performance.now() - startedAt.get(service)!)}`);
          return;
        }
        const status = await state(service);
        if (status !== 'running') throw new Error(`${service} stopped (${status}):\n${logsOf(service)}`);
        const check = definition.healthcheck;
        const limit =
          duration(check?.start_period, 0) +
          duration(check?.interval, 30_000) * (check?.retries ?? 3) +
          60_000;
        if (performance.now() - startedAt.get(service)! > limit)
          throw new Error(`${service} not healthy within ${seconds(limit)}:\n${logsOf(service)}`);
      }),
    );
    if (ready.size < names.length) await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

async function main(argv: string[]): Promise<void> {
  if (argv.includes('--down')) return down();
  const port = Number(option(argv, '--port')[0] ?? 18080);
  const origin = `http://127.0.0.1:${port}`;
  const { publicKey, privateKey } = generateKeyPairSync('ec', {
    namedCurve: 'prime256v1',
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const teacherCode = randomBytes(6).toString('hex');
  // The .env an operator writes, for a plain-http trial on this host's loopback.
  const { services, volumes } = readCompose({
    GATEWAY_PORT: `127.0.0.1:${port}`,
    PUBLIC_ORIGIN: origin,
    HTTPS_ONLY: 'false',
    COOKIE_SECURE: 'false',
    TRUST_PROXY: '0',
    LOG_LEVEL: 'warn',
    JWT_PUBLIC_KEY: publicKey,
    JWT_PRIVATE_KEY: privateKey,
    TEACHER_CODE: teacherCode,
    POSTGRES_PASSWORD: randomBytes(12).toString('hex'),
    RABBITMQ_PASSWORD: randomBytes(12).toString('hex'),
  });
  const replaced = Object.fromEntries(
    option(argv, '--image').map((pair) => pair.split('=') as [string, string]),
  );
  const images = Object.fromEntries(
    Object.entries(services).map(([service, definition]) => [
      service,
      replaced[service] ?? (definition.build ? localImage(definition, service) : definition.image!),
    ]),
  );

  const started = performance.now();
  down();
  let failed = false;
  try {
    run('podman', ['network', 'create', '--label', label, network]);
    for (const volume of Object.keys(volumes ?? {}))
      run('podman', ['volume', 'create', '--label', label, volumeName(volume)]);
    console.log(`\n-- topology: ${Object.keys(services).length} containers from docker-compose.yml`);
    await up(services, images);
    const upMs = performance.now() - started;
    console.log(`topology healthy in ${seconds(upMs)}`);
    const smokeStarted = performance.now();
    console.log(`\n-- smoke test through the gateway at ${origin}`);
    await smokeTest(origin);
    console.log(`smoke test passed in ${seconds(performance.now() - smokeStarted)}`);
  } catch (err) {
    failed = true;
    throw err;
  } finally {
    if (argv.includes('--keep') && !failed)
      console.log(`kept: tsx infra/containers/src/topology.ts --down removes it`);
    else {
      const removing = performance.now();
      down();
      console.log(`removed the containers, network and volumes in ${seconds(performance.now() - removing)}`);
    }
  }
}

main(process.argv.slice(2)).catch((err: unknown) => {
  console.error(`\nTOPOLOGY FAILED: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
