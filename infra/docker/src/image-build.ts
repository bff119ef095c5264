/**
 * The build half of the image-build check: the build stages of a Dockerfile run in a context
 * directory, and the runtime stage assembled from its COPY lines (docs/adr/0082).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { ComposeImage } from './compose-images';
import { execForm, parseEnv, shellWords, substitute, type Dockerfile, type Stage } from './dockerfile';
import { containerEnv, fail } from './image-check-support';

const argName = (declaration: string) => declaration.split('=')[0]!.trim();

interface StageResult {
  /** The stage's WORKDIR, which the check maps onto the context directory. */
  workdir: string;
  env: Record<string, string>;
}

/**
 * Runs the build stages of Dockerfiles in one context directory. A stage runs once for the same
 * instructions (its own and those of the stages it builds on), base image and build args: Docker's
 * cache, so the install runs once for every image of one context.
 */
export class StageRunner {
  private readonly done = new Map<string, StageResult>();

  constructor(private readonly contextDir: string) {}

  run(
    dockerfile: Dockerfile,
    stageName: string,
    buildArgs: Record<string, string>,
    label: string,
  ): StageResult {
    const chain = stageChain(dockerfile, stageName, label);
    const stage = chain.at(-1)!;
    const inherited =
      chain.length > 1
        ? this.run(dockerfile, chain.at(-2)!.name, buildArgs, label)
        : { workdir: '/', env: {} };
    const declaredArgs = chain.flatMap(({ instructions }) =>
      instructions.filter(({ keyword }) => keyword === 'ARG').map((instruction) => argName(instruction.args)),
    );
    const key = JSON.stringify([
      substitute(chain[0]!.base, dockerfile.globalArgs),
      chain.map(({ instructions }) => instructions.map(({ keyword, flags, args }) => [keyword, flags, args])),
      declaredArgs.map((name) => buildArgs[name]),
    ]);
    const cached = this.done.get(key);
    if (cached) {
      console.log(`${label}: stage ${stage.name}: done already (Docker's cache)`);
      return cached;
    }
    const args: Record<string, string | undefined> = { ...dockerfile.globalArgs };
    let workdir = inherited.workdir;
    const env = { ...inherited.env };
    for (const instruction of stage.instructions) {
      const where = `${label}:${instruction.line}`;
      if (instruction.keyword === 'WORKDIR')
        workdir = path.posix.resolve(workdir, substitute(instruction.args, args));
      else if (instruction.keyword === 'ARG') {
        const [name = '', fallback] = instruction.args.split(/=(.*)/s);
        args[name] = buildArgs[name] ?? fallback ?? dockerfile.globalArgs[name];
      } else if (instruction.keyword === 'ENV')
        Object.assign(env, parseEnv(substitute(instruction.args, args)));
      else if (instruction.keyword === 'COPY') {
        if (instruction.flags.from) fail(`${where}: COPY --from in a build stage is not read by the check`);
        if (path.posix.resolve(workdir, substitute(shellWords(instruction.args).at(-1)!, args)) !== workdir)
          fail(`${where}: the check maps the build context onto WORKDIR; COPY elsewhere is not read`);
        this.assertContextSources(instruction.args, args, where);
      } else if (instruction.keyword === 'RUN') {
        // As in Docker: the command as written, its variables expanded by the shell from ARG and ENV.
        console.log(`${label}: stage ${stage.name}: RUN ${instruction.args}`);
        const argEnv = Object.fromEntries(
          Object.entries(args).filter((entry): entry is [string, string] => entry[1] !== undefined),
        );
        const result = spawnSync('sh', ['-c', instruction.args], {
          cwd: this.contextDir,
          env: { ...containerEnv(), ...argEnv, ...env },
          stdio: 'inherit',
        });
        if (result.status !== 0)
          fail(`${where}: RUN ${instruction.args} failed (exit ${result.status ?? result.signal})`);
      }
    }
    const result = { workdir, env };
    this.done.set(key, result);
    return result;
  }

