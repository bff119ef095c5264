import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { GatewayConfig } from '@campus/gateway/config';
import { SHELL_PATHS } from '@campus/web-kit/shell-paths';
import { declaredRoutes } from '../contracts-snapshot';
import { REPO_ROOT } from '../generation/generated-file';
import { REMOTES, SERVICES } from '../service-registry';
import { SERVICE_NAME } from '../topology';
import {
  domainFiles,
  domainNames,
  TEMPLATE_NAME,
  withRepositoryPins,
  type DomainNames,
} from './domain-template';
import { withEventConsumers } from '../generation/event-consumers-doc';
import { withRegistryEntry } from './registry-entry';

/**
 * `npm run new:domain <name>`: writes a new domain from the templates (infra/local/templates/domain),
 * adds it to the platform registry (one SERVICES entry, one REMOTES entry), then runs what follows from
 * the registry and the code: `npm run generate` (the gateway's routes, compose, the broker, remotes.json,
 * the typed API catalogues), the first migration, the contracts snapshot, the configuration doc and the
 * event catalogue's consumers. It never overwrites a file: a name it cannot take is refused before
 * anything is written. The test is infra/local/test/new-domain.test.ts.
 */
export interface GenerateDomainOptions {
  name: string;
  /**
   * true (default): `npm install`, which links the new workspaces and records them in
   * package-lock.json. false: link them in node_modules only (tests; run `npm install` before committing).
   */
  install?: boolean;
  log?: (line: string) => void;
}

export interface GeneratedDomain {
  names: DomainNames;
  apiPrefix: string;
  port: number;
  /** New files, repository-relative. */
  written: string[];
  /** Files the generator changed itself (the registry, the runner's dependencies, the event catalogue). */
  edited: string[];
  /** What the repository's own generators said they wrote. */
  regenerated: string[];
  /** What is left for a person. */
  next: string[];
}

export class DomainGeneratorError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DomainGeneratorError';
  }
}

/** Postgres identifiers end at 63 bytes: `campus_<name>` and `<name>_migrations` stay well inside. */
const MAX_NAME_LENGTH = 40;

/** Names a domain cannot take, though they are plain lower-case words, and why. */
const RESERVED: Record<string, string> = {
  [TEMPLATE_NAME]: 'the templates’ own name (infra/local/templates/domain)',
  gateway: 'a container of the platform (docker-compose.yml)',
  postgres: 'a container of the platform (docker-compose.yml)',
  rabbitmq: 'a container of the platform (docker-compose.yml)',
  shell: 'the host application (its container is web-shell)',
  api: 'the path of the API (/api)',
  remotes: 'the path the remotes are served at (/remotes/<name>/)',
  health: 'the gateway’s own /api/health',
  docs: 'the gateway’s own /api/docs',
  public: 'PostgreSQL’s default schema',
  drizzle: 'the schema that holds every service’s migration journal',
  constructor: 'a property every JavaScript object has (lookups by name would find it)',
};

const REPO = (...parts: string[]) => path.join(REPO_ROOT, ...parts);
const relative = (file: string) => path.relative(REPO_ROOT, file);
/** Whole path segments, case aside (Express matches paths case-insensitively). */
const related = (a: string, b: string) => {
  const [x, y] = [a.toLowerCase(), b.toLowerCase()];
  return x === y || x.startsWith(`${y}/`) || y.startsWith(`${x}/`);
};

