import fs from 'node:fs';
import path from 'node:path';
import { execForm, parseDockerfile, parseEnv, shellWords, substitute } from '../src/dockerfile';

const repoRoot = path.resolve(__dirname, '..', '..', '..');

describe('a Dockerfile read into stages', () => {
  const dockerfile = parseDockerfile(
    [
      '# syntax=docker/dockerfile:1.7',
      'ARG NODE_IMAGE=node:20.19-bookworm-slim',
      'FROM ${NODE_IMAGE} AS deps',
      'WORKDIR /repo',
      'RUN --mount=type=cache,target=/root/.npm sh install.sh \\',
      '  # a comment inside the continuation',
      '  --flag',
      'FROM deps AS build',
      'ARG SERVICE',
      'FROM ${NODE_IMAGE} AS runtime',
      'ENV NODE_ENV=production \\',
      '    WEB_ROOT=/app/web',
      'COPY --from=build --chown=root:root /repo/dist/image/ /app/',
      'HEALTHCHECK --interval=10s CMD ["node", "-e", "process.exit(0)"]',
      'CMD ["node", "dist/main.js"]',
    ].join('\n'),
  );

  it('when stages build on each other, then each names its base and its instructions in order', () => {
    expect(dockerfile.globalArgs).toEqual({ NODE_IMAGE: 'node:20.19-bookworm-slim' });
    expect(dockerfile.stages.map(({ name, base }) => [name, base])).toEqual([
      ['deps', '${NODE_IMAGE}'],
      ['build', 'deps'],
      ['runtime', '${NODE_IMAGE}'],
    ]);
  });

  it('when an instruction continues over lines with a comment between, then it is one instruction with its flags apart', () => {
    expect(dockerfile.stages[0]!.instructions[1]).toEqual({
      keyword: 'RUN',
      flags: { mount: 'type=cache,target=/root/.npm' },
      args: 'sh install.sh --flag',
      line: 5,
    });
  });

  it('when the runtime stage sets its environment, copies, checks health and runs, then each part is readable', () => {
    const [env, copy, healthcheck, cmd] = dockerfile.stages[2]!.instructions;
    expect(parseEnv(env!.args)).toEqual({ NODE_ENV: 'production', WEB_ROOT: '/app/web' });
    expect(copy!.flags).toEqual({ from: 'build', chown: 'root:root' });
    expect(shellWords(copy!.args)).toEqual(['/repo/dist/image/', '/app/']);
    expect(execForm(healthcheck!.args)).toEqual(['node', '-e', 'process.exit(0)']);
    expect(execForm(cmd!.args)).toEqual(['node', 'dist/main.js']);
  });

  it('when an instruction is one the check does not read, then parsing fails instead of skipping it', () => {
    expect(() => parseDockerfile('FROM node:20\nONBUILD RUN true\n')).toThrow(
      'line 2: ONBUILD is not an instruction',
    );
  });

  it.each(['service.Dockerfile', 'gateway.Dockerfile'])(
    'when %s is read, then it ends in a runtime stage with a CMD',
    (file) => {
      const { stages } = parseDockerfile(fs.readFileSync(path.join(repoRoot, 'infra/docker', file), 'utf8'));
      expect(stages.at(-1)!.instructions.some((instruction) => instruction.keyword === 'CMD')).toBe(true);
    },
  );
});

describe('words and variables', () => {
  it('when values are quoted or escaped, then they split as a shell splits them', () => {
    expect(shellWords(`A="two words" B='single \\ quoted' C=a\\ b`)).toEqual([
      'A=two words',
      'B=single \\ quoted',
      'C=a b',
    ]);
    expect(parseEnv('LEGACY a value')).toEqual({ LEGACY: 'a value' });
  });

  it('when a variable is braced or bare, then it is replaced, and an unknown one is empty', () => {
    expect(substitute('${SERVICE}/src and $SERVICE and ${MISSING}.', { SERVICE: 'services/identity' })).toBe(
      'services/identity/src and services/identity and .',
    );
  });
});