  /** COPY sources relative to the context root must be in the context (a renamed path fails here). */
  assertContextSources(copyArgs: string, args: Record<string, string | undefined>, where: string): void {
    for (const source of shellWords(copyArgs)
      .slice(0, -1)
      .map((word) => substitute(word, args))) {
      if (/[*?[]/.test(source)) fail(`${where}: COPY with wildcards (${source}) is not read by the check`);
      if (!fs.existsSync(path.join(this.contextDir, source)))
        fail(
          `${where}: COPY ${source}: not in the build context (renamed, or excluded by the .dockerignore?)`,
        );
    }
  }
}

/** The stage named `name` and the stages it builds on, the first one built on an image. */
function stageChain(dockerfile: Dockerfile, name: string, label: string): Stage[] {
  const stage =
    dockerfile.stages.find((candidate) => candidate.name === name) ?? fail(`${label}: no stage ${name}`);
  const builtOnStage = dockerfile.stages
    .slice(0, dockerfile.stages.indexOf(stage))
    .some((candidate) => candidate.name === stage.base);
  return builtOnStage ? [...stageChain(dockerfile, stage.base, label), stage] : [stage];
}

export interface RuntimeImage {
  service: string;
  root: string;
  workdir: string;
  env: Record<string, string>;
  cmd: string[];
  healthcheck?: string[];
}

/** Docker's COPY: a directory's contents into the destination, a file into it or as it. */
function copyLikeDocker(source: string, destination: string, destinationIsDirectory: boolean): void {
  if (fs.statSync(source).isDirectory())
    fs.cpSync(source, destination, { recursive: true, verbatimSymlinks: true });
  else {
    const target = destinationIsDirectory ? path.join(destination, path.basename(source)) : destination;
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.cpSync(source, target);
  }
}

export function buildImage(
  image: ComposeImage,
  dockerfile: Dockerfile,
  runner: StageRunner,
  contextDir: string,
  root: string,
): RuntimeImage {
  const label = `${image.service} (${image.dockerfile})`;
  const final = dockerfile.stages.at(-1)!;
  if (dockerfile.stages.some((stage) => stage.name === final.base))
    fail(`${label}: the runtime stage builds on a stage; the check assembles it from its COPY lines only`);
  const declared = new Set([
    ...Object.keys(dockerfile.globalArgs),
    ...dockerfile.stages.flatMap((stage) =>
      stage.instructions.filter((i) => i.keyword === 'ARG').map((i) => argName(i.args)),
    ),
  ]);
  for (const name of Object.keys(image.args))
    if (!declared.has(name)) fail(`${label}: compose passes build arg ${name}, which no stage declares`);

  const args: Record<string, string | undefined> = { ...dockerfile.globalArgs };
  const runtime: RuntimeImage = { service: image.service, root, workdir: '/', env: {}, cmd: [] };
  fs.mkdirSync(root, { recursive: true });
  for (const instruction of final.instructions) {
    const where = `${label}:${instruction.line}`;
    const words = shellWords(substitute(instruction.args, args));
    switch (instruction.keyword) {
      case 'WORKDIR':
        runtime.workdir = path.posix.resolve(runtime.workdir, words[0]!);
        break;
      case 'ARG': {
        const [name = '', fallback] = instruction.args.split(/=(.*)/s);
        args[name] = image.args[name] ?? fallback ?? dockerfile.globalArgs[name];
        break;
      }
      case 'ENV':
        Object.assign(runtime.env, parseEnv(substitute(instruction.args, args)));
        break;
      case 'COPY': {
        const destination = path.posix.resolve(runtime.workdir, words.at(-1)!);
        const relative = path.posix.relative(runtime.workdir, destination);
        if (relative.startsWith('..'))
          fail(`${where}: COPY to ${destination}, outside WORKDIR, is not read by the check`);
        const fromStage = instruction.flags.from;
        const stageWorkdir = fromStage
          ? runner.run(dockerfile, fromStage, image.args, label).workdir
          : undefined;
        if (!fromStage) runner.assertContextSources(instruction.args, args, where);
        for (const source of words.slice(0, -1)) {
          let sourcePath = path.join(contextDir, source);
          if (stageWorkdir !== undefined) {
            const inStage = path.posix.relative(stageWorkdir, source);
            if (inStage.startsWith('..'))
              fail(
                `${where}: COPY --from=${fromStage} ${source}: outside the stage's WORKDIR ${stageWorkdir}`,
              );
            sourcePath = path.join(contextDir, inStage);
          }
          if (!fs.existsSync(sourcePath))
            fail(
              `${where}: COPY ${fromStage ? `--from=${fromStage} ` : ''}${source}: the build produced no such path`,
            );
          copyLikeDocker(
            sourcePath,
            path.join(root, relative),
            words.at(-1)!.endsWith('/') || words.length > 2,
          );
        }
        break;
      }
      case 'CMD':
        runtime.cmd = execForm(instruction.args);
        break;
      case 'HEALTHCHECK':
        runtime.healthcheck = execForm(instruction.args);
        break;
      case 'RUN':
        fail(`${where}: the runtime stage runs a command; the check cannot run it on this machine`);
        break;
      default: // USER, EXPOSE, LABEL: nothing to do on this machine
    }
  }
  if (!runtime.cmd.length) fail(`${label}: no CMD`);
  return runtime;
}
