import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { copyBuildContext, ignoreFileFor, isIgnored, parseDockerignore } from '../src/docker-context';

const repoRoot = path.resolve(__dirname, '..', '..', '..');

describe('a .dockerignore read the way BuildKit reads it', () => {
  const patterns = parseDockerignore(
    [
      '# comment',
      '**/node_modules',
      'dist/',
      '/docs',
      '*.log',
      '.env.*',
      '**/test',
      'secrets',
      '!secrets/public.pem',
    ].join('\n'),
  );

  it.each([
    ['node_modules/express/index.js', true],
    ['services/identity/node_modules/x/index.js', true],
    ['dist/web/index.html', true],
    ['docs/operations.md', true],
    ['npm-debug.log', true],
    ['.env.production', true],
    ['services/identity/test/auth-api.test.ts', true],
    ['secrets/private.pem', true],
  ])('when a path is excluded (%s), then it is left out', (file, ignored) => {
    expect(isIgnored(file, patterns)).toBe(ignored);
  });

  it.each([
    ['services/identity/src/main.ts', false],
    ['services/identity/dist-notes.md', false],
    ['logs/app.log', false],
    ['services/identity/.env.local', false],
    ['packages/contracts/src/testing.ts', false],
    ['secrets/public.pem', false],
    ['# comment', false],
  ])('when a path is not excluded or re-included (%s), then it is sent', (file, ignored) => {
    expect(isIgnored(file, patterns)).toBe(ignored);
  });
});

describe('the build context of each Dockerfile', () => {
  it('when a Dockerfile has its own ignore file beside it, then that one applies', () => {
    expect(ignoreFileFor(repoRoot, 'infra/docker/service.Dockerfile')).toBe(
      path.join(repoRoot, 'infra/docker/service.Dockerfile.dockerignore'),
    );
  });

  it('when the context is copied, then excluded files stay behind and the rest keeps its place', () => {
    const source = fs.mkdtempSync(path.join(os.tmpdir(), 'context-source-'));
    const target = fs.mkdtempSync(path.join(os.tmpdir(), 'context-target-'));
    try {
      for (const file of [
        'package.json',
        'services/a/src/main.ts',
        'services/a/test/a.test.ts',
        'node_modules/x/i.js',
      ])
        fs.mkdirSync(path.dirname(path.join(source, file)), { recursive: true });
      for (const file of [
        'package.json',
        'services/a/src/main.ts',
        'services/a/test/a.test.ts',
        'node_modules/x/i.js',
      ])
        fs.writeFileSync(path.join(source, file), file);

      const count = copyBuildContext(source, target, parseDockerignore('**/node_modules\n**/test\n'));

      expect(count).toBe(2);
      expect(fs.readFileSync(path.join(target, 'services/a/src/main.ts'), 'utf8')).toBe(
        'services/a/src/main.ts',
      );
      expect(fs.existsSync(path.join(target, 'services/a/test'))).toBe(false);
      expect(fs.existsSync(path.join(target, 'node_modules'))).toBe(false);
    } finally {
      fs.rmSync(source, { recursive: true, force: true });
      fs.rmSync(target, { recursive: true, force: true });
    }
  });
});