/** Why `name` cannot be a new domain, or undefined when it can. */
function refusal(name: string, apiPrefix: string): string | undefined {
  if (!SERVICE_NAME.test(name) || name.length > MAX_NAME_LENGTH)
    return `'${name}': a domain name is 1 to ${MAX_NAME_LENGTH} lower-case letters (it is also a schema, a database, a queue, an env prefix and a path)`;
  const reserved = RESERVED[name];
  if (reserved) return `'${name}' is reserved: it is ${reserved}`;
  if (SERVICES.some((s) => s.definition.name === name) || fs.existsSync(REPO('services', name)))
    return `services/${name} already exists: the domain is there`;
  if (REMOTES.some((r) => r.name === name) || fs.existsSync(REPO('frontends', name)))
    return `frontends/${name} already exists: a remote of that name is there`;
  for (const { definition } of SERVICES)
    for (const route of declaredRoutes(definition))
      if (related(route.path, apiPrefix))
        return `${apiPrefix} is already routed to '${definition.name}' (${route.method.toUpperCase()} ${route.path}): choose another name`;
  const remotePath = `/${name}`;
  if (SHELL_PATHS.has(remotePath)) return `${remotePath} is a screen of the shell: choose another name`;
  for (const remote of REMOTES)
    for (const taken of remote.paths)
      if (related(taken, remotePath))
        return `${remotePath} is already a path of the '${remote.name}' remote (${taken}): choose another name`;
  // `<NAME>_X` is this service's own setting X (runner-env.ts): a name that is the head of another
  // setting (NODE_OPTIONS, LOG_LEVEL, JWT_PUBLIC_KEY) would take that setting from every other process.
  const prefix = `${name.toUpperCase()}_`;
  const settings = [
    ...Object.keys(GatewayConfig.shape),
    ...SERVICES.flatMap(({ definition }) =>
      Object.keys((definition.configSchema as { shape?: object }).shape ?? {}),
    ),
    // What Node.js, npm and OpenTelemetry read from every process's environment.
    'NODE_ENV',
    'NODE_OPTIONS',
    'NODE_EXTRA_CA_CERTS',
    'NPM_CONFIG_REGISTRY',
    'OTEL_EXPORTER_OTLP_ENDPOINT',
  ];
  const taken = settings.find((key) => key.startsWith(prefix));
  if (taken) return `'${name}' would read ${taken} as its own setting (${prefix}*): choose another name`;
  return undefined;
}

/** Names the new contracts export or register (`HackathonsItem`) that another contracts module already has. */
function contractNameClashes(files: ReadonlyArray<{ file: string; content: string }>): string[] {
  const contractsDir = REPO('packages', 'contracts', 'src');
  const ours = files.filter((f) => path.dirname(f.file) === path.join('packages', 'contracts', 'src'));
  const introduced = new Set(
    ours.flatMap(({ content }) => [
      ...[...content.matchAll(/export (?:const|type|interface|function) (\w+)/g)].map((m) => m[1]!),
      ...[...content.matchAll(/(?:id: |With\()'(\w+)'/g)].map((m) => m[1]!),
    ]),
  );
  const existing = fs
    .readdirSync(contractsDir)
    .filter((file) => file.endsWith('.ts'))
    .map((file) => fs.readFileSync(path.join(contractsDir, file), 'utf8'))
    .join('\n');
  return [...introduced].filter((name) => new RegExp(`\\b${name}\\b`).test(existing));
}

/** The version the repository pins for every dependency and workspace (one each: `npm run lint`). */
function repositoryPins(): Map<string, string> {
  const read = (dir: string) =>
    JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
      name: string;
      version: string;
      workspaces?: string[];
      dependencies?: Record<string, string>;
      devDependencies?: Record<string, string>;
    };
  const root = read(REPO_ROOT);
  const dirs = (root.workspaces ?? []).flatMap((pattern) => {
    if (!pattern.endsWith('/*')) return [REPO(pattern)];
    const parent = REPO(pattern.slice(0, -2));
    return fs.existsSync(parent) ? fs.readdirSync(parent).map((d) => path.join(parent, d)) : [];
  });
  const pins = new Map<string, string>();
  for (const manifest of [
    root,
    ...dirs.filter((d) => fs.existsSync(path.join(d, 'package.json'))).map(read),
  ]) {
    if (manifest !== root) pins.set(manifest.name, manifest.version);
    for (const [dependency, version] of Object.entries({
      ...manifest.dependencies,
      ...manifest.devDependencies,
    }))
      pins.set(dependency, version);
  }
  return pins;
}

function run(command: string, args: string[], cwd = REPO_ROOT): string {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', stdio: 'pipe' });
  if (result.status !== 0)
    throw new DomainGeneratorError(
      `${command} ${args.join(' ')} failed (${result.status}):\n${result.stdout}\n${result.stderr}`,
    );
  return result.stdout;
}

