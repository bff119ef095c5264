import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { API_ROUTES, resolveRoute } from '@campus/gateway/route-table';
import { SERVICES } from '../platform-registry';
import {
  composeServiceBlock,
  databaseName,
  INFRASTRUCTURE_SERVICES,
  SERVICE_NAME,
  serviceUrlVariable,
} from '../topology';
import * as templates from './domain-templates';
import type { DomainNames, PinnedVersions } from './domain-templates';

/**
 * `npm run new:domain <name>`: writes a new domain from the templates and wires it into every
 * runner, then regenerates what is generated (migrations, broker definitions, configuration doc).
 * It never overwrites a file; anything it cannot place it refuses before writing.
 */
export interface GenerateDomainOptions {
  name: string;
  /** The repository to write into (default: the one this file is in). */
  repoRoot?: string;
  /**
   * true (default): `npm install`, which links the new workspaces and records them in
   * package-lock.json. false: link them in node_modules only (tests; run `npm install` before committing).
   */
  install?: boolean;
  log?: (line: string) => void;
}

export interface GeneratedDomain {
  names: DomainNames;
  written: string[];
  edited: string[];
  kept: string[];
  /** What is left for a person. */
  next: string[];
}

export class DomainGeneratorError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DomainGeneratorError';
  }
}

const RESERVED = new Set<string>([...INFRASTRUCTURE_SERVICES, 'shell', 'web', 'kit', 'common', 'paging']);

/** The domain's API prefix: the gateway's own one for it (`/api/job` for careers), else `/api/<name>`. */
function apiPrefixFor(name: string): { prefix: string; newRoute: boolean } {
  const owned = API_ROUTES.filter((r) => r.service === name).map((r) => r.prefix);
  const top = owned.find((p) => p.split('/').length === 3) ?? owned[0];
  if (top) return { prefix: top, newRoute: false };
  const prefix = `/api/${name}`;
  const taken = resolveRoute(prefix);
  if (taken)
    throw new DomainGeneratorError(
      `${prefix} is already routed to '${taken.service}' (gateway/src/route-table.ts): choose another name`,
    );
  return { prefix, newRoute: true };
}

