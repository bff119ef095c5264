/**
 * Builds every image docker-compose.yml builds (every service, the gateway, the shell and each remote)
 * with podman, from the Dockerfiles as they are, on the given base image (docs/adr/0121). Then checks
 * each image: it runs as a non-root user, and every package in its node_modules is a production
 * dependency of the lock. Prints each image's build time and size.
 *
 *   tsx infra/containers/src/build-images.ts --node-image localhost/campus/node:24.21.0 [service...]
 *   ... --working-tree    build the checkout as it is (uncommitted changes too), not a clean clone of HEAD
 *
 * The build context is a clean clone of HEAD by default: the Dockerfiles' `COPY . .` before the
 * install means any changed file reinstalls, so a context that changes mid-run (an editor, a test
 * writing files) would reinstall for every image; a clone is also what CI builds.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { localImage, megabytes, readCompose, repoRoot, run, seconds } from './compose-project';

interface Built {
  service: string;
  image: string;
  ms: number;
  bytes: number;
  uid: string;
  packages: number;
}

function option(argv: string[], name: string): string | undefined {
  const at = argv.indexOf(name);
  return at === -1 ? undefined : argv[at + 1];
}

/** The packages at the top of the image's /app/node_modules (scoped ones as @scope/name). */
function packagesIn(image: string): string[] {
  const script =
    "const fs=require('fs');const d='/app/node_modules';if(!fs.existsSync(d))process.exit(0);" +
    "for(const n of fs.readdirSync(d)){if(n.startsWith('.'))continue;" +
    "if(n.startsWith('@'))for(const m of fs.readdirSync(d+'/'+n))console.log(n+'/'+m);else console.log(n)}";
  return run('podman', [
    'run',
    '--rm',
    '--network=none',
    '--no-healthcheck',
    '--entrypoint',
    'node',
    image,
    '-e',
    script,
  ])
    .split('\n')
    .filter(Boolean);
}

function checkImage(service: string, image: string, lock: { packages: Record<string, { dev?: boolean }> }) {
  const uid = run('podman', [
    'run',
    '--rm',
    '--network=none',
    '--no-healthcheck',
    '--entrypoint',
    'id',
    image,
    '-u',
  ]).trim();
  if (uid === '0') throw new Error(`${service}: ${image} runs as root`);
  const packages = packagesIn(image);
  const notProduction = packages.filter((name) => {
    const entry = lock.packages[`node_modules/${name}`];
    return !entry || entry.dev === true;
  });
  if (notProduction.length)
    throw new Error(
      `${service}: ${image} carries packages that are not production dependencies: ${notProduction.join(', ')}`,
    );
  return { uid, packages: packages.length };
}

function main(argv: string[]): void {
  const nodeImage = option(argv, '--node-image') ?? process.env.NODE_IMAGE;
  if (!nodeImage) throw new Error('usage: build-images.ts --node-image <image> [service...]');
  const only = argv.filter((arg, i) => !arg.startsWith('--') && argv[i - 1] !== '--node-image');
  const workingTree = argv.includes('--working-tree');
  const context = workingTree ? repoRoot : fs.mkdtempSync(path.join(os.tmpdir(), 'campus-image-context-'));
  if (!workingTree) {
    run('git', ['clone', '--quiet', '--no-checkout', repoRoot, context]);
    run('git', ['checkout', '--quiet', '--detach', run('git', ['rev-parse', 'HEAD']).trim()], {
      cwd: context,
    });
    console.log(
      `build context: a clean clone of HEAD ${run('git', ['log', '-1', '--format=%h'], { cwd: context }).trim()}`,
    );
  }
  const lock = JSON.parse(fs.readFileSync(path.join(context, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { dev?: boolean }>;
  };
  const { services } = readCompose();
  const logs = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-image-builds-'));
  const built: Built[] = [];
  const started = performance.now();
  for (const [service, definition] of Object.entries(services)) {
    if (!definition.build || (only.length && !only.includes(service))) continue;
    const image = localImage(definition, service);
    const dockerfile = definition.build.dockerfile ?? 'Dockerfile';
    const ignoreFile = `${dockerfile}.dockerignore`;
    const args = ['build', '--layers', '--format', 'docker', '--build-arg', `NODE_IMAGE=${nodeImage}`];
    for (const [name, value] of Object.entries(definition.build.args ?? {}))
      args.push('--build-arg', `${name}=${value}`);
    if (fs.existsSync(path.join(context, ignoreFile))) args.push('--ignorefile', ignoreFile);
    if (path.resolve(definition.build.context) !== repoRoot)
      throw new Error(`${service}: build context ${definition.build.context} is not the repository root`);
    args.push('-f', dockerfile, '-t', image, context);
    const log = path.join(logs, `${service}.log`);
    process.stdout.write(`${service}: podman ${args.join(' ')}\n`);
    const buildStarted = performance.now();
    const result = spawnSync('podman', args, {
      cwd: repoRoot,
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
    });
    fs.writeFileSync(log, `${result.stdout}\n${result.stderr}`);
    if (result.status !== 0) {
      const tail = `${result.stdout}\n${result.stderr}`.trim().split('\n').slice(-60).join('\n');
      throw new Error(`${service}: the image build failed (${result.status}); the end of ${log}:\n${tail}`);
    }
    const ms = performance.now() - buildStarted;
    const bytes = Number(run('podman', ['image', 'inspect', '--format', '{{.Size}}', image]).trim());
    const checked = checkImage(service, image, lock);
    built.push({ service, image, ms, bytes, ...checked });
    console.log(
      `${service}: built in ${seconds(ms)}, ${megabytes(bytes)}, runs as uid ${checked.uid}, ${checked.packages} production package(s) in /app/node_modules`,
    );
  }
  if (!workingTree) fs.rmSync(context, { recursive: true, force: true });
  if (!built.length) throw new Error(`no image to build${only.length ? ` among ${only.join(', ')}` : ''}`);
  console.log(`\n${built.length} images built in ${seconds(performance.now() - started)} (logs in ${logs}):`);
  for (const b of built)
    console.log(
      `  ${b.service.padEnd(18)} ${seconds(b.ms).padStart(8)}  ${megabytes(b.bytes).padStart(7)}  uid ${b.uid}  ${b.image}`,
    );
}

try {
  main(process.argv.slice(2));
} catch (err) {
  console.error(`\nIMAGE BUILD FAILED: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
