import fs from 'node:fs';
import path from 'node:path';

/**
 * One exact version of each dependency across the repository: every workspace pins exactly
 * (no ^ or ~) and no two workspaces disagree. Part of `npm run lint`.
 */
const root = path.resolve(__dirname, '..');
const rootManifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  workspaces: string[];
};

function workspaceDirs(): string[] {
  const dirs = [root];
  for (const pattern of rootManifest.workspaces) {
    if (pattern.endsWith('/*')) {
      const parent = path.join(root, pattern.slice(0, -2));
      if (!fs.existsSync(parent)) continue;
      for (const d of fs.readdirSync(parent)) dirs.push(path.join(parent, d));
    } else dirs.push(path.join(root, pattern));
  }
  return dirs.filter((d) => fs.existsSync(path.join(d, 'package.json')));
}

const seen = new Map<string, Map<string, string[]>>();
const problems: string[] = [];
for (const dir of workspaceDirs()) {
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  const where = path.relative(root, dir) || '(root)';
  for (const field of ['dependencies', 'devDependencies', 'optionalDependencies']) {
    for (const [name, version] of Object.entries((manifest[field] as Record<string, string>) ?? {})) {
      if (!/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(version))
        problems.push(`${where}: ${name}@${version} is not an exact version`);
      const versions = seen.get(name) ?? new Map<string, string[]>();
      versions.set(version, [...(versions.get(version) ?? []), where]);
      seen.set(name, versions);
    }
  }
}
for (const [name, versions] of seen)
  if (versions.size > 1)
    problems.push(
      `${name} has ${versions.size} versions: ${[...versions].map(([v, w]) => `${v} (${w.join(', ')})`).join('; ')}`,
    );

if (problems.length) {
  console.error(`Dependency versions:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  process.exit(1);
}
console.log(`Dependency versions: ${seen.size} dependencies, one exact version each.`);