export function generateDomain(options: GenerateDomainOptions): GeneratedDomain {
  const log = options.log ?? (() => undefined);
  const { name } = options;
  const apiPrefix = `/api/${name}`;

  // Everything is decided before the first write: a refusal leaves the repository as it was.
  const refused = refusal(name, apiPrefix);
  if (refused) throw new DomainGeneratorError(refused);
  const names = domainNames(name);
  const pins = repositoryPins();
  const files = domainFiles(names).map(({ file, content }) => ({
    file,
    content: path.basename(file) === 'package.json' ? withRepositoryPins(content, pins) : content,
  }));
  const clashes = files.map((f) => f.file).filter((file) => fs.existsSync(REPO(file)));
  if (clashes.length)
    throw new DomainGeneratorError(`these exist already, nothing was written: ${clashes.join(', ')}`);
  const taken = contractNameClashes(files);
  if (taken.length)
    throw new DomainGeneratorError(
      `packages/contracts already uses ${taken.join(', ')}: choose another name, nothing was written`,
    );
  const port = Math.max(...SERVICES.map((s) => s.port)) + 1;
  const registryFile = REPO('infra', 'local', 'src', 'service-registry.ts');
  const registry = withRegistryEntry(fs.readFileSync(registryFile, 'utf8'), { name, port });
  // npm run generate writes docs/events.md's consumers: refuse now, before writing, if it could not.
  withEventConsumers(fs.readFileSync(REPO('docs', 'events.md'), 'utf8'), []);

  // 1. The domain's files and the registry entry (the runners reach the service through the registry).
  for (const { file, content } of files) {
    fs.mkdirSync(path.dirname(REPO(file)), { recursive: true });
    fs.writeFileSync(REPO(file), content);
  }
  fs.writeFileSync(registryFile, registry);
  const written = files.map((f) => f.file);
  const edited = [relative(registryFile)];
  const bin = (tool: string) => REPO('node_modules', '.bin', tool);
  // Renaming changes line lengths: the copies are laid out again as the repository lays out code.
  run(bin('prettier'), ['--write', '--log-level', 'warn', relative(registryFile), ...written]);

  // 2. Link the workspaces.
  if (options.install !== false) {
    log('npm install (links the new workspaces, updates package-lock.json)');
    run('npm', ['install', '--no-audit', '--no-fund']);
    edited.push('package-lock.json');
  } else {
    for (const [pkg, dir] of [
      [`${name}-service`, path.join('services', name)],
      [`${name}-web`, path.join('frontends', name)],
    ] as const) {
      const link = REPO('node_modules', '@campus', pkg);
      if (!fs.existsSync(link)) fs.symlinkSync(path.join('..', '..', dir), link);
    }
  }

  // 3. What follows from the code: the first migration, then everything generated from the registry.
  const serviceDir = REPO('services', name);
  log('drizzle-kit generate (the first migration)');
  run(bin('drizzle-kit'), ['generate', '--name', 'init'], serviceDir);
  for (const file of fs.readdirSync(path.join(serviceDir, 'migrations'), {
    recursive: true,
    encoding: 'utf8',
  }))
    if (fs.statSync(path.join(serviceDir, 'migrations', file)).isFile())
      written.push(relative(path.join(serviceDir, 'migrations', file)));

  const regenerated: string[] = [];
  for (const [what, script] of [
    ['npm run generate', 'scripts/generate.ts'],
    ['npm run contracts:snapshot', 'scripts/contracts-snapshot.ts'],
    ['npm run docs:config', 'scripts/generate-configuration-doc.ts'],
  ] as const) {
    log(what);
    regenerated.push(`${what}: ${run(bin('tsx'), [script]).trim()}`);
  }

  const next = [
    `Shape services/${name}: its rules (src/domain), data (src/data/schema.ts, then \`npm run db:generate -w services/${name}\`), routes and tests; after changing a route, \`npm run generate\` and \`npm run contracts:snapshot\`.`,
    `Events: what it emits goes into packages/contracts/src/events.ts and its \`produces\`, what it consumes into \`consumes\` and its handlers; then \`npm run generate\`, and the row in docs/events.md.`,
    `Add /${name} to the nav bar (shell/src/layout/nav-bar.tsx) if it is a top-level screen.`,
    `Write what the domain is for in docs/${name}.md and DESIGN.md's tables (§1 services, §6 events).`,
    ...(options.install === false
      ? ['Run `npm install` so package-lock.json records the new workspaces.']
      : []),
  ];
  return { names, apiPrefix, port, written, edited, regenerated, next };
}
