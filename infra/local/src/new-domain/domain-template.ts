import fs from 'node:fs';
import path from 'node:path';
import { repoPath } from '../generation/generated-file';

/**
 * The new-domain template: infra/local/templates/domain holds a complete domain named `example`
 * (service, contracts, its typed API catalogue, remote, seed, the three tests, docs page), laid out as
 * the repository is. It is code: the repository's tsconfig type-checks it and lint checks it as it
 * is (ADR 0097). `npm run new:domain <name>` copies it with `example`, `Example` and `EXAMPLE`
 * renamed in every path and file.
 */
export const TEMPLATE_ROOT = repoPath('infra', 'local', 'templates', 'domain');
export const TEMPLATE_NAME = 'example';

export interface DomainNames {
  /** `hackathons`: the service, schema, queue, compose service, remote and file names. */
  name: string;
  /** `Hackathons`: types and components. */
  Name: string;
  /** `HACKATHONS`: constants. */
  NAME: string;
}

export const domainNames = (name: string): DomainNames => ({
  name,
  Name: name.charAt(0).toUpperCase() + name.slice(1),
  NAME: name.toUpperCase(),
});

const PLACEHOLDER = /example|Example|EXAMPLE/g;

/** `text` with the template's name in each of its forms replaced by the domain's. */
export function renamed(text: string, names: DomainNames): string {
  return text.replace(PLACEHOLDER, (form) =>
    form === TEMPLATE_NAME ? names.name : form === 'EXAMPLE' ? names.NAME : names.Name,
  );
}

/** Every file of the template, relative to its root (and so to the repository's). */
export function templateFiles(): string[] {
  return (fs.readdirSync(TEMPLATE_ROOT, { recursive: true, encoding: 'utf8' }) as string[])
    .filter((file) => fs.statSync(path.join(TEMPLATE_ROOT, file)).isFile())
    .sort();
}

/** The domain's files: each template file renamed, path and content. */
export function domainFiles(names: DomainNames): Array<{ file: string; content: string }> {
  return templateFiles().map((file) => ({
    file: renamed(file, names),
    content: renamed(fs.readFileSync(path.join(TEMPLATE_ROOT, file), 'utf8'), names),
  }));
}

interface Manifest {
  dependencies?: Record<string, string>;
}

/**
 * A template's package.json with each dependency at the version the repository pins (one exact
 * version each, checked by `npm run lint`), so a template never brings a stale pin into the repository.
 */
export function withRepositoryPins(manifestText: string, pins: ReadonlyMap<string, string>): string {
  const manifest = JSON.parse(manifestText) as Manifest;
  for (const dependency of Object.keys(manifest.dependencies ?? {})) {
    const pinned = pins.get(dependency);
    if (!pinned) throw new Error(`the template depends on ${dependency}, which no workspace pins`);
    manifest.dependencies![dependency] = pinned;
  }
  return `${JSON.stringify(manifest, null, 2)}\n`;
}
