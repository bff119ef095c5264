import fs from 'node:fs';
import path from 'node:path';

/**
 * The build context Docker (BuildKit) would send for a Dockerfile: every file of the context
 * directory that its ignore file does not exclude. The patterns follow moby/patternmatcher, the
 * matcher BuildKit uses: `*` and `?` stay within one path segment, `**` spans any number of them, a
 * pattern excludes everything under a directory it matches, `!` re-includes, and patterns are
 * relative to the context root (`*.log` matches `app.log`, not `logs/app.log`).
 */
export interface IgnorePattern {
  source: string;
  regexp: RegExp;
  exclusion: boolean;
}

/** The characters with a meaning in a RegExp but none in a Go filepath pattern (patternmatcher's list). */
const LITERAL_IN_PATTERN = new Set(['.', '+', '(', ')', '|', '{', '}', '$']);

export function patternToRegExp(pattern: string): RegExp {
  let source = '^';
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i]!;
    if (char === '*' && pattern[i + 1] === '*') {
      i++;
      if (pattern[i + 1] === '/') i++;
      source += i + 1 >= pattern.length ? '.*' : '(.*/)?';
    } else if (char === '*') source += '[^/]*';
    else if (char === '?') source += '[^/]';
    else if (char === '\\') source += i + 1 < pattern.length ? `\\${pattern[++i]}` : '\\\\';
    else source += LITERAL_IN_PATTERN.has(char) ? `\\${char}` : char;
  }
  return new RegExp(`${source}$`);
}

/** The lines of a .dockerignore as BuildKit reads them: comments, blanks, `/` prefixes and `./` dropped. */
export function parseDockerignore(text: string): IgnorePattern[] {
  const patterns: IgnorePattern[] = [];
  for (const line of text.replace(/^\uFEFF/, '').split(/\r?\n/)) {
    if (line.startsWith('#')) continue;
    let pattern = line.trim();
    const exclusion = pattern.startsWith('!');
    if (exclusion) pattern = pattern.slice(1).trim();
    if (!pattern) continue;
    pattern = path.posix.normalize(pattern).replace(/\/$/, '');
    if (pattern.length > 1 && pattern.startsWith('/')) pattern = pattern.slice(1);
    patterns.push({ source: line.trim(), regexp: patternToRegExp(pattern), exclusion });
  }
  return patterns;
}

/** patternmatcher's MatchesOrParentMatches: the last pattern that matches the file or a parent wins. */
export function isIgnored(file: string, patterns: readonly IgnorePattern[]): boolean {
  const segments = file.split('/');
  const parents = segments.slice(0, -1).map((_, index) => segments.slice(0, index + 1).join('/'));
  let ignored = false;
  for (const pattern of patterns) {
    if (pattern.exclusion !== ignored) continue;
    if (pattern.regexp.test(file) || parents.some((parent) => pattern.regexp.test(parent)))
      ignored = !pattern.exclusion;
  }
  return ignored;
}

/**
 * The ignore file BuildKit uses for `dockerfile` (relative to the context): `<Dockerfile>.dockerignore`
 * beside it, else `.dockerignore` at the context root, else none.
 */
export function ignoreFileFor(contextDir: string, dockerfile: string): string | undefined {
  return [path.join(contextDir, `${dockerfile}.dockerignore`), path.join(contextDir, '.dockerignore')].find(
    (file) => fs.existsSync(file),
  );
}

function listFiles(root: string, directory = ''): string[] {
  return fs.readdirSync(path.join(root, directory), { withFileTypes: true }).flatMap((entry) => {
    const relative = directory ? `${directory}/${entry.name}` : entry.name;
    return entry.isDirectory() ? listFiles(root, relative) : [relative];
  });
}

/** Copies what Docker would send as the context of `sourceDir` into `targetDir`; returns the file count. */
export function copyBuildContext(
  sourceDir: string,
  targetDir: string,
  patterns: readonly IgnorePattern[],
): number {
  const files = listFiles(sourceDir).filter((file) => !isIgnored(file, patterns));
  for (const file of files) {
    fs.mkdirSync(path.dirname(path.join(targetDir, file)), { recursive: true });
    fs.cpSync(path.join(sourceDir, file), path.join(targetDir, file), { verbatimSymlinks: true });
  }
  return files.length;
}