function pinnedVersions(root: string): PinnedVersions {
  const deps = (file: string) =>
    (JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')) as { dependencies: Record<string, string> })
      .dependencies;
  const service = deps('services/library/package.json');
  const web = deps('frontends/library/package.json');
  const pick = (from: Record<string, string>, names: string[]) =>
    Object.fromEntries(
      names.map((n) => {
        const version = n.startsWith('@campus/') ? '0.1.0' : from[n];
        if (!version) throw new DomainGeneratorError(`cannot find the pinned version of ${n}`);
        return [n, version];
      }),
    );
  return {
    service: pick(service, ['@campus/contracts', '@campus/service-kit', 'drizzle-orm', 'zod']),
    web: pick(web, [
      '@campus/contracts',
      '@campus/ui',
      '@campus/web-kit',
      '@tanstack/react-query',
      'react',
      'react-dom',
      'react-router-dom',
    ]),
  };
}

/** One text edit at an anchor; refuses (naming the file) when the anchor is not there. */
function insertAt(text: string, file: string, anchor: RegExp, insert: (match: RegExpExecArray) => string) {
  const match = anchor.exec(text);
  if (!match)
    throw new DomainGeneratorError(
      `${file}: cannot find where to add the new domain (${anchor}); add it by hand`,
    );
  const end = match.index + match[0].length;
  return text.slice(0, match.index) + insert(match) + text.slice(end);
}

function run(root: string, command: string, args: string[], cwd = root) {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', stdio: 'pipe' });
  if (result.status !== 0)
    throw new DomainGeneratorError(
      `${command} ${args.join(' ')} failed (${result.status}):\n${result.stdout}\n${result.stderr}`,
    );
  return result.stdout;
}

export function generateDomain(options: GenerateDomainOptions): GeneratedDomain {
  const root = options.repoRoot ?? path.resolve(__dirname, '..', '..', '..', '..');
  const log = options.log ?? (() => undefined);
  const { name } = options;
  const at = (...parts: string[]) => path.join(root, ...parts);
  const rel = (file: string) => path.relative(root, file);

  // Refuse before writing anything.
  if (!SERVICE_NAME.test(name))
    throw new DomainGeneratorError(
      `'${name}': a domain name is lower-case letters only (it is also a schema, a database, a queue and an env prefix)`,
    );
  if (RESERVED.has(name)) throw new DomainGeneratorError(`'${name}' is reserved`);
  if (SERVICES.some((s) => s.definition.name === name) || fs.existsSync(at('services', name)))
    throw new DomainGeneratorError(`services/${name} already exists: the domain is there`);
  const { prefix: apiPrefix, newRoute } = apiPrefixFor(name);
  const port = Math.max(...SERVICES.map((s) => s.port)) + 1;
  // The event catalogue is contracts/src/events.ts: the events domain's contracts go beside it.
  const contractsModule = fs.existsSync(at('packages', 'contracts', 'src', `${name}.ts`))
    ? `${name}-domain`
    : name;
  const names = templates.namesFor(name, apiPrefix, port, contractsModule);
  const frontendExists = fs.existsSync(at('frontends', name));
  const remotesFile = at('shell', 'public', 'remotes.json');
  const remotes = JSON.parse(fs.readFileSync(remotesFile, 'utf8')) as Record<string, { paths: string[] }>;
  if (!frontendExists && Object.values(remotes).some((r) => r.paths.includes(`/${name}`)))
    throw new DomainGeneratorError(
      `/${name} is already a path of another remote (shell/public/remotes.json)`,
    );
  const versions = pinnedVersions(root);

  // Everything is planned in memory first: a clash or a missing anchor refuses before any write.
  const files = new Map<string, string>();
  const edits = new Map<string, string>();
  const kept: string[] = [];
  const write = (file: string, content: string) => files.set(file, content);
  const edit = (file: string, change: (text: string) => string) =>
    edits.set(file, change(edits.get(file) ?? fs.readFileSync(file, 'utf8')));
  // Names that clash with what is there (docs/events.md is the bus's page) get a -domain suffix.
  const free = (dir: string[], base: string, ext: string) =>
    fs.existsSync(at(...dir, `${base}${ext}`))
      ? at(...dir, `${base}-domain${ext}`)
      : at(...dir, `${base}${ext}`);

  // 1. The service.
  const service = (...parts: string[]) => at('services', name, ...parts);
  write(service('package.json'), templates.servicePackageJson(names, versions));
  write(service('drizzle.config.ts'), templates.drizzleConfig(names));
  write(service('src', 'config.ts'), templates.serviceConfig(names));
  write(service('src', 'main.ts'), templates.serviceMain(names));
  write(service('src', 'service.ts'), templates.serviceDefinition(names));
  write(service('src', 'data', 'schema.ts'), templates.dataSchema(names));
  write(service('src', 'data', 'item-store.ts'), templates.itemStore(names));
  write(service('src', 'domain', 'items.ts'), templates.itemsDomain(names));
  write(service('src', 'events', `${name}-event-handlers.ts`), templates.eventHandlers(names));
  write(service('src', 'http', `${name}-routes.ts`), templates.httpRoutes(names));
  write(service('test', `${name}-api.test.ts`), templates.serviceTest(names));

  // 2. Contracts, seed, docs.
  write(at('packages', 'contracts', 'src', `${contractsModule}.ts`), templates.contractsFile(names));
  write(at('infra', 'local', 'src', 'seeds', `${name}.ts`), templates.seedStep(names));
  const docFile = free(['docs'], name, '.md');
  write(docFile, templates.domainDoc(names, frontendExists ? 'kept' : 'generated'));

  // 3. The remote, unless the domain's placeholder is there (its routes are the spec's screens).
  if (frontendExists) kept.push(`frontends/${name}`);
  else {
    const web = (...parts: string[]) => at('frontends', name, ...parts);
    write(web('package.json'), templates.webPackageJson(names, versions));
    write(web('federation.config.ts'), templates.federationConfig(names));
    write(web('src', 'index.ts'), templates.remoteIndex());
    write(web('src', 'bootstrap.tsx'), templates.remoteBootstrap(names));
    write(web('src', 'routes.tsx'), templates.remoteRoutes(names));
    write(web('src', `${name}-api.ts`), templates.remoteApi(names));
    write(web('src', `${name}-page.tsx`), templates.remotePage(names));
    edit(remotesFile, (text) =>
      insertAt(
        text,
        'shell/public/remotes.json',
        /\n}\s*$/,
        () =>
          `,\n  "${name}": { "manifest": "/remotes/${name}/mf-manifest.json", "paths": ["/${name}"] }\n}\n`,
      ),
    );
  }

  // 4. Wiring: registry, runner dependency, seeds, gateway, compose.
  const serviceVar = `${name}Service`;
  edit(at('infra', 'local', 'src', 'platform-registry.ts'), (text) => {
    const imported = insertAt(
      text,
      'infra/local/src/platform-registry.ts',
      /(^import \{ \w+Service \} from '@campus\/[\w-]+-service\/service';\n)(?![\s\S]*^import \{ \w+Service \})/m,
      (m) => `${m[0]}import { ${serviceVar} } from '@campus/${name}-service/service';\n`,
    );
    return insertAt(
      imported,
      'infra/local/src/platform-registry.ts',
      /(\n)(\];\s*)$/,
      (m) =>
        `${m[1]}  { definition: ${serviceVar}, main: 'services/${name}/src/main.ts', port: ${port} },\n${m[2]}`,
    );
  });
  edit(at('infra', 'local', 'package.json'), (text) => {
    const manifest = JSON.parse(text) as { dependencies: Record<string, string> };
    manifest.dependencies[`@campus/${name}-service`] = '0.1.0';
    return `${JSON.stringify(manifest, null, 2)}\n`;
  });
  edit(at('infra', 'local', 'src', 'seed.ts'), (text) => {
    const imported = insertAt(
      text,
      'infra/local/src/seed.ts',
      /(^import \{ \w+Seed \} from '\.\/seeds\/[\w-]+';\n)(?![\s\S]*^import \{ \w+Seed \})/m,
      (m) => `${m[0]}import { ${name}Seed } from './seeds/${name}';\n`,
    );
    return insertAt(
      imported,
      'infra/local/src/seed.ts',
      /(const STEPS: SeedStep\[\] = \[[^\]]*?)(,?\s*\];)/,
      (m) => `${m[1]}, ${name}Seed${m[2]!.replace(/^,/, '')}`,
    );
  });
  if (newRoute)
    edit(at('gateway', 'src', 'route-table.ts'), (text) =>
      insertAt(
        text,
        'gateway/src/route-table.ts',
        /(export const API_ROUTES[\s\S]*?\n)(\];)/,
        (m) => `${m[1]}  { prefix: '${apiPrefix}', service: '${name}' },\n${m[2]}`,
      ),
    );
  const last = SERVICES.at(-1)!.definition.name;
  edit(at('docker-compose.yml'), (text) => {
    const file = 'docker-compose.yml';
    const lastBlock = composeServiceBlock(text, last);
    let out = insertAt(
      text,
      file,
      new RegExp(`^ {2}${last}:\\n${escapeRegExp(lastBlock)}`, 'm'),
      (m) =>
        `${m[0].replace(/\n*$/, '\n')}\n  ${name}:\n    <<: *service\n    build:\n      context: .\n      dockerfile: infra/docker/service.Dockerfile\n      args:\n        SERVICE: services/${name}\n    image: campus-connect/${name}\n    environment:\n      <<: *service-env\n      DATABASE_URL: postgres://\${POSTGRES_USER}:\${POSTGRES_PASSWORD}@postgres:5432/${databaseName(name)}\n\n`,
    );
    out = insertAt(
      out,
      file,
      new RegExp(`^ {6}${serviceUrlVariable(last)}: .*\\n`, 'm'),
      (m) => `${m[0]}      ${serviceUrlVariable(name)}: http://${name}:8080\n`,
    );
    out = insertAt(
      out,
      file,
      new RegExp(`^ {6}${last}:\\n {8}condition: service_healthy\\n`, 'm'),
      (m) => `${m[0]}      ${name}:\n        condition: service_healthy\n`,
    );
    out = insertAt(out, file, /^(\s+CAMPUS_SERVICES: .*)$/m, (m) => `${m[1]} ${name}`);
    return insertAt(out, file, new RegExp(`-d ${databaseName(last)}'`), () => `-d ${databaseName(name)}'`);
  });

  // The remote's own container (ADR 0084): its compose block after the last frontend's, its URL in
  // the gateway's environment, its line in the gateway's web route table.
  if (!frontendExists) {
    const lastRemote = Object.keys(remotes).at(-1)!;
    const remoteUrl = (remote: string) => `WEB_${remote.toUpperCase().replace(/-/g, '_')}_URL`;
    edit(at('docker-compose.yml'), (text) => {
      const file = 'docker-compose.yml';
      const lastBlock = composeServiceBlock(text, `web-${lastRemote}`);
      const out = insertAt(
        text,
        file,
        new RegExp(`^ {2}web-${lastRemote}:\\n${escapeRegExp(lastBlock)}`, 'm'),
        (m) =>
          `${m[0].replace(/\n*$/, '\n')}\n  web-${name}:\n    <<: *web\n    build:\n      context: .\n      dockerfile: infra/docker/web.Dockerfile\n      args:\n        APP: ${name}\n    image: campus-connect/web-${name}\n    environment:\n      BASE_PATH: /remotes/${name}/\n      SPA: 'false'\n\n`,
      );
      return insertAt(
        out,
        file,
        new RegExp(`^ {6}${remoteUrl(lastRemote)}: .*\\n`, 'm'),
        (m) => `${m[0]}      ${remoteUrl(name)}: http://web-${name}:8080\n`,
      );
    });
    edit(at('gateway', 'src', 'web-route-table.ts'), (text) =>
      insertAt(
        text,
        'gateway/src/web-route-table.ts',
        /(export const WEB_REMOTES = \[[^\]]*?)(\] as const;)/,
        (m) => `${m[1]}, '${name}'${m[2]}`,
      ),
    );
  }

  const clashes = [...files.keys()].filter((file) => fs.existsSync(file)).map(rel);
  if (clashes.length)
    throw new DomainGeneratorError(`these exist already, nothing was written: ${clashes.join(', ')}`);
  for (const [file, content] of files) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content);
  }
  for (const [file, content] of edits) fs.writeFileSync(file, content);
  const written = [...files.keys()].map(rel);
  const edited = [...edits.keys()].map(rel);

  // 5. Link the workspaces, then what is generated from the code.
  if (options.install !== false) {
    log('npm install (links the new workspaces, updates package-lock.json)');
    run(root, 'npm', ['install', '--no-audit', '--no-fund']);
    edited.push('package-lock.json');
  } else {
    const link = (pkg: string, target: string) => {
      const linkPath = at('node_modules', '@campus', pkg);
      if (!fs.existsSync(linkPath)) fs.symlinkSync(path.join('..', '..', target), linkPath);
    };
    link(`${name}-service`, path.join('services', name));
    if (!frontendExists) link(`${name}-web`, path.join('frontends', name));
  }
  const bin = (tool: string) => at('node_modules', '.bin', tool);
  log('drizzle-kit generate (the first migration)');
  run(root, bin('drizzle-kit'), ['generate', '--name', 'init'], service());
  for (const dir of fs.readdirSync(service('migrations'), { recursive: true, encoding: 'utf8' }))
    if (fs.statSync(service('migrations', dir)).isFile()) written.push(rel(service('migrations', dir)));
  log('npm run topology, npm run docs:config');
  run(root, bin('tsx'), ['scripts/generate-topology.ts']);
  edited.push('infra/rabbitmq/definitions.json');
  run(root, bin('tsx'), ['scripts/generate-configuration-doc.ts']);
  edited.push('docs/configuration.md');
  run(root, bin('prettier'), [
    '--write',
    '--log-level',
    'warn',
    ...[...written, ...edited].filter((f) => /\.(ts|tsx|json|md)$/.test(f) && f !== 'package-lock.json'),
  ]);

  const next = [
    `Shape services/${name}: its rules (src/domain), data (src/data/schema.ts, then \`npm run db:generate -w services/${name}\`), routes and tests.`,
    `Events: add what it emits to packages/contracts/src/events.ts and to \`produces\`; what it consumes to \`consumes\` and its handlers; then \`npm run topology\`.`,
    frontendExists
      ? `frontends/${name} was kept: replace its placeholder screens with the real ones.`
      : `Add /${name} to the nav bar (shell/src/layout/nav-bar.tsx) if it is a top-level screen.`,
    `Write the domain into DESIGN.md's tables (§1 services, §6 events) and ${rel(docFile)}.`,
    ...(options.install === false
      ? ['Run `npm install` so package-lock.json records the new workspaces.']
      : []),
  ];
  return { names, written, edited, kept, next };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
