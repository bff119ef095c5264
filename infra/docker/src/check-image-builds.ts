/**
 * CI's stand-in for `docker compose build` where there is no Docker engine (docs/adr/0082). For every
 * image docker-compose.yml builds, it reads the image's Dockerfile and does what Docker would, on a
 * clean clone of HEAD:
 *   - the build context: the clone less what the Dockerfile's .dockerignore excludes;
 *   - every COPY source must exist (in the context, or in the stage it is copied from);
 *   - the RUN steps of the build stages, as written, with the compose build args (the install runs once
 *     per context, as Docker's cache would);
 *   - the runtime stage assembled from its COPY lines into a directory of its own, away from any
 *     node_modules, as the image's file system;
 *   - its CMD without configuration must stop on the configuration error (every module loads), and with
 *     compose's environment it must pass its HEALTHCHECK: services on an embedded database and
 *     the in-process bus (no PostgreSQL or RabbitMQ container here), the gateway in front of them.
 *
 *   tsx infra/docker/src/check-image-builds.ts                 a clean clone of HEAD (CI)
 *   tsx infra/docker/src/check-image-builds.ts --working-tree  tracked and new files as they are now
 *   ... --keep                                                   keep the temporary directory
 */
import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { composeImages, type ComposeImage } from './compose-images';
import { copyBuildContext, ignoreFileFor, parseDockerignore } from './docker-context';
import { parseDockerfile, type Dockerfile } from './dockerfile';
import { buildImage, StageRunner, type RuntimeImage } from './image-build';
import { fail, ImageCheckFailure, runCommand, timed, timings } from './image-check-support';
import { expectConfigurationError, startAll } from './image-run';

const repoRoot = path.resolve(__dirname, '..', '..', '..');

/** The images' runtime must not find this repository's node_modules by walking up from its files. */
function assertNoNodeModulesAbove(directory: string): void {
  for (let dir = directory; dir !== path.dirname(dir); dir = path.dirname(dir))
    if (fs.existsSync(path.join(dir, 'node_modules')))
      fail(
        `${dir}/node_modules would let the bundles load packages the images do not have; set TMPDIR elsewhere`,
      );
}

function checkOut(target: string, workingTree: boolean): void {
  if (workingTree) {
    const files = runCommand('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
      cwd: repoRoot,
    })
      .split('\0')
      .filter((file) => file && fs.existsSync(path.join(repoRoot, file)));
    for (const file of files)
      fs.cpSync(path.join(repoRoot, file), path.join(target, file), { verbatimSymlinks: true });
    console.log(`working tree: ${files.length} files`);
    return;
  }
  const head = runCommand('git', ['rev-parse', 'HEAD'], { cwd: repoRoot }).trim();
  runCommand('git', ['clone', '--quiet', '--no-checkout', repoRoot, target], { cwd: repoRoot });
  runCommand('git', ['checkout', '--quiet', '--detach', head], { cwd: target });
  console.log(
    `clean clone of HEAD ${runCommand('git', ['log', '-1', '--format=%h %s'], { cwd: target }).trim()}`,
  );
  if (runCommand('git', ['status', '--porcelain'], { cwd: repoRoot }).trim())
    console.log('(uncommitted changes are not in it: --working-tree checks them)');
}

function readDockerfile(checkout: string, image: ComposeImage): Dockerfile {
  const file = path.join(checkout, image.dockerfile);
  if (!fs.existsSync(file)) fail(`${image.service}: ${image.dockerfile} does not exist`);
  const dockerfile = parseDockerfile(fs.readFileSync(file, 'utf8'));
  const nodeMajor = /node:(\d+)/.exec(dockerfile.globalArgs.NODE_IMAGE ?? dockerfile.stages[0]!.base)?.[1];
  if (nodeMajor !== process.versions.node.split('.')[0])
    fail(
      `${image.dockerfile} runs Node ${nodeMajor}, this check Node ${process.versions.node}: it would not prove the image`,
    );
  return dockerfile;
}

/** Builds and starts every image of docker-compose.yml in `work`; returns how many of what. */
async function checkImages(work: string, workingTree: boolean): Promise<string> {
  const checkout = path.join(work, 'checkout');
  await timed('checkout', () => checkOut(checkout, workingTree));
  const { publicKey, privateKey } = generateKeyPairSync('ec', {
    namedCurve: 'prime256v1',
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const { images, prebuiltServices } = await timed('images in docker-compose.yml', () => {
    const found = composeImages(checkout, { JWT_PUBLIC_KEY: publicKey, JWT_PRIVATE_KEY: privateKey });
    for (const image of found.images)
      console.log(`${image.service}: ${image.dockerfile} ${JSON.stringify(image.args)}`);
    return found;
  });

  const dockerfiles = new Map<string, Dockerfile>();
  const contexts = new Map<string, { runner: StageRunner; contextDir: string }>();
  const runtimes = new Map<string, RuntimeImage>();
  for (const image of images) {
    const dockerfile = dockerfiles.get(image.dockerfile) ?? readDockerfile(checkout, image);
    dockerfiles.set(image.dockerfile, dockerfile);
    // One context (and so one install) per distinct set of ignore patterns, as Docker's cache would.
    const ignoreFile = ignoreFileFor(checkout, image.dockerfile);
    const patterns = parseDockerignore(ignoreFile ? fs.readFileSync(ignoreFile, 'utf8') : '');
    const contextKey = JSON.stringify(patterns.map((pattern) => pattern.source));
    if (!contexts.has(contextKey)) {
      const contextDir = path.join(work, `context-${contexts.size + 1}`);
      const count = copyBuildContext(checkout, contextDir, patterns);
      console.log(
        `build context ${path.basename(contextDir)}: ${count} files (${ignoreFile ? path.relative(checkout, ignoreFile) : 'no ignore file'})`,
      );
      contexts.set(contextKey, { runner: new StageRunner(contextDir), contextDir });
    }
    const { runner, contextDir } = contexts.get(contextKey)!;
    const runtime = await timed(`${image.service}: build stages and runtime stage`, () =>
      buildImage(image, dockerfile, runner, contextDir, path.join(work, 'images', image.service)),
    );
    runtimes.set(image.service, runtime);
    await timed(`${image.service}: CMD without configuration`, () => expectConfigurationError(runtime));
  }
  await startAll(images, runtimes, prebuiltServices, path.join(work, 'data'));
  return `${images.length} images from ${dockerfiles.size} Dockerfiles and ${contexts.size} build context(s)`;
}

async function main(argv: string[]): Promise<void> {
  const started = performance.now();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-image-check-'));
  let checked: string;
  try {
    assertNoNodeModulesAbove(work);
    checked = await checkImages(work, argv.includes('--working-tree'));
  } finally {
    if (argv.includes('--keep')) console.log(`kept ${work}`);
    else
      await timed('remove the temporary directory', () => fs.rmSync(work, { recursive: true, force: true }));
  }
  console.log(
    `\nImage builds: ${checked} built and started in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  for (const [label, ms] of timings) console.log(`  ${(ms / 1000).toFixed(1).padStart(6)} s  ${label}`);
}

main(process.argv.slice(2)).catch((err: unknown) => {
  console.error(
    `\nIMAGE BUILD CHECK FAILED: ${err instanceof ImageCheckFailure ? err.message : err instanceof Error ? err.stack : String(err)}`,
  );
  process.exit(1);
});
